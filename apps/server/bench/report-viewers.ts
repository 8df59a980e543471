import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { DATA_API_PREFIX } from '@gds/contract';
import { refreshBenchGrant } from './connector-authorization.ts';
import type { BenchGrant } from './connector-authorization.ts';
import { statCpuMs } from './process-stats.ts';

/**
 * The report's viewers, in a worker thread of their own: Looker Studio runs each chart in an
 * Apps Script execution on Google's machines, so the viewers' side (sending, waiting, reading
 * every page) must not take turns with the server on its thread. Before, it did, and every
 * phase's times held the viewers' work as well as the server's.
 */

/** How long a viewer waits between polls when the server names no time. */
const DEFAULT_RETRY_MS = 250;
/** How long the connector holds an account's field list for charts (CHART_FIELDS_SECONDS). */
const CHART_FIELDS_MS = 3600 * 1000;

export interface ChartLoad {
  chart: number;
  ms: number;
  /**
   * The schema call's own time, or null when the connector held the account's fields (it
   * reads them for a chart once an hour, in the user cache its executions share).
   */
  schemaMs: number | null;
  jobIds: string[];
  error?: string;
  lostGrant: boolean;
}

/** What the viewers open: every load is one chart (its field list) of one account. */
export interface ViewersTask {
  base: string;
  grant: BenchGrant;
  /** The account's connector (nameSimple) and id. */
  account: { connector: string; id: string };
  charts: readonly (readonly string[])[];
  loads: number;
  range: { startDate: string; endDate: string };
  /** The bench's clock (ms): what the connector's held field list lapses by. */
  now: number;
  /** Opened by someone whose connector holds no field list yet (its own user cache). */
  fieldsNotHeld: boolean;
}

/** The loads, and the grant as the viewers left it (renewed or not). */
export interface ViewersResult {
  loads: ChartLoad[];
  grant: BenchGrant;
}

/**
 * The viewers' thread, started once for every phase: a new thread per phase would open the
 * warm phases with code not yet compiled, and measure that. `open` runs one phase's loads
 * (load i is chart i modulo the charts); phases run one at a time.
 */
export function startViewers() {
  const worker = new Worker(new URL('./report-viewers-thread.mjs', import.meta.url));
  let failed: Error | undefined;
  worker.on('error', (error) => {
    failed = error;
  });
  return {
    open(task: ViewersTask): Promise<ViewersResult> {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        worker.once('error', onError);
        worker.once('message', (result: ViewersResult) => {
          worker.off('error', onError);
          resolve(result);
        });
        worker.postMessage(task);
      });
    },
    close: () => worker.terminate(),
  };
}

/**
 * The main thread's CPU time so far, ms (Linux: /proc/self/task/<pid>/stat, ticks of 10 ms):
 * the server's event loop, without the viewers' thread. Elsewhere the whole process's.
 */
export function serverThreadCpuMs(): number {
  try {
    return statCpuMs(`/proc/self/task/${process.pid}/stat`);
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // The connector's user cache: viewers of a report shared with the owner's credentials run
  // as one person, so they share it, as they share the grant. Account id → held until.
  const heldFields = new Map<string, number>();
  port.on('message', (task: ViewersTask) => {
    if (task.fieldsNotHeld) heldFields.clear();
    const grant = sharedGrant(task.base, task.grant);
    const fields = {
      held: () => (heldFields.get(task.account.id) ?? 0) > task.now,
      hold: () => heldFields.set(task.account.id, task.now + CHART_FIELDS_MS),
    };
    void Promise.all(
      Array.from({ length: task.loads }, (_, i) => {
        const index = i % task.charts.length;
        const chart = { index, fields: task.charts[index] ?? [] };
        return loadChart(task.base, grant, fields, task.account, chart, task.range);
      }),
    ).then((loads) => port.postMessage({ loads, grant: grant.current() } satisfies ViewersResult));
  });
}

/**
 * The viewers' one grant: its access token, renewed once by whichever viewer first meets it
 * lapsed, as the connector does; the others wait for that renewal rather than racing it (a
 * refresh token is good for one use).
 */
function sharedGrant(base: string, initial: BenchGrant) {
  let current = initial;
  let renewing: Promise<void> | undefined;
  return {
    token: () => current.accessToken,
    current: () => current,
    renew(lapsed: string): Promise<void> {
      if (current.accessToken !== lapsed) return Promise.resolve();
      renewing ??= refreshBenchGrant(base, current.refreshToken)
        .then((next) => {
          current = next;
        })
        .finally(() => {
          renewing = undefined;
        });
      return renewing;
    },
  };
}

type SharedGrant = ReturnType<typeof sharedGrant>;

/**
 * One viewer's chart as the sample connector's getData runs it: read the account's schema
 * unless held, POST the job, poll until done as told, read every page (a done start carries
 * the first).
 */
async function loadChart(
  base: string,
  grant: SharedGrant,
  fields: { held: () => boolean; hold: () => void },
  account: ViewersTask['account'],
  chart: { index: number; fields: readonly string[] },
  dateRange: { startDate: string; endDate: string },
): Promise<ChartLoad> {
  const started = performance.now();
  const load: ChartLoad = {
    chart: chart.index,
    ms: 0,
    schemaMs: null,
    jobIds: [],
    lostGrant: false,
  };
  const call = async (url: string, init: RequestInit = {}) => {
    for (let attempt = 0; ; attempt += 1) {
      const token = grant.token();
      const response = await fetch(`${base}${DATA_API_PREFIX}${url}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 401) {
        if (response.status !== 200)
          throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
        return body;
      }
      // A lapsed access token is renewed once; a 401 that outlives the renewal lost the grant.
      if (attempt > 0) {
        load.lostGrant = true;
        throw new Error(`${url}: 401 after renewing the grant`);
      }
      await grant.renew(token).catch((error: unknown) => {
        load.lostGrant = true;
        throw error;
      });
    }
  };
  try {
    // Executions that start together all miss the cache, as on Apps Script.
    if (!fields.held()) {
      const schemaStarted = performance.now();
      await call(
        `/connectors/${account.connector}/schema?account=${encodeURIComponent(account.id)}`,
      );
      load.schemaMs = Math.round(performance.now() - schemaStarted);
      fields.hold();
    }
    const created = await call('/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: account.id,
        fields: chart.fields,
        dateRange,
        filters: [],
      }),
    });
    const jobId = String(created.jobId);
    load.jobIds.push(jobId);
    // A job a stored result answers comes back done with its first page, as the connector reads it.
    let first: Record<string, unknown> | null = created.state === 'done' ? created : null;
    let page: number | null = 1;
    while (page !== null) {
      const answer: Record<string, unknown> =
        first ?? (await call(`/jobs/${encodeURIComponent(jobId)}?page=${page}`));
      first = null;
      if (answer.state === 'failed') throw new Error(`job failed: ${String(answer.reason)}`);
      if (answer.state !== 'done') {
        await sleep(
          typeof answer.retryAfterMs === 'number' ? answer.retryAfterMs : DEFAULT_RETRY_MS,
        );
        continue;
      }
      page = typeof answer.nextPage === 'number' ? answer.nextPage : null;
    }
  } catch (error) {
    load.error = error instanceof Error ? error.message : String(error);
  }
  load.ms = Math.round(performance.now() - started);
  return load;
}
