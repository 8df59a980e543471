import { findConnectorByName } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';

/**
 * The reporting time zone and currency of a sandbox account. Real accounts differ: a GA4
 * property reports in its own zone, a Google Ads customer in its, and amounts come in the
 * account's currency. So, where the connector stores the account's zone (its listing or its
 * details lookup reads one, or Google Ads' customer_client query does), the sandbox's accounts
 * cycle through the zones below by their number: the first in New York, the second in London,
 * the third in Sydney (a day ahead of UTC for half of it), … Their days start at midnight in
 * that zone. Every other connector's accounts report in New York time, in US dollars.
 */

export interface SandboxLocale {
  timeZone: string;
  currency: string;
}

/** Where a connector's accounts carry no zone of their own, and the first of the cycle. */
export const DEFAULT_LOCALE: SandboxLocale = { timeZone: 'America/New_York', currency: 'USD' };

const LOCALES: readonly SandboxLocale[] = [
  DEFAULT_LOCALE,
  { timeZone: 'Europe/London', currency: 'GBP' },
  { timeZone: 'Australia/Sydney', currency: 'AUD' },
  { timeZone: 'America/Los_Angeles', currency: 'USD' },
  { timeZone: 'Europe/Berlin', currency: 'EUR' },
];

/** Google Ads reads each customer's zone in a query of its own, not through a lookup. */
const ZONED_BY_QUERY = new Set(['google-ads']);

const zoned = new Map<string, boolean>();

/** Whether the connector stores its accounts' time zones (so they may differ). */
function storesZone(connector: string): boolean {
  let known = zoned.get(connector);
  if (known === undefined) {
    const found = findConnectorByName(connector);
    const api = found ? providerApiOf(found) : undefined;
    known =
      ZONED_BY_QUERY.has(connector) ||
      'timeZone' in (api?.accounts.details ?? {}) ||
      'timeZone' in (api?.accountDetails?.details ?? {});
    zoned.set(connector, known);
  }
  return known;
}

/** The account's number: its id ends in it (`…-3`, Meta's `act_…-3`); a manager has none. */
const numberOf = (account: string): number | undefined => {
  const found = /-(\d+)$/.exec(account);
  return found ? Number(found[1]) : undefined;
};

/** The zone and currency of a connector's account, fixed for the account. */
export function sandboxLocale(connector: string, account: string): SandboxLocale {
  const n = numberOf(account);
  if (n === undefined || n < 1 || !storesZone(connector)) return DEFAULT_LOCALE;
  return LOCALES[(n - 1) % LOCALES.length] ?? DEFAULT_LOCALE;
}
