import type { FoundItem } from './json-path.ts';
import type { Provider } from './provider-directory.ts';
import type { TemplateValues } from './provider-http.ts';
import { ProviderError, callProvider } from './provider-http.ts';

/**
 * Every client below a customer, at all levels, the customer itself at level 0 (Google Ads'
 * customer_client resource). Numbers arrive as strings in the REST answer (int64).
 */
export const CUSTOMER_CLIENTS_QUERY =
  'SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, ' +
  'customer_client.level, customer_client.currency_code FROM customer_client';

/** Bounds the pages of one customer's clients (10,000 rows a page). */
const MAX_PAGES = 20;

interface CustomerClientRow {
  customerClient?: {
    id?: string | number;
    descriptiveName?: string;
    manager?: boolean;
    currencyCode?: string;
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
  const direct = new Set(listed.map((item) => item.id.replace(RESOURCE_PREFIX, '')));
  const found = new Map<string, FoundItem>();
  const seen = new Set<string>();
  for (const seed of direct) {
    // A customer inside a manager read before was listed with that manager's clients.
    if (seen.has(seed)) continue;
    let rows: CustomerClientRow[];
    try {
      rows = await clientsOf(base, seed, values, signal);
    } catch (error) {
      // A customer the login can no longer read (cancelled, suspended) is left out, as Google
      // Ads' own account picker does; any other failure fails the connection.
      if (error instanceof ProviderError && error.status === 403) continue;
      throw error;
    }
    for (const row of rows) {
      const client = row.customerClient;
      const id = client?.id === undefined ? '' : String(client.id);
      if (!/^[\w-]+$/.test(id)) continue;
      seen.add(id);
      if (client?.manager === true || found.has(`${RESOURCE_PREFIX}${id}`)) continue;
      const details: Record<string, string> = {};
      if (!direct.has(id)) details.loginCustomerId = seed;
      if (client?.currencyCode) details.currency = client.currencyCode;
      const name = client?.descriptiveName?.trim() || id;
      found.set(`${RESOURCE_PREFIX}${id}`, {
        id: `${RESOURCE_PREFIX}${id}`,
        name: name.slice(0, 200),
        details,
      });
    }
    // An answer without the customer itself: it is read as the plain account it was listed as.
    if (!seen.has(seed)) {
      seen.add(seed);
      const id = `${RESOURCE_PREFIX}${seed}`;
      if (!found.has(id)) found.set(id, { id, name: seed, details: {} });
    }
  }
  return [...found.values()];
}

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
