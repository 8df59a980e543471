import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS } from './analytics-events.ts';

describe('analytics events', () => {
  it('names every event "GDS - …" with its category', () => {
    expect(
      Object.fromEntries(
        Object.entries(ANALYTICS_EVENTS).map(([key, event]) => [
          key,
          `${event.category}: ${event.name}`,
        ]),
      ),
    ).toEqual({
      connectorSelect: 'click: GDS - Connector Select',
      connectorDeselect: 'click: GDS - Connector Deselect',
      accountsChanged: 'click: GDS - Accounts Changed',
      usersChanged: 'click: GDS - Users Changed',
      contactSupport: 'click: GDS - Contact Support',
      customizePlan: 'billing: GDS - Customize Plan',
      billingPeriodToggle: 'billing: GDS - Billing Period Toggle',
      checkout: 'billing: GDS - Checkout',
      cancelSubscription: 'billing: GDS - Cancel Subscription',
    });
  });
});
