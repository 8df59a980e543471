import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The Billing screens' server state, one key each; every key starts with 'billing'. */
export const BILLING_KEYS = {
  all: ['billing'],
  planUsage: ['billing', 'planUsage'],
  plans: ['billing', 'plans'],
  addons: ['billing', 'addons'],
  invoices: ['billing', 'invoices'],
  nextBilling: ['billing', 'nextBilling'],
  churnReasons: ['billing', 'churnReasons'],
  estimate: ['billing', 'estimate'],
} as const satisfies Record<string, QueryKey>;

/**
 * A confirmed plan change moves limits everywhere: the connectors a team may connect, its
 * seats, its account limit, the next invoice. Every cached answer may depend on the plan, so
 * all of them are refetched (screens on view at once, the others when next opened).
 */
export function refreshAfterPlanChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}
