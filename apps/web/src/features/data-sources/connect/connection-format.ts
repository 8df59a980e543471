import type { ConnectorCategory } from '@gds/contract';

export const CATEGORY_LABELS: Record<ConnectorCategory, string> = {
  analytics: 'Analytics',
  advertising: 'Advertising',
  social: 'Social',
  crm: 'CRM',
  email: 'Email',
  'call-tracking': 'Call tracking',
  ecommerce: 'E-commerce',
  local: 'Local',
};

/** Accounts a connection found but did not add because the plan's account limit was reached. */
export function skippedAccountsMessage(count: number): string {
  const n = count.toLocaleString('en-US');
  return count === 1
    ? `${n} account was not added because your plan's account limit was reached.`
    : `${n} accounts were not added because your plan's account limit was reached.`;
}
