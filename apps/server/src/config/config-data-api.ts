import { DATA_API_ENVIRONMENTS, DATA_API_PREFIX, findConnectorByName } from '@gds/contract';
import type { DataApiEnvironment } from '@gds/contract';

/** The data API's settings (DATA_API_*), validated at start. */
export interface DataApiConfig {
  /** DATA_API_BASE_URLS: where each environment serves the data API. */
  baseUrls: Partial<Record<DataApiEnvironment, string>>;
  /** Rows per page of a poll. */
  pageSize: number;
  /** An identical request within this long is answered from the stored result. */
  freshnessMs: number;
  /** How long a result is kept before the purge. */
  resultTtlMs: number;
  /** Tries of one job before it fails (rate limits and outages are retried). */
  maxAttempts: number;
  /** First back-off after a rate limit or outage; doubles each try. */
  retryBaseMs: number;
  /** Data API calls allowed per connector grant per minute. */
  perMinute: number;
  /** DATA_API_TEAM_RATE_LIMIT_PER_MINUTE: calls per team (all its grants) per minute. */
  teamPerMinute: number;
  /** DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE: jobs started per account per minute. */
  accountJobsPerMinute: number;
  /** How often each instance looks for queued jobs. */
  workerIntervalMs: number;
  /** DATA_REQUEST_RETENTION_DAYS: the data request log keeps this many days, then the purge. */
  requestRetentionDays: number;
  /** REPORT_DAYS_RETENTION_DAYS: stored report days fetched longer ago than this are purged. */
  reportDaysRetentionDays: number;
  /** REPORT_DAYS_MAX_PER_TEAM: stored report days a team keeps; the oldest go past it. */
  reportDaysMaxPerTeam: number;
}

/** The Looker Studio connector: its OAuth client and where its deployments are created. */
export interface LookerStudioConfig {
  /** LOOKER_STUDIO_CLIENT_ID/SECRET; undefined: the authorization server knows no client. */
  client: { clientId: string; clientSecret: string; redirectUris: readonly string[] } | undefined;
  /** LOOKER_STUDIO_CREATE_URL: the connector-creation URL base, a deployment id is appended. */
  createUrl: string;
  /** LOOKER_STUDIO_DEPLOYMENTS: the Apps Script deployment id per connector nameSimple. */
  deployments: Readonly<Record<string, string>>;
}

export const DEFAULT_LOOKER_STUDIO_CREATE_URL =
  'https://lookerstudio.google.com/datasources/create?connectorId=';

/** "production=https://…,patch=https://…"; production defaults to this server's own. */
export function parseDataApiBaseUrls(
  value: string | undefined,
  publicUrl: string,
): Partial<Record<DataApiEnvironment, string>> {
  const urls: Partial<Record<DataApiEnvironment, string>> = {
    production: `${publicUrl}${DATA_API_PREFIX}`,
  };
  for (const entry of splitList(value)) {
    const [name = '', url = ''] = splitPair(entry);
    if (!(DATA_API_ENVIRONMENTS as readonly string[]).includes(name)) {
      throw new Error(
        `"${name}" is not an environment; use ${DATA_API_ENVIRONMENTS.join(', ')} (e.g. patch=https://patch.example.com/api/data/v1)`,
      );
    }
    urls[name as DataApiEnvironment] = httpsUrl(url, name).replace(/\/+$/, '');
  }
  return urls;
}

/** "google-ads=AKfycb…,facebook-ads=AKfycb…": a deployment id per connector. */
export function parseDeployments(value: string | undefined): Record<string, string> {
  const deployments: Record<string, string> = {};
  for (const entry of splitList(value)) {
    const [name = '', id = ''] = splitPair(entry);
    if (!findConnectorByName(name)) throw new Error(`"${name}" is not a connector's nameSimple`);
    if (!/^[\w-]{10,200}$/.test(id)) {
      throw new Error(`the deployment id of ${name} must be an Apps Script deployment id`);
    }
    deployments[name] = id;
  }
  return deployments;
}

/**
 * The Apps Script OAuth2 library returns to https://script.google.com/macros/d/{SCRIPT_ID}/usercallback;
 * extra redirect URIs (LOOKER_STUDIO_REDIRECT_URIS) serve a local harness.
 */
export function lookerStudioRedirectUris(scriptIds: string | undefined, extra: string | undefined) {
  const uris = splitList(scriptIds).map((id) => {
    if (!/^[\w-]{10,200}$/.test(id)) throw new Error(`"${id}" is not an Apps Script script id`);
    return `https://script.google.com/macros/d/${id}/usercallback`;
  });
  for (const uri of splitList(extra)) uris.push(httpsUrl(uri, 'a redirect URI'));
  return uris;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function splitPair(entry: string): [string, string] {
  const at = entry.indexOf('=');
  if (at < 1) throw new Error(`"${entry}" must be name=value`);
  return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
}

/** https, or http on this machine (a harness or a local stand-in). */
function httpsUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what}: "${value}" is not a URL`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error(`${what}: "${value}" must be an https:// URL (http:// only on localhost)`);
  }
  return value;
}
