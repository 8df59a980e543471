import type { SandboxProviderControl } from './sandbox-control.ts';
import type { SandboxConnector } from './sandbox-deps.ts';

/** One call to a sandbox reporting API, after its token was checked. */
export interface SandboxReportCall {
  connector: SandboxConnector;
  method: string;
  /** The path below the reporting base, as the provider documents it (`customers/1/googleAds:search`). */
  path: string;
  query: URLSearchParams;
  /** Request headers, lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The JSON body, when one was sent. */
  body: unknown;
  /** The account ids the caller's grant reaches. */
  accounts: ReadonlySet<string>;
  /** The reporting base's public address (for next-page and download links). */
  base: string;
  /** Signs what the sandbox hands out (Microsoft's download addresses). */
  sign: (text: string) => string;
  /** The sandbox clock (ms): which days have figures, and how settled they are. */
  now: number;
  /**
   * Real time (ms), for how long a report takes to prepare: a test that stops the sandbox
   * clock must not hold a report in preparation forever.
   */
  realNow: number;
  /** The providers' quotas, spent as calls come (GA4's tokens). */
  quota: Pick<SandboxProviderControl, 'spendQuota' | 'ga4Quota'>;
}

/** What a sandbox reporting API answers: JSON, or a file. */
export interface SandboxReportAnswer {
  status?: number;
  json?: unknown;
  file?: { bytes: Buffer; type: string };
}

/** A provider's reporting API in the sandbox. */
export interface SandboxReportApi {
  /** Paths answered without a token (signed download addresses). */
  publicPath?: RegExp;
  answer(call: SandboxReportCall): SandboxReportAnswer;
}

/** Google-style error answers, which every fetcher reads the reason of. */
export const errorAnswer = (status: number, message: string): SandboxReportAnswer => ({
  status,
  json: { error: { code: status, message } },
});

export const noSuchPath = (call: SandboxReportCall) =>
  errorAnswer(404, `The sandbox ${call.connector.name} has no report at ${call.path}.`);

/** An account the login was not granted: the provider's permission error. */
export const notYours = (account: string) =>
  errorAnswer(403, `The caller does not have permission to read account ${account}.`);

/** Days from start to end, both included (YYYY-MM-DD); undefined when not a valid range. */
export function rangeDays(start: unknown, end: unknown, maxDays = 1200): string[] | undefined {
  const valid = (d: unknown): d is string =>
    typeof d === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(d) &&
    !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if (!valid(start) || !valid(end)) return undefined;
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  const count = Math.round((to - from) / 864e5) + 1;
  if (count < 1 || count > maxDays) return undefined;
  return Array.from({ length: count }, (_, i) =>
    new Date(from + i * 864e5).toISOString().slice(0, 10),
  );
}

/** An opaque page token holding an offset (the sandbox keeps no state between pages). */
export const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

export function readPageToken(token: unknown): number {
  if (typeof token !== 'string') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
}
