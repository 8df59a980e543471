import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planUsage } from '../../test/billing-fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { bodiesSent, mockBillingApi, openBilling } from './test/billing-setup.ts';

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

const THANKS = '/thankyou?id=hp_1&state=succeeded';
const bought = (submitted: boolean) =>
  planUsage(
    { addons: ['facebook-ads'] },
    {
      plan: { ...planUsage().plan, accountLimit: 30, isFeedbackSubmitted: submitted },
      usage: {
        ...planUsage().usage,
        addonConnectors: [
          { connector: 'facebook-ads', name: 'Facebook Ads', accounts: 0, owned: true },
        ],
      },
    },
  );

describe('Thank you (Feedback)', () => {
  it('says what changed and takes the feedback once', async () => {
    let submitted = false;
    const requests = mockBillingApi({
      getPlanUsage: () => ({ body: bought(submitted) }),
      submitBillingFeedback: () => {
        submitted = true;
        return { body: { success: true } };
      },
    });
    openBilling(THANKS);
    expect(await screen.findByRole('heading', { name: 'Thank you', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('thanks-accounts')).toHaveTextContent('Up to 30 accounts');
    expect(screen.getByTestId('thanks-addons')).toHaveTextContent('Facebook Ads');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByTestId('rating-error')).toHaveTextContent(
      'Choose a rating from 1 to 5.',
    );
    expect(requests.some((r) => r.endpoint === 'submitBillingFeedback')).toBe(false);

    await user.click(screen.getByRole('radio', { name: /4\s*Easy/ }));
    await user.type(screen.getByLabelText(/Anything we could do better/), 'Smooth');
    await user.dblClick(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-form')).not.toBeInTheDocument();
    const sent = bodiesSent(requests, 'submitBillingFeedback');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('rating')).toBe('4');
    expect(sent[0]?.get('payload')).toBe('Smooth');
    expect(screen.getByRole('link', { name: /Back to Billing/ })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('shows no form when the team already answered', async () => {
    mockBillingApi({ getPlanUsage: { body: bought(true) } });
    openBilling(THANKS);
    expect(await screen.findByTestId('thanks-plan')).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Billing/ })).toBeInTheDocument();
  });

  it('shows "confirming" until the provider confirms, then the new limits', async () => {
    let confirmed = false;
    mockBillingApi({
      getPlanUsage: () => ({
        body: confirmed ? bought(false) : planUsage({ webhook_status: 'pending' }),
      }),
      // The provider has not finished with the page yet.
      confirmCheckout: {
        body: {
          outcome: 'open',
          subscriptionDetails: planUsage({ webhook_status: 'pending' }).subscriptionDetails,
        },
      },
    });
    openBilling(THANKS);
    expect(await screen.findByTestId('thanks-confirming')).toHaveTextContent(
      'Confirming with the payment provider…',
    );
    confirmed = true;
    await waitFor(() => expect(screen.getByTestId('thanks-accounts')).toHaveTextContent('30'), {
      timeout: 6000,
    });
  });

  it('asks the server once to settle the page it came back from, then drops its id', async () => {
    const requests = mockBillingApi({ getPlanUsage: { body: bought(true) } });
    openBilling(THANKS);
    expect(await screen.findByTestId('thanks-plan')).toBeInTheDocument();
    const sent = bodiesSent(requests, 'confirmCheckout');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('hostedPageId')).toBe('hp_1');
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says nothing was bought when the page was cancelled', async () => {
    mockBillingApi({
      confirmCheckout: {
        body: { outcome: 'cancelled', subscriptionDetails: planUsage().subscriptionDetails },
      },
    });
    openBilling(THANKS);
    expect(await screen.findByTestId('thanks-not-bought')).toHaveTextContent(
      'The checkout was cancelled, so nothing was bought',
    );
    expect(screen.queryByTestId('thanks-plan')).not.toBeInTheDocument();
  });

  it('without edit_billing: a plain thank-you and no billing calls', async () => {
    const requests = mockBillingApi({}, { edit_team: true });
    openBilling(THANKS, { edit_team: true });
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Team/ })).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'getPlanUsage')).toBe(false);
    expect(requests.some((r) => r.endpoint === 'confirmCheckout')).toBe(false);
  });

  it('Billing, back from a cancelled checkout: says so and settles the page it left', async () => {
    const requests = mockBillingApi();
    openBilling('/billing?checkout=cancelled&id=hp_2&state=cancelled');
    expect(await screen.findByTestId('checkout-cancelled')).toHaveTextContent(
      'Checkout cancelled. Nothing was charged',
    );
    await waitFor(() => expect(bodiesSent(requests, 'confirmCheckout')).toHaveLength(1));
    expect(bodiesSent(requests, 'confirmCheckout')[0]?.get('hostedPageId')).toBe('hp_2');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-cancelled')).not.toBeInTheDocument();
  });
});
