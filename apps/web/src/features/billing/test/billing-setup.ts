import { vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import {
  addonsBody,
  churnReasonsBody,
  invoice,
  planUsage,
  plansBody,
} from '../../../test/billing-fixtures.ts';
import { sessionUser, signedInRoutes, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type EndpointName, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

export const BILL = { edit_billing: true };

/** Every start-up call, the Billing screen's own calls for an active plan, and `extra`. */
export function mockBillingApi(
  extra: MockRoutes = {},
  permissions: Record<string, boolean> = BILL,
) {
  return mockApi({
    ...signedInRoutes({ body: teamInfo(permissions) }),
    getPlanUsage: { body: planUsage() },
    getPlans: { body: plansBody },
    getAddons: { body: addonsBody },
    getInvoices: {
      body: {
        invoices: [
          invoice('2', '2026-11-21T10:00:00.000Z'),
          invoice('1', '2026-10-21T10:00:00.000Z', { total: 1999 }),
        ],
        payments: [],
      },
    },
    estimateNextBillingAmount: {
      body: { amount: 2999, currency: 'USD', date: '2026-12-21T10:00:00.000Z' },
    },
    getChurnReasons: { body: churnReasonsBody },
    updateSubscriptionWebhookStatus: { body: { success: true } },
    confirmCheckout: {
      body: { outcome: 'succeeded', subscriptionDetails: planUsage().subscriptionDetails },
    },
    ...extra,
  });
}

/** Signs in with these permissions and opens Billing (or another address). */
export function openBilling(path = '/billing', permissions: Record<string, boolean> = BILL) {
  useAppStore.getState().setUser(sessionUser(permissions));
  return renderApp(path);
}

/** Replaces window.location.assign so leaving for the provider's page can be seen. */
export function watchLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** The form bodies sent to one endpoint, decoded. */
export function bodiesSent(
  requests: ReadonlyArray<{ endpoint: EndpointName | null; body: string }>,
  name: EndpointName,
): URLSearchParams[] {
  return requests.filter((r) => r.endpoint === name).map((r) => new URLSearchParams(r.body));
}

/** The endpoints called, in order, among `names`. */
export function callOrder(
  requests: ReadonlyArray<{ endpoint: EndpointName | null }>,
  names: readonly EndpointName[],
): EndpointName[] {
  return requests
    .map((r) => r.endpoint)
    .filter((name): name is EndpointName => name !== null && names.includes(name));
}
