import { CONNECTORS } from '@gds/contract';
import type { ProviderDirectory } from '../providers/provider-directory.ts';
import type { FetcherDefinition, PollSettings } from './define-fetcher.ts';
import { defineFetcher } from './define-fetcher.ts';
import type { ReportFetcher, ReportFetchers } from './report-fetcher.ts';
import { createReportHttp, type ReportHttpDeps } from './report-http.ts';

export interface ReportFetchersDeps {
  providers: ProviderDirectory;
  /** Longest wait for one provider call, in ms (CONNECTOR_TIMEOUT_MS). */
  timeoutMs: number;
  /** How asynchronous reports are polled; default every 2 s, 60 times. */
  poll?: Partial<PollSettings>;
  /** Tests inject a fetch that serves recorded answers. */
  fetch?: typeof globalThis.fetch;
  /** Told of every call made to a provider (the instance's metrics count them). */
  onCall?: ReportHttpDeps['onCall'];
  /** Each connector's definition (`FETCHER_DEFINITIONS` of modules/report-connectors). */
  definitions: readonly FetcherDefinition[];
}

const DEFAULT_POLL: PollSettings = { intervalMs: 2_000, attempts: 60 };

/**
 * The fetchers of every connector this server can call: one per connector with a provider
 * (real, or the sandbox in demo mode) and a definition. Looked up by the connector's
 * nameSimple.
 */
export function createReportFetchers(deps: ReportFetchersDeps): ReportFetchers {
  const http = createReportHttp({
    timeoutMs: deps.timeoutMs,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.onCall ? { onCall: deps.onCall } : {}),
  });
  const poll = { ...DEFAULT_POLL, ...deps.poll };
  const definitions = new Map(deps.definitions.map((d) => [d.connector, d]));
  const fetchers = new Map<string, ReportFetcher>();
  for (const connector of CONNECTORS) {
    const definition = definitions.get(connector.nameSimple);
    const provider = deps.providers.find(connector.id);
    if (!definition || !provider?.api.reports) continue;
    fetchers.set(
      connector.nameSimple,
      defineFetcher(definition, connector, provider, { http, poll }),
    );
  }
  return { find: (connector) => fetchers.get(connector) };
}
