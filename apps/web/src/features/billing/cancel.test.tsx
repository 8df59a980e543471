import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planUsage } from '../../test/billing-fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { bodiesSent, callOrder, mockBillingApi, openBilling } from './test/billing-setup.ts';

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

const cancelled = planUsage({ status: 'non_renewing', end_date: '2026-12-21T10:00:00.000Z' });

async function openCancel(extra: Parameters<typeof mockBillingApi>[0] = {}) {
  let done = false;
  const requests = mockBillingApi({
    getPlanUsage: () => ({ body: done ? cancelled : planUsage() }),
    submitChurnFeedback: { body: { success: true } },
    cancelSubscription: () => {
      done = true;
      return { body: { subscriptionDetails: cancelled.subscriptionDetails } };
    },
    ...extra,
  });
  openBilling();
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('cancel-subscription'));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
  return { requests, user, dialog };
}

describe('Cancel subscription', () => {
  it('states what happens, needs a reason, then sends the reasons and cancels', async () => {
    const { requests, user, dialog } = await openCancel();
    expect(within(dialog).getByTestId('cancel-terms')).toHaveTextContent(
      'Your plan stays active until Dec 21, 2026. After that, new connections and invitations stop; your connected accounts and their data are kept.',
    );
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(await within(dialog).findByTestId('reason-error')).toHaveTextContent('Choose a reason');
    expect(callOrder(requests, ['submitChurnFeedback', 'cancelSubscription'])).toEqual([]);

    await user.click(await within(dialog).findByRole('radio', { name: 'It is too expensive' }));
    await user.type(within(dialog).getByTestId('churn-text'), 'We only need five accounts');
    await user.click(within(dialog).getByTestId('confirm-cancel'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callOrder(requests, ['submitChurnFeedback', 'cancelSubscription'])).toEqual([
      'submitChurnFeedback',
      'cancelSubscription',
    ]);
    const [feedback] = bodiesSent(requests, 'submitChurnFeedback');
    expect(feedback?.get('reason')).toBe('too_expensive');
    expect(feedback?.get('payload')).toBe('We only need five accounts');
    expect(await screen.findByTestId('billing-status')).toHaveTextContent(
      'Your plan ends on Dec 21, 2026',
    );
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
  });

  it('a failed cancel says so and a retry does not send the reasons twice', async () => {
    let fail = true;
    const { requests, user, dialog } = await openCancel({
      cancelSubscription: () =>
        fail
          ? {
              status: 502,
              body: {
                error: { code: 'BAD_GATEWAY', message: 'The payment provider did not answer.' },
              },
            }
          : { body: { subscriptionDetails: cancelled.subscriptionDetails } },
    });
    await user.click(await within(dialog).findByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(await within(dialog).findByTestId('cancel-error')).toHaveTextContent(
      'The subscription was not cancelled: The payment provider did not answer.',
    );
    fail = false;
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callOrder(requests, ['submitChurnFeedback', 'cancelSubscription'])).toEqual([
      'submitChurnFeedback',
      'cancelSubscription',
      'cancelSubscription',
    ]);
  });

  it('offers a smaller plan instead, which opens Customize', async () => {
    const { requests, user, dialog } = await openCancel();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to a smaller plan' }));
    expect(await screen.findByRole('heading', { name: 'Customize your plan' })).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'cancelSubscription')).toBe(false);
  });
});
