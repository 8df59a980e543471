import type { ClientLink } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { useToastStore } from '../../lib/toast-store.ts';
import { connectorConfig, credential, groupedData } from '../../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';

const MANAGE = { manage_data_sources: true };
const URL = 'http://localhost:3000/connect/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

function link(overrides: Partial<ClientLink> = {}): ClientLink {
  return {
    id: 'link-1',
    connectorId: 1,
    recipientEmail: 'client@brand.com',
    multiUse: false,
    uses: 0,
    createdBy: { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' },
    createdAt: '2026-03-14T10:00:00.000Z',
    expiresAt: '2099-03-21T10:00:00.000Z',
    status: 'active',
    credentialId: null,
    ...overrides,
  };
}

function mockPage(
  links: ClientLink[],
  extra: MockRoutes = {},
  permissions: Record<string, boolean> = MANAGE,
) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(permissions) },
    getGroupedData: {
      body: groupedData([
        {
          connectorId: 1,
          credentials: [
            credential({ id: 'c1', addedBy: null, connectedByEmail: 'client@brand.com' }),
          ],
        },
      ]),
    },
    getClientLinks: { body: { links } },
    ...extra,
  });
}

async function open(permissions: Record<string, boolean> = MANAGE) {
  useAppStore.getState().setUser(sessionUser(permissions));
  renderApp('/data-sources');
  await screen.findAllByTestId('connector-group');
}

