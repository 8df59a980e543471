import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateBody } from '../../test/billing-fixtures.ts';
import { holdRequests } from '../../test/hold-requests.ts';
import type { RecordedRequest } from '../../test/mock-api.ts';
import { resetStores } from '../../test/reset-stores.ts';
import {
  bodiesSent,
  callOrder,
  mockBillingApi,
  openBilling,
  watchLeaving,
} from './test/billing-setup.ts';

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

/** Prices the form's choice as the provider would: $3 per account above 20, GDS-PROMO 10 % off. */
function estimateReply(req: RecordedRequest) {
  const body = new URLSearchParams(req.body);
  const coupon = body.get('coupon');
  if (coupon && coupon !== 'GDS-PROMO') {
    return {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: `The coupon ${coupon} does not exist.`,
          field: 'coupon',
        },
      },
    };
  }
  return { body: estimateBody(Number(body.get('accounts')) - 20, coupon === 'GDS-PROMO') };
}

async function openCustomize(extra: Parameters<typeof mockBillingApi>[0] = {}) {
  const requests = mockBillingApi({ estimatePlan: estimateReply, ...extra });
  openBilling('/billing?view=customize');
  await screen.findByTestId('customize-form');
  await waitFor(() => expect(screen.getByTestId('due-today-total')).toHaveTextContent('$29.99'));
  return requests;
}

describe('Customize with a live price preview', () => {
  it('opens on the current plan and prices every change before anything is bought', async () => {
    const requests = await openCustomize();
    expect(screen.getByTestId('accounts-input')).toHaveValue('20');
    expect(screen.getByText(/20 included · \$3\.00 per extra account a month/)).toBeInTheDocument();
    const checkout = screen.getByTestId('checkout');
    expect(checkout).toBeDisabled();
    expect(screen.getByTestId('checkout-unchanged')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More accounts' }));
    await user.click(screen.getByRole('button', { name: 'More accounts' }));
    await waitFor(() => expect(screen.getByTestId('due-today-total')).toHaveTextContent('$35.99'));
    expect(screen.getByTestId('due-today')).toHaveTextContent('Extra Accounts · 2 × $3.00');
    expect(screen.getByTestId('per-period-total')).toHaveTextContent('Then every month$35.99');
    expect(checkout).toBeEnabled();
    // Two quick clicks are one question to the provider.
    const asked = bodiesSent(requests, 'estimatePlan').map((b) => b.get('accounts'));
    expect(asked).toEqual(['20', '22']);
    expect(requests.some((r) => r.endpoint === 'customizePlan')).toBe(false);
  });

  it('refuses a quantity outside the plan bounds and keeps the last good one', async () => {
    const requests = await openCustomize();
    const user = userEvent.setup();
    const users = screen.getByTestId('users-input');
    await user.clear(users);
    await user.type(users, '11');
    expect(await screen.findByText('Enter a whole number from 1 to 10.')).toBeInTheDocument();
    expect(users).toHaveAttribute('aria-invalid', 'true');
    await new Promise((done) => setTimeout(done, 500));
    expect(bodiesSent(requests, 'estimatePlan').map((b) => b.get('users'))).not.toContain('11');
  });

  it('shows a refused coupon beside the field and prices without it', async () => {
    const requests = await openCustomize();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('coupon-input'), 'NOPE-10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const error = await screen.findByTestId('coupon-error');
    expect(error).toHaveTextContent('The coupon NOPE-10 does not exist.');
    expect(screen.getByTestId('coupon-input')).toHaveAccessibleDescription(/does not exist/);
    expect(screen.queryByTestId('preview-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('due-today-total')).toHaveTextContent('$29.99');

    await user.clear(screen.getByTestId('coupon-input'));
    await user.type(screen.getByTestId('coupon-input'), 'GDS-PROMO{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('coupon-applied')).toHaveTextContent('GDS-PROMO — 10% off forever'),
    );
    await waitFor(() => expect(screen.getByTestId('due-today-total')).toHaveTextContent('$26.99'));
    expect(bodiesSent(requests, 'estimatePlan').at(-1)?.get('coupon')).toBe('GDS-PROMO');
  });

  it('annual shows its saving, and toggling re-prices for the year', async () => {
    const requests = await openCustomize();
    const toggle = screen.getByTestId('period-toggle');
    expect(within(toggle).getByText('Save 20%')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: /Annual/ }));
    await waitFor(() =>
      expect(bodiesSent(requests, 'estimatePlan').at(-1)?.get('period')).toBe('year'),
    );
    expect(await screen.findByText('Then every year')).toBeInTheDocument();
  });

  it('checks out once on a double click, marks the plan pending and leaves for the hosted page', async () => {
    const leave = watchLeaving();
    const requests = await openCustomize({
      customizePlan: { body: { hostedPageUrl: 'https://pay.example/checkout/7' } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('addon-facebook-ads'));
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    const held = holdRequests('customizePlan');
    await user.dblClick(screen.getByTestId('checkout'));
    await user.click(screen.getByTestId('checkout'));
    expect(held.sent()).toBe(1);
    held.release();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/checkout/7'));

    const [sent] = bodiesSent(requests, 'customizePlan');
    expect(bodiesSent(requests, 'customizePlan')).toHaveLength(1);
    expect(sent?.get('addons')).toBe('facebook-ads');
    expect(sent?.get('idempotencyKey')).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(bodiesSent(requests, 'updateSubscriptionWebhookStatus')[0]?.get('webhookStatus')).toBe(
      'pending',
    );
    expect(callOrder(requests, ['customizePlan', 'updateSubscriptionWebhookStatus'])).toEqual([
      'customizePlan',
      'updateSubscriptionWebhookStatus',
    ]);
    expect(screen.getByTestId('checkout')).toBeDisabled();
  });

  it('retries a failed checkout with the same key, and a changed choice gets a new one', async () => {
    let fail = true;
    watchLeaving();
    const requests = await openCustomize({
      customizePlan: () =>
        fail
          ? {
              status: 502,
              body: {
                error: { code: 'BAD_GATEWAY', message: 'The payment provider did not answer.' },
              },
            }
          : { body: { hostedPageUrl: 'https://pay.example/checkout/8' } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More users' }));
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    await user.click(screen.getByTestId('checkout'));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      'The payment provider did not answer.',
    );
    await user.click(screen.getByTestId('checkout'));
    await screen.findByTestId('checkout-error');
    await user.click(screen.getByRole('button', { name: 'More users' }));
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    fail = false;
    await user.click(screen.getByTestId('checkout'));
    await waitFor(() => expect(bodiesSent(requests, 'customizePlan')).toHaveLength(3));
    const keys = bodiesSent(requests, 'customizePlan').map((b) => b.get('idempotencyKey'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
