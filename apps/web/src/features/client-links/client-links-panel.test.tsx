import { ENDPOINTS } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { useToastStore } from '../../lib/toast-store.ts';
import { connectorConfig, groupedData, sampleGroups } from '../../test/data-source-fixtures.ts';
import { appConfig, profileUser, sessionUser, team } from '../../test/fixtures.ts';
import { mockApi, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';
import { clientLink, on } from '../../test/team-link-fixtures.ts';

const MANAGE = { manage_data_sources: true };
const GOOGLE_ADS = 3;
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

function mockLinksApi(extra: Record<string, Reply>, permissions: Record<string, boolean> = MANAGE) {
  return mockApi({
    [on(ENDPOINTS.getConfig)]: { body: appConfig },
    // Google Ads is not on the plan; CallRail (11) signs in with an API key.
    [on(ENDPOINTS.getConnectorConfig)]: { body: connectorConfig({ [GOOGLE_ADS]: false }) },
    [on(ENDPOINTS.getTeamInfo)]: { body: { team, user: profileUser(permissions) } },
    [on(ENDPOINTS.getGroupedData)]: { body: groupedData(sampleGroups()) },
    ...extra,
  });
}

async function openDataSources(permissions: Record<string, boolean> = MANAGE) {
  useAppStore.getState().setUser(sessionUser(permissions));
  const app = renderApp('/data-sources');
  await screen.findAllByTestId('connector-group');
  return app;
}

const count = (requests: { method: string; path: string }[], path: string, method = 'GET') =>
  requests.filter((r) => r.path === path && r.method === method).length;

describe('client links on Data Sources', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('lists active links, with ended ones on request', async () => {
    mockLinksApi({
      [on(ENDPOINTS.getClientLinks)]: {
        body: {
          links: [
            clientLink({ id: 'l1', recipientEmail: 'cleo@client.test' }),
            clientLink({ id: 'l2', connectorId: 1, multiUse: true, uses: 3 }),
            clientLink({ id: 'l3', status: 'used', uses: 1 }),
          ],
        },
      },
    });
    await openDataSources();
    const rows = await screen.findAllByTestId('client-link-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Google Analytics.*cleo@client\.test.*Single use.*0 of 1/);
    expect(rows[0]).toHaveTextContent(/Ann Lee.*Mar 21, 2026.*Active/);
    expect(rows[1]).toHaveTextContent(/Not emailed.*Multi-use.*3 uses/);

    await userEvent.click(screen.getByRole('button', { name: 'Show 1 ended links' }));
    expect(screen.getAllByTestId('client-link-row')).toHaveLength(3);
    expect(screen.getAllByTestId('client-link-row')[2]).toHaveTextContent('Used');
    expect(
      within(screen.getAllByTestId('client-link-row')[2] as HTMLElement).queryByRole('button'),
    ).toBeNull();
  });

  it('creates a link for an OAuth connector the team may connect, and shows it to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const url = 'https://app.megalytic.test/connect/cl_abcdefghijklmnopqrstuvwxyz';
    const requests = mockLinksApi({
      [on(ENDPOINTS.getClientLinks)]: { body: { links: [] } },
      [on(ENDPOINTS.createClientLink)]: {
        body: {
          link: clientLink({ id: 'l9', recipientEmail: 'cleo@client.test', multiUse: true }),
          url,
          emailSent: true,
        },
      },
    });
    await openDataSources();
    expect(await screen.findByText('No active client links')).toBeInTheDocument();
    const listed = count(requests, ENDPOINTS.getClientLinks.path);

    await userEvent.click(screen.getByRole('button', { name: 'New client link' }));
    const dialog = screen.getByRole('dialog', { name: 'New client link' });
    const select = within(dialog).getByRole('combobox', { name: 'Connector' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Google Analytics');
    expect(options).not.toContain('Google Ads');
    expect(options).not.toContain('CallRail');
    expect(within(dialog).getByRole('spinbutton', { name: 'Works for' })).toHaveValue(7);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText(/Choose the connector/)).toBeInTheDocument();
    expect(count(requests, ENDPOINTS.createClientLink.path, 'POST')).toBe(0);

    await userEvent.selectOptions(select, 'Google Analytics');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: "Client's email (optional)" }),
      'cleo@client.test',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: /Many times/ }));
    const days = within(dialog).getByRole('spinbutton', { name: 'Works for' });
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await screen.findByRole('dialog', { name: 'Client link created' })).toBeInTheDocument();
    const creates = requests.filter((r) => r.path === ENDPOINTS.createClientLink.path);
    expect(creates).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(creates[0]?.body))).toEqual({
      connectorId: '1',
      recipientEmail: 'cleo@client.test',
      multiUse: 'true',
      expiresInDays: '14',
    });
    expect(screen.getByTestId('client-link-url')).toHaveValue(url);
    expect(screen.getByText(/We emailed the link to/)).toHaveTextContent('cleo@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(count(requests, ENDPOINTS.getClientLinks.path)).toBe(listed + 1));
  });

  it('shows a refusal naming a field beside that field', async () => {
    mockLinksApi({
      [on(ENDPOINTS.getClientLinks)]: { body: { links: [] } },
      [on(ENDPOINTS.createClientLink)]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'This address cannot receive email.',
            field: 'recipientEmail',
          },
        },
      },
    });
    await openDataSources();
    await userEvent.click(await screen.findByRole('button', { name: 'New client link' }));
    const dialog = screen.getByRole('dialog', { name: 'New client link' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'Google Analytics');
    const email = within(dialog).getByRole('textbox', { name: "Client's email (optional)" });
    await userEvent.type(email, 'cleo@client.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('This address cannot receive email.'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a link after confirming, and refreshes the list', async () => {
    let revoked = false;
    const requests = mockLinksApi({
      [on(ENDPOINTS.getClientLinks)]: () => ({
        body: {
          links: [
            clientLink({
              id: 'l1',
              recipientEmail: 'cleo@client.test',
              status: revoked ? 'revoked' : 'active',
            }),
          ],
        },
      }),
      [on(ENDPOINTS.revokeClientLink)]: () => {
        revoked = true;
        return { body: { success: true } };
      },
    });
    await openDataSources();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Revoke the Google Analytics link for cleo@client.test',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke the Google Analytics link?' });
    expect(dialog).toHaveTextContent('cleo@client.test can no longer use it to connect.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() => expect(screen.queryByTestId('client-link-row')).not.toBeInTheDocument());
    const revokes = requests.filter((r) => r.path === ENDPOINTS.revokeClientLink.path);
    expect(revokes.map((r) => [r.method, r.query.get('id')])).toEqual([['DELETE', 'l1']]);
    expect(toasts()).toContain('success: The Google Analytics link was revoked');
    expect(screen.getByRole('button', { name: 'Show 1 ended links' })).toBeInTheDocument();
  });

  it('is not there, and not asked for, without manage_data_sources', async () => {
    const requests = mockLinksApi({}, {});
    await openDataSources({});
    expect(screen.queryByRole('heading', { name: /Client links/ })).not.toBeInTheDocument();
    expect(count(requests, ENDPOINTS.getClientLinks.path)).toBe(0);
  });
});
