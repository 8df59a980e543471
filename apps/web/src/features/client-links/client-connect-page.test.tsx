import { ENDPOINTS } from '@gds/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '../../test/fixtures.ts';
import { mockApi, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';
import { CONNECT_TOKEN, on } from '../../test/team-link-fixtures.ts';

const CONNECT_PATH = `/connect/${CONNECT_TOKEN}`;

function linkInfo(overrides: Record<string, unknown> = {}) {
  return {
    status: 'active',
    teamName: 'Acme Agency',
    connectorId: 1,
    connectorName: 'Google Ads',
    expiresAt: '2026-03-21T10:00:00.000Z',
    recipientEmail: 'cleo@client.test',
    ...overrides,
  };
}

function mockConnect(info: Reply, start?: Reply) {
  return mockApi({
    [on(ENDPOINTS.getConfig)]: { body: appConfig },
    [on(ENDPOINTS.getConnectorConfig)]: { body: {} },
    [on(ENDPOINTS.getClientLinkInfo)]: info,
    ...(start ? { [on(ENDPOINTS.startClientConnection)]: start } : {}),
  });
}

describe('client connect page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('names the team and connector, pre-fills the email and goes to the provider once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = mockConnect(
      { body: linkInfo() },
      { body: { authUri: 'https://ads.provider.test/consent?state=s1' } },
    );
    renderApp(CONNECT_PATH);

    expect(await screen.findByTestId('connect-title')).toHaveTextContent(
      'Acme Agency asks you to connect Google Ads',
    );
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('cleo@client.test');
    await userEvent.clear(email);
    await userEvent.type(email, 'dan@client.test');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Continue to Google Ads' }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://ads.provider.test/consent?state=s1'),
    );
    const starts = requests.filter((r) => r.path === ENDPOINTS.startClientConnection.path);
    expect(starts).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(starts[0]?.body))).toEqual({
      token: CONNECT_TOKEN,
      email: 'dan@client.test',
    });
    expect(screen.getByRole('button', { name: /Continue to Google Ads/ })).toBeDisabled();
  });

  it('checks the email before sending anything, and shows the server refusal beside it', async () => {
    const requests = mockConnect(
      { body: linkInfo({ recipientEmail: null }) },
      {
        status: 400,
        body: {
          error: { code: 'VALIDATION_FAILED', message: 'Use your work email.', field: 'email' },
        },
      },
    );
    renderApp(CONNECT_PATH);
    const email = await screen.findByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Google Ads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter an email address such as name@company.com',
    );
    expect(requests.some((r) => r.path === ENDPOINTS.startClientConnection.path)).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'dan@gmail.test{Enter}');
    expect(await screen.findByText('Use your work email.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Use your work email/);
  });

  it('a refusal about the team (plan limit) is shown above the button', async () => {
    mockConnect(
      { body: linkInfo() },
      {
        status: 409,
        body: { error: { code: 'PLAN_LIMIT', message: 'Acme Agency cannot add more accounts.' } },
      },
    );
    renderApp(CONNECT_PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Google Ads' }));
    expect(await screen.findByTestId('connect-error')).toHaveTextContent(
      'Acme Agency cannot add more accounts.',
    );
    expect(screen.getByRole('button', { name: 'Continue to Google Ads' })).toBeEnabled();
  });

  it.each([
    ['used', 'This link has already been used', /Ask Acme Agency for a new link/],
    ['expired', 'This link has expired', /Ask Acme Agency to send you a new one/],
    ['revoked', 'This link is no longer active', /Acme Agency turned it off/],
  ] as const)('a %s link says so and offers no form', async (status, title, text) => {
    mockConnect({ body: linkInfo({ status }) });
    renderApp(CONNECT_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`connect-${status}`)).toHaveTextContent(text);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('an unknown link reads as a link that does not work', async () => {
    mockConnect({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    renderApp(CONNECT_PATH);
    expect(
      await screen.findByRole('heading', { name: 'This link does not work' }),
    ).toBeInTheDocument();
  });
});