describe('client links on Data Sources', () => {
  beforeEach(resetStores);

  it('lists the links with data source, client, maker, uses and status; a client’s login says who connected it', async () => {
    mockPage([
      link(),
      link({ id: 'link-2', status: 'revoked', recipientEmail: null, multiUse: true, uses: 3 }),
      link({ id: 'link-3', credentialId: 'c1' }),
    ]);
    await open();
    const rows = await screen.findAllByTestId('client-link-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['active', 'revoked', 'active']);
    expect(within(rows[0]!).queryByTestId('client-link-reconnect')).toBeNull();
    expect(within(rows[2]!).getByTestId('client-link-reconnect')).toHaveTextContent(
      'Google Analytics Reconnect',
    );
    expect(within(rows[0]!).getByText('Google Analytics')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('client@brand.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('0 of 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Anyone with the link')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('revoke-client-link')).toBeNull();
    expect(screen.getByTestId('connected-by-client')).toHaveTextContent(
      'Connected by client@brand.com via link',
    );
  });

  it('asks the client who connected a login to reconnect it, from the login’s menu', async () => {
    const requests = mockPage([], {
      askToReconnect: {
        body: { link: link({ credentialId: 'c1' }), emailSent: true },
      },
    });
    await open();
    await userEvent.click(screen.getByTestId('credential-menu'));
    await userEvent.click(await screen.findByTestId('ask-to-reconnect'));
    const dialog = await screen.findByTestId('ask-to-reconnect-dialog');
    expect(within(dialog).getByTestId('ask-to-reconnect-email')).toHaveValue('client@brand.com');
    await userEvent.click(within(dialog).getByTestId('ask-to-reconnect-send'));
    await waitFor(() => expect(screen.queryByTestId('ask-to-reconnect-dialog')).toBeNull());
    const asked = requests.find((r) => r.endpoint === 'askToReconnect');
    expect(Object.fromEntries(new URLSearchParams(asked?.body))).toEqual({
      credentialId: 'c1',
      recipientEmail: 'client@brand.com',
    });
    expect(toasts()).toContain(
      'success: We emailed client@brand.com a link to reconnect credential-c1@acme.test.',
    );
  });

  it('a refused request stays in the dialog with the reason', async () => {
    mockPage([], {
      askToReconnect: {
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message:
              'Your team has made the most client links allowed in an hour. Please try again later.',
          },
        },
      },
    });
    await open();
    await userEvent.click(screen.getByTestId('credential-menu'));
    await userEvent.click(await screen.findByTestId('ask-to-reconnect'));
    const dialog = await screen.findByTestId('ask-to-reconnect-dialog');
    await userEvent.click(within(dialog).getByTestId('ask-to-reconnect-send'));
    expect(await within(dialog).findByTestId('ask-to-reconnect-refusal')).toHaveTextContent(
      'Your team has made the most client links allowed in an hour.',
    );
  });

  it('is not shown to a member who cannot manage data sources, and is not even asked for', async () => {
    const requests = mockPage([link()], {}, {});
    await open({});
    expect(screen.queryByTestId('client-links')).toBeNull();
    expect(requests.some((r) => r.endpoint === 'getClientLinks')).toBe(false);
  });

  it('creates a link for an OAuth data source only, emails it, and shows it once to copy', async () => {
    const requests = mockPage([], {
      createClientLink: {
        body: { link: link({ connectorId: 3, multiUse: true }), url: URL, emailSent: true },
      },
    });
    await open();
    expect(await screen.findByTestId('client-links-empty')).toHaveTextContent(
      'No client links yet.',
    );
    await userEvent.click(screen.getByTestId('new-client-link'));
    const dialog = await screen.findByTestId('create-client-link-dialog');
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Google Analytics');
    expect(options).not.toContain('CallRail');

    await userEvent.selectOptions(within(dialog).getByTestId('client-link-connector'), '3');
    await userEvent.type(within(dialog).getByTestId('client-link-email'), 'client@brand.com');
    await userEvent.clear(within(dialog).getByTestId('client-link-days'));
    await userEvent.type(within(dialog).getByTestId('client-link-days'), '14');
    await userEvent.click(within(dialog).getByTestId('client-link-multi-use'));
    await userEvent.click(within(dialog).getByTestId('create-client-link'));

    const created = await screen.findByTestId('client-link-created-dialog');
    expect(within(created).getByTestId('client-link-url')).toHaveValue(URL);
    expect(within(created).getByTestId('client-link-email-status')).toHaveTextContent(
      'We emailed client@brand.com a link to connect their Google Ads accounts.',
    );
    const sent = requests.find((r) => r.endpoint === 'createClientLink');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      connectorId: '3',
      recipientEmail: 'client@brand.com',
      expiresInDays: '14',
      multiUse: 'true',
      sendEmail: 'true',
    });
    await userEvent.click(within(created).getByTestId('copy-client-link'));
    expect(await navigator.clipboard.readText()).toBe(URL);
  });

  it('checks the expiry and email before asking, and shows the server’s refusal in place', async () => {
    const requests = mockPage([], {
      createClientLink: {
        status: 409,
        body: { error: { code: 'PLAN_LIMIT', message: 'Your plan has 10 of 10 accounts in use.' } },
      },
    });
    await open();
    await userEvent.click(await screen.findByTestId('new-client-link'));
    const dialog = await screen.findByTestId('create-client-link-dialog');
    await userEvent.type(within(dialog).getByTestId('client-link-email'), 'not-an-email');
    await userEvent.clear(within(dialog).getByTestId('client-link-days'));
    await userEvent.type(within(dialog).getByTestId('client-link-days'), '31');
    await userEvent.click(within(dialog).getByTestId('create-client-link'));
    expect(within(dialog).getByText(/Client email must be an email address/)).toBeInTheDocument();
    expect(within(dialog).getByText(/from 1 to 30/)).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'createClientLink')).toBe(false);

    await userEvent.clear(within(dialog).getByTestId('client-link-email'));
    await userEvent.clear(within(dialog).getByTestId('client-link-days'));
    await userEvent.type(within(dialog).getByTestId('client-link-days'), '7');
    await userEvent.click(within(dialog).getByTestId('create-client-link'));
    expect(await within(dialog).findByTestId('client-link-refusal')).toHaveTextContent(
      'Your plan has 10 of 10 accounts in use.',
    );
    const sent = requests.find((r) => r.endpoint === 'createClientLink');
    expect(new URLSearchParams(sent?.body).get('sendEmail')).toBe('false');
  });

  it('revokes a link and refreshes the list', async () => {
    let links = [link()];
    const requests = mockPage([], {
      getClientLinks: () => ({ body: { links } }),
      revokeClientLink: () => {
        links = [link({ status: 'revoked' })];
        return { body: { success: true } };
      },
    });
    await open();
    await userEvent.click(await screen.findByTestId('revoke-client-link'));
    await waitFor(() =>
      expect(screen.getByTestId('client-link-row').dataset.status).toBe('revoked'),
    );
    expect(requests.find((r) => r.endpoint === 'revokeClientLink')?.query.get('id')).toBe('link-1');
    expect(toasts()).toContain('success: The Google Analytics link was revoked');
  });
});
