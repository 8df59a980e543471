import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planUsage, trialUsage } from '../../test/billing-fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { mockBillingApi, openBilling, watchLeaving } from './test/billing-setup.ts';

beforeEach(resetStores);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function banner() {
  return screen.findByTestId('billing-status');
}

describe('Billing status banner', () => {
  it('in trial: days left and a way to choose a plan', async () => {
    mockBillingApi({ getPlanUsage: { body: trialUsage(9) } });
    openBilling();
    const status = await banner();
    expect(status).toHaveAttribute('data-status', 'in_trial');
    expect(status).toHaveTextContent('9 days left in your trial');
    await userEvent.setup().click(within(status).getByRole('button', { name: 'Choose a plan' }));
    expect(await screen.findByRole('heading', { name: 'Customize your plan' })).toBeInTheDocument();
  });

  it('active: renewal date and the next bill from the provider', async () => {
    mockBillingApi();
    openBilling();
    expect(await banner()).toHaveTextContent('Your plan is active');
    expect(await screen.findByTestId('billing-next')).toHaveTextContent(
      'Next bill: $29.99 on Dec 21, 2026',
    );
    expect(screen.getByTestId('billing-plan-name')).toHaveTextContent('Basic plan');
    expect(screen.getByTestId('billing-period')).toHaveTextContent('Billed monthly');
  });

  it('non_renewing: the end date and Resume subscription', async () => {
    const ending = { status: 'non_renewing' as const, end_date: '2026-12-21T10:00:00.000Z' };
    let resumed = false;
    const requests = mockBillingApi({
      getPlanUsage: () => ({ body: resumed ? planUsage() : planUsage(ending) }),
      resumeSubscription: () => {
        resumed = true;
        return { body: { subscriptionDetails: planUsage().subscriptionDetails } };
      },
    });
    openBilling();
    const status = await banner();
    expect(status).toHaveTextContent('Your plan ends on Dec 21, 2026');
    expect(screen.queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(status).getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByTestId('toast-region')).toHaveTextContent(
      'Your subscription is back on. It renews on Dec 21, 2026.',
    );
    expect(requests.filter((r) => r.endpoint === 'resumeSubscription')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('billing-status')).toHaveAttribute('data-status', 'active'),
    );
  });

  it.each([
    ['cancelled', 'Your subscription has ended'],
    ['trial_expired', 'Your trial has ended'],
  ] as const)(
    '%s: growing is paused, nothing is lost, and the way to buy',
    async (status, title) => {
      mockBillingApi({ getPlanUsage: { body: planUsage({ status }, { canGrow: false }) } });
      openBilling();
      const shown = await banner();
      expect(shown).toHaveTextContent(title);
      expect(shown).toHaveTextContent(
        'New connections and invitations are paused; nothing you connected is lost.',
      );
      expect(within(shown).getByRole('button', { name: 'Choose a plan' })).toBeInTheDocument();
    },
  );

  it('while the provider confirms: says so, asks again, then shows the new limits', async () => {
    let confirmed = false;
    const requests = mockBillingApi({
      getPlanUsage: () => ({
        body: confirmed
          ? planUsage({}, { plan: { ...planUsage().plan, accountLimit: 30 } })
          : planUsage({ webhook_status: 'pending' }),
      }),
    });
    openBilling();
    expect(await banner()).toHaveTextContent('Confirming with the payment provider…');
    expect(screen.queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    confirmed = true;
    await waitFor(
      () => expect(screen.getByTestId('billing-status')).toHaveAttribute('data-status', 'active'),
      {
        timeout: 6000,
      },
    );
    expect(screen.getByTestId('billing-account-limit')).toHaveTextContent('30');
    expect(requests.filter((r) => r.endpoint === 'getPlanUsage').length).toBeGreaterThanOrEqual(2);
  });
});

