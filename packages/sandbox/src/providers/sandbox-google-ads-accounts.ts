import type { FoundItem } from '@gds/contract/json-path';
import type { SandboxReportAnswer, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer, notYours } from './sandbox-report-api.ts';
import { sandboxLocale } from './sandbox-account-locale.ts';

/**
 * The sandbox's Google Ads account tree: a login's first account is reached directly; with
 * more, a manager account (also reached directly) holds the others. So demo mode walks a
 * manager's clients at connection time, and reading those clients needs the manager's id in
 * login-customer-id, as with real Google Ads logins.
 */
const managerOf = (accounts: readonly string[]) =>
  accounts.length > 1 ? `${accounts[0]}-mcc` : undefined;

/** What customers:listAccessibleCustomers lists: resource names of the directly reached. */
export function googleAdsAccessible(accounts: readonly FoundItem[]): FoundItem[] {
  const manager = managerOf(accounts.map((a) => a.id));
  const direct = [accounts[0]?.id, manager].filter((id) => id !== undefined);
  return direct.map((id) => ({ id: `customers/${id}`, name: `customers/${id}` }));
}

/** Google's refusal when a client is read without its manager's login-customer-id. */
const needsManager = () =>
  errorAnswer(
    403,
    "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
  );

/** Google's refusal of a report on `customer` not logged in as it must be; else undefined. */
export function googleAdsLoginRefusal(
  call: SandboxReportCall,
  customer: string,
): SandboxReportAnswer | undefined {
  const accounts = [...call.accounts];
  const login = call.headers['login-customer-id'];
  if (customer === accounts[0])
    return login === undefined || login === customer ? undefined : needsManager();
  return login === managerOf(accounts) ? undefined : needsManager();
}

/** The customer_client query on a directly reached customer: itself and every client below. */
export function googleAdsCustomerClients(
  call: SandboxReportCall,
  customer: string,
): SandboxReportAnswer {
  const accounts = [...call.accounts];
  const manager = managerOf(accounts);
  if (customer !== accounts[0] && customer !== manager) return notYours(customer);
  if (call.headers['login-customer-id'] !== customer) return needsManager();
  const row = (id: string, level: number, isManager: boolean) => ({
    customerClient: {
      resourceName: `customers/${customer}/customerClients/${id}`,
      clientCustomer: `customers/${id}`,
      id,
      level: String(level),
      manager: isManager,
      descriptiveName: isManager
        ? `${call.connector.name} demo manager`
        : `${call.connector.name} demo ${id.split('-').at(-1) ?? ''}`,
      // The zone the account's days are dated in, and its money's currency.
      currencyCode: sandboxLocale('google-ads', id).currency,
      timeZone: sandboxLocale('google-ads', id).timeZone,
    },
  });
  const results =
    customer === manager
      ? [row(manager, 0, true), ...accounts.slice(1).map((id) => row(id, 1, false))]
      : [row(customer, 0, false)];
  return {
    json: {
      results,
      fieldMask:
        'customerClient.id,customerClient.descriptiveName,customerClient.manager,customerClient.level,customerClient.currencyCode,customerClient.timeZone',
    },
  };
}
