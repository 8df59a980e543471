import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { CONNECTORS } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import type {
  Provider,
  ProviderDirectory,
} from '../../src/modules/providers/provider-directory.ts';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';
import { createReportFetchers } from '../../src/modules/reports/report-fetchers.ts';
import type { ReportFetchersDeps } from '../../src/modules/reports/report-fetchers.ts';
import type { ReportFetcher, ReportRequest } from '../../src/modules/reports/report-fetcher.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** A recorded answer in the provider's documented shape. */
export const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

export interface Recorded {
  status?: number;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export const json = (
  name: string,
  status = 200,
  headers: Record<string, string> = {},
): Recorded => ({
  status,
  body: fixture(name),
  headers: { 'content-type': 'application/json', ...headers },
});

/** A zip holding one file, as Microsoft delivers report files (the recorded CSV inside). */
export function zipOf(name: string, content: string): Buffer {
  return Buffer.from(zipSync({ [name]: new TextEncoder().encode(content) }));
}

export interface SentRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * Fetchers talking to the real providers' addresses, answered from a script of recorded
 * answers in order; every request is kept for the test to read. A call past the script fails
 * the test.
 */
export function recordedFetchers(
  script: Recorded[],
  options: { timeoutMs?: number; onCall?: ReportFetchersDeps['onCall'] } = {},
) {
  const { fetch, sent, left } = recordedFetch(script);
  const providers: ProviderDirectory = {
    find: (id) => recordedProvider(CONNECTORS.find((c) => c.id === id)?.nameSimple ?? ''),
  };
  const fetchers = createReportFetchers({
    definitions: FETCHER_DEFINITIONS,
    providers,
    timeoutMs: options.timeoutMs ?? 2_000,
    poll: { intervalMs: 1, attempts: 5 },
    fetch,
    ...(options.onCall ? { onCall: options.onCall } : {}),
  });
  return { fetchers, providers, sent, left };
}

/** A connector's real provider, with recorded registration values. */
export function recordedProvider(nameSimple: string): Provider | undefined {
  const connector = CONNECTORS.find((c) => c.nameSimple === nameSimple);
  const api = connector ? providerApiOf(connector) : undefined;
  if (!connector || !api) return undefined;
  return {
    connector,
    sandbox: false,
    api,
    clientId: 'recorded-client-id',
    clientSecret: 'recorded-client-secret',
    values: { clientId: 'recorded-client-id', developerToken: 'recorded-developer-token' },
  };
}

/**
 * A fetch answering from a script of recorded answers in order; every request is kept for
 * the test to read. A call past the script fails the test.
 */
export function recordedFetch(script: Recorded[]) {
  const sent: SentRequest[] = [];
  const queue = [...script];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    });
    const next = queue.shift();
    if (!next) return Promise.reject(new Error(`no recorded answer for ${url.pathname}`));
    const response = new Response(next.body, {
      status: next.status ?? 200,
      headers: next.headers ?? {},
    });
    Object.defineProperty(response, 'url', { value: url.toString() });
    return Promise.resolve(response);
  };
  return { fetch, sent, left: () => queue.length };
}

/** The fetcher of a connector, or a failed test. */
export function fetcherOf(fetchers: { find(c: string): ReportFetcher | undefined }, name: string) {
  const fetcher = fetchers.find(name);
  if (!fetcher) throw new Error(`no fetcher for ${name}`);
  return fetcher;
}

export const TOKEN = 'ya29.recorded-access-token-value';

export const requestFor = (
  externalId: string,
  fields: readonly string[],
  more: Partial<ReportRequest> = {},
): ReportRequest => ({
  // Microsoft's customer, as discovery stores it (other providers need no detail).
  account: {
    externalId,
    name: 'Recorded account',
    currency: 'EUR',
    details: { customerId: '250012345' },
  },
  fields,
  dateRange: { start: '2024-03-01', end: '2024-03-02' },
  filters: [],
  accessToken: TOKEN,
  signal: AbortSignal.timeout(5_000),
  ...more,
});