describe('a checkout left open on the payment page', () => {
  const open = {
    webhook_status: 'pending' as const,
    openCheckout: {
      url: 'https://pay.example.com/pages/hp_1',
      expiresAt: '2026-11-21T13:00:00.000Z',
    },
  };

  it('offers to return to the open checkout while its page takes payment', async () => {
    mockBillingApi({ getPlanUsage: { body: planUsage(open) } });
    const leaving = watchLeaving();
    openBilling();
    const shown = await banner();
    expect(shown).toHaveTextContent('Confirming with the payment provider…');
    expect(shown).toHaveTextContent(
      'Your checkout is still open on the payment page until Nov 21, 2026',
    );
    await userEvent
      .setup()
      .click(within(shown).getByRole('button', { name: 'Return to the open checkout' }));
    expect(leaving).toHaveBeenCalledWith('https://pay.example.com/pages/hp_1');
  });

  it('offers it on the Customize form too, where the back button returns to', async () => {
    mockBillingApi({ getPlanUsage: { body: planUsage(open) } });
    openBilling('/billing?view=customize');
    const shown = await banner();
    expect(shown).toHaveAttribute('data-status', 'confirming');
    expect(
      within(shown).getByRole('button', { name: 'Return to the open checkout' }),
    ).toBeVisible();
    expect(within(shown).getByRole('button', { name: 'Drop it' })).toBeVisible();
  });

  it('drops it on request: the plan stops waiting and says nothing was charged', async () => {
    let dropped = false;
    const requests = mockBillingApi({
      getPlanUsage: () => ({ body: dropped ? planUsage() : planUsage(open) }),
      dropCheckout: () => {
        dropped = true;
        return { body: { outcome: 'open', subscriptionDetails: planUsage().subscriptionDetails } };
      },
    });
    openBilling();
    const shown = await banner();
    await userEvent.setup().click(within(shown).getByRole('button', { name: 'Drop it' }));
    await waitFor(() =>
      expect(screen.getByTestId('billing-status')).toHaveAttribute('data-status', 'active'),
    );
    expect(requests.filter((r) => r.endpoint === 'dropCheckout')).toHaveLength(1);
    expect(
      await screen.findByText('Checkout dropped. Nothing was charged and your plan is unchanged.'),
    ).toBeInTheDocument();
  });
});

describe('Billing overview', () => {
  it('meters usage and shows an over-limit state in the danger colour with what to do', async () => {
    mockBillingApi({
      getPlanUsage: {
        body: planUsage(
          {},
          {
            usage: {
              accounts: { used: 25, limit: 20 },
              users: { used: 5, limit: 5 },
              addonConnectors: [
                { connector: 'facebook-ads', name: 'Facebook Ads', accounts: 2, owned: true },
                { connector: 'linkedin-ads', name: 'LinkedIn Ads', accounts: 3, owned: false },
              ],
            },
          },
        ),
      },
    });
    openBilling();
    const accounts = await screen.findByTestId('billing-accounts-meter');
    expect(accounts).toHaveAttribute('data-tone', 'over');
    expect(accounts).toHaveTextContent('25 of 20 accounts used');
    expect(accounts).toHaveTextContent('delete 5 accounts in Data Sources');
    expect(within(accounts).getByRole('link', { name: 'Data Sources' })).toHaveAttribute(
      'href',
      '/data-sources',
    );
    expect(screen.getByTestId('billing-users-meter')).toHaveAttribute('data-tone', 'full');
    expect(screen.getByTestId('billing-addon-facebook-ads')).toHaveTextContent('In your plan');
    expect(screen.getByTestId('billing-addon-linkedin-ads')).toHaveTextContent('Not in your plan');
  });

  it('shows the card and sends "Update card" to the provider page', async () => {
    const leave = watchLeaving();
    mockBillingApi({ updateCard: { body: { hostedPageUrl: 'https://pay.example/card/1' } } });
    openBilling();
    expect(await screen.findByTestId('billing-card')).toHaveTextContent('Visa •••• ending in 1111');
    expect(screen.getByTestId('billing-card')).toHaveTextContent('Expires 04/30');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/card/1'));
  });

  it('says why the card page did not open, and the button tries again', async () => {
    let fail = true;
    const leave = watchLeaving();
    mockBillingApi({
      updateCard: () =>
        fail
          ? {
              status: 502,
              body: {
                error: { code: 'BAD_GATEWAY', message: 'The payment provider did not answer.' },
              },
            }
          : { body: { hostedPageUrl: 'https://pay.example/card/2' } },
    });
    openBilling();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByTestId('update-card-error')).toHaveTextContent(
      'The payment provider did not answer.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/card/2'));
  });

  it('lists invoices most recent first and downloads a PDF', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const requests = mockBillingApi({
      downloadInvoice: {
        body: { downloadUrl: '/files/invoice-2.pdf', validTill: '2026-11-21T11:00:00.000Z' },
      },
    });
    openBilling();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('#2Nov 21, 2026$29.99Paid'),
      expect.stringContaining('#1Oct 21, 2026$19.99Paid'),
    ]);
    await userEvent
      .setup()
      .click(within(rows[0] as HTMLElement).getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/files/invoice-2.pdf');
    expect(
      new URLSearchParams(requests.find((r) => r.endpoint === 'downloadInvoice')?.body).get('id'),
    ).toBe('2');
  });

  it('shows a retry when the plan cannot be loaded', async () => {
    let fail = true;
    mockBillingApi({
      getPlanUsage: () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
            }
          : { body: planUsage() },
    });
    openBilling();
    expect(
      await screen.findByText('Your plan could not be loaded', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await banner()).toHaveTextContent('Your plan is active');
  });
});
