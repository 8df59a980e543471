import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateBody, planUsage } from '../../test/billing-fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { mockBillingApi, openBilling, watchLeaving } from './test/billing-setup.ts';

beforeEach(async () => {
  await resetStores();
  delete window.dataLayer;
});
afterEach(() => vi.unstubAllGlobals());

/** The 'GDS -' events pushed so far, in order. */
function gdsEvents(): unknown[] {
  return (window.dataLayer ?? []).filter((entry) =>
    String((entry as { event?: unknown }).event).startsWith('GDS -'),
  );
}

/** One event as GTM reads it: the name is both the trigger and the action. */
const billing = (name: string, label: string) => ({
  event: name,
  eventCategory: 'billing',
  eventAction: name,
  eventLabel: label,
});

describe("The 'GDS -' billing events", () => {
  it('period toggle, then customize plan and checkout on Checkout', async () => {
    watchLeaving();
    mockBillingApi({
      estimatePlan: { body: estimateBody() },
      customizePlan: { body: { hostedPageUrl: 'https://pay.example/checkout/9' } },
    });
    openBilling('/billing?view=customize');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Annual/ }));
    expect(gdsEvents()).toEqual([billing('GDS - Billing Period Toggle', 'year')]);
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    await user.click(screen.getByTestId('checkout'));
    await waitFor(() =>
      expect(gdsEvents()).toEqual([
        billing('GDS - Billing Period Toggle', 'year'),
        billing('GDS - Customize Plan', 'year'),
        billing('GDS - Checkout', 'year'),
      ]),
    );
  });

  it('cancel subscription once the cancellation is done', async () => {
    const ending = planUsage({ status: 'non_renewing', end_date: '2026-12-21T10:00:00.000Z' });
    mockBillingApi({
      submitChurnFeedback: { body: { success: true } },
      cancelSubscription: { body: { subscriptionDetails: ending.subscriptionDetails } },
    });
    openBilling();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cancel-subscription'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Something else' }));
    expect(gdsEvents()).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() =>
      expect(gdsEvents()).toEqual([billing('GDS - Cancel Subscription', 'basic-plan')]),
    );
  });
});
