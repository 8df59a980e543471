import { setTimeout as sleep } from 'node:timers/promises';
import type { FetchContext } from './define-fetcher.ts';
import { ReportError } from './report-fetcher.ts';

/**
 * Asks until a provider's asynchronous report is ready (Microsoft's PollGenerateReport,
 * Amazon's report status), a bounded number of times: a report that never finishes becomes
 * 'unavailable' for the data API to retry later, never a job that hangs.
 */
export async function pollUntilReady<T>(
  context: Pick<FetchContext, 'poll' | 'connector' | 'request'>,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const { intervalMs, attempts } = context.poll;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const ready = await check();
    if (ready !== undefined) return ready;
    await sleep(intervalMs, undefined, { signal: context.request.signal });
  }
  throw new ReportError(
    'unavailable',
    `${context.connector.name} is still preparing the report after ${Math.round((intervalMs * attempts) / 1000)} seconds. Try again in a few minutes.`,
  );
}
