import type { FoundItem } from '@gds/contract/json-path';
import type { Provider } from './provider-directory.ts';
import type { TemplateValues } from './provider-http.ts';
import { inTurns } from '../../lib/in-turns.ts';
import { ProviderError, callProvider } from './provider-http.ts';

/**
 * Every client below a customer, at all levels, the customer itself at level 0 (Google Ads'
 * customer_client resource, with each client's currency and reporting time zone:
 * https://developers.google.com/google-ads/api/fields/v20/customer_client). Numbers arrive as
 * strings in the REST answer (int64).
 */
export const CUSTOMER_CLIENTS_QUERY =
  'SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, ' +
  'customer_client.level, customer_client.currency_code, customer_client.time_zone ' +
  'FROM customer_client';

/** Bounds the pages of one customer's clients (10,000 rows a page). */
const MAX_PAGES = 20;

interface CustomerClientRow {
  customerClient?: {
    id?: string | number;
    descriptiveName?: string;
    manager?: boolean;
    currencyCode?: string;
    /** The customer's reporting time zone (IANA), which its report dates follow. */
    timeZone?: string;
  };
}

const RESOURCE_PREFIX = 'customers/';

/**
 * The accounts a Google Ads login can report on, from the customers it reaches directly
 * (listAccessibleCustomers): each one's clients are read through it, managers left out (they
 * have no metrics of their own). A client reached only through a manager keeps that
 * manager's id, which every call for it sends as login-customer-id; one the login reaches
 * directly needs none. Ids stay resource names (`customers/123`), as listing answers them.
 */
export async function googleAdsClientAccounts(
  provider: Provider,
  listed: FoundItem[],
  values: TemplateValues,
  signal: AbortSignal,
): Promise<FoundItem[]> {
  const base = provider.api.reports?.baseUrl;
  if (!base) throw new Error(`${provider.connector.name} has no reporting API`);
  const direct = [...new Set(listed.map((item) => item.id.replace(RESOURCE_PREFIX, '')))];
  // One connection has one deadline for all its calls: customers are read a few at a time.
  const trees = await inTurns(direct, CONCURRENT_CALLS, async (seed) => {
    try {
      return await clientsOf(base, seed, values, signal);
    } catch (error) {
      // A customer the login can no longer read (cancelled, suspended) is left out, as Google
      // Ads' own account picker does; any other failure fails the connection.
      if (error instanceof ProviderError && error.status === 403) return undefined;
      throw error;
    }
  });
  const found = new Map<string, FoundItem>();
  trees.forEach((rows, i) => {
    const seed = direct[i] ?? '';
    if (!rows) return;
    for (const client of rows.map((row) => row.customerClient)) {
      const id = client?.id === undefined ? '' : String(client.id);
      const key = `${RESOURCE_PREFIX}${id}`;
      if (!/^[\w-]+$/.test(id) || client?.manager === true || found.has(key)) continue;
      const details: Record<string, string> = {};
      if (!direct.includes(id)) details.loginCustomerId = seed;
      if (client?.currencyCode) details.currency = client.currencyCode;
      if (client?.timeZone) details.timeZone = client.timeZone;
      const name = client?.descriptiveName?.trim() || id;
      found.set(key, { id: key, name: name.slice(0, 200), details });
    }
    // An answer without the customer itself: it is read as the plain account it was listed as.
    const own = `${RESOURCE_PREFIX}${seed}`;
    if (!rows.some((row) => String(row.customerClient?.id) === seed) && !found.has(own)) {
      found.set(own, { id: own, name: seed, details: {} });
    }
  });
  return [...found.values()];
}

/** Calls at a time while reading customers' clients. */
const CONCURRENT_CALLS = 4;

/** One customer's clients through googleAds:search, logged in as that customer. */
async function clientsOf(
  base: string,
  customerId: string,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<CustomerClientRow[]> {
  const rows: CustomerClientRow[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = (await callProvider(
      {
        url: `${base}/customers/${encodeURIComponent(customerId)}/googleAds:search`,
        method: 'POST',
        headers: {
          Authorization: 'Bearer {accessToken}',
          'developer-token': '{developerToken}',
          'login-customer-id': '{loginCustomerId}',
        },
        jsonBody: { query: CUSTOMER_CLIENTS_QUERY, ...(pageToken ? { pageToken } : {}) },
      },
      { ...values, loginCustomerId: customerId },
      signal,
    )) as { results?: CustomerClientRow[]; nextPageToken?: string } | null;
    rows.push(...(answer?.results ?? []));
    pageToken = answer?.nextPageToken;
    if (!pageToken) break;
  }
  return rows;
}
