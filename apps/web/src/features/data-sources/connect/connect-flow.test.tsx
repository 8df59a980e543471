import { MESSAGES } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { useToastStore } from '../../../lib/toast-store.ts';
import {
  authStart,
  connectorConfig,
  groupedData,
  sampleGroups,
} from '../../../test/data-source-fixtures.ts';
import { planUsage } from '../../../test/billing-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';

const MANAGE = { manage_data_sources: true };

function mockConnectApi(extra: MockRoutes) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(MANAGE) },
    getGroupedData: { body: groupedData(sampleGroups()) },
    ...extra,
  });
}

async function openGallery(permissions: Record<string, boolean> = MANAGE) {
  useAppStore.getState().setUser(sessionUser(permissions));
  renderApp('/data-sources');
  await userEvent.click(await screen.findByRole('button', { name: 'Add data source' }));
  const gallery = screen.getByRole('dialog', { name: 'Add data source' });
  await within(gallery).findByTestId('connector-tile-google-analytics');
  return within(gallery);
}

async function choose(nameSimple: string, permissions: Record<string, boolean> = MANAGE) {
  const gallery = await openGallery(permissions);
  await userEvent.click(gallery.getByTestId(`connector-tile-${nameSimple}`));
}

/** Fills and submits the CallRail credential modal (an API-key form connector). */
async function submitCallRailCredentials(apiKey: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Login to CallRail' });
  await userEvent.type(within(dialog).getByLabelText('API key'), apiKey);
  await userEvent.type(within(dialog).getByLabelText('Account ID'), '1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Login with CallRail' }));
}

const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

describe('adding a data source', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('the gallery searches, never offers deprecated connectors, and locks add-ons', async () => {
    const requests = mockConnectApi({});
    const gallery = await openGallery();
    const search = gallery.getByRole('searchbox', { name: 'Search connectors' });
    expect(search).toHaveFocus();
    expect(gallery.queryByTestId('connector-tile-apex-chat')).not.toBeInTheDocument();
    expect(gallery.getByTestId('connector-tile-mailchimp')).toHaveTextContent('Beta');

    await userEvent.type(search, 'facebook');
    await waitFor(() =>
      expect(gallery.queryByTestId('connector-tile-google-analytics')).not.toBeInTheDocument(),
    );
    const ads = gallery.getByTestId('connector-tile-facebook-ads');
    expect(ads).toHaveAttribute('aria-disabled', 'true');
    expect(ads).toHaveAccessibleDescription(
      'Add-on — available with the Facebook Ads add-on in Billing',
    );
    expect(gallery.getByTestId('connector-tile-facebook-insights')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(ads);
    expect(requests.some((r) => r.endpoint === 'startConnection')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Add data source' })).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'apex');
    expect(await gallery.findByText('No connectors match')).toBeInTheDocument();
  });

  it('filters the gallery by category', async () => {
    mockConnectApi({});
    const gallery = await openGallery();
    await userEvent.click(gallery.getByRole('button', { name: 'Call tracking' }));
    const names = gallery
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.connector-tile-name')?.firstChild?.textContent);
    expect(names).toEqual(['CallRail', 'WhatConverts']);
  });

  it('form connector: every field is required, then success toasts and closes the modal', async () => {
    const requests = mockConnectApi({
      startConnection: authStart({ state: 'st-1' }),
      submitFormLogin: {
        body: {
          success: true,
          redirectUri: null,
          credential: { id: 'cred-9', name: 'CallRail 2' },
          accountsAdded: 2,
          accountsSkipped: 0,
          error: null,
        },
      },
    });
    await choose('callrail');
    const dialog = await screen.findByRole('dialog', { name: 'Login to CallRail' });
    const start1 = requests.find((r) => r.endpoint === 'startConnection');
    expect(start1?.query.toString()).toBe(
      'integration_type=11&masterEmail=ann%40acme.test&type=reauth&business_unit=MEGALYTIC_GDS',
    );

    const apiKey = within(dialog).getByLabelText('API key');
    expect(apiKey).toHaveAttribute('type', 'password');
    expect(apiKey).toHaveAttribute('name', 'apiKey');
    expect(apiKey).toBeRequired();
    const submit = within(dialog).getByRole('button', { name: 'Login with CallRail' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('API key is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account ID is required')).toBeInTheDocument();
    expect(apiKey).toHaveAccessibleDescription(/API key is required/);
    expect(requests.some((r) => r.endpoint === 'submitFormLogin')).toBe(false);

    const groupedLoads = requests.filter((r) => r.endpoint === 'getGroupedData').length;
    await userEvent.type(apiKey, 'key-123');
    await userEvent.type(within(dialog).getByLabelText('Account ID'), '555');
    await userEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toEqual([`success: ${MESSAGES.accountConnected('CallRail')}`]);
    expect(toasts()).toEqual(['success: Your CallRail account was connected']);
    const post = requests.find((r) => r.endpoint === 'submitFormLogin');
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({
      apiKey: 'key-123',
      accountId: '555',
      state: 'st-1',
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.endpoint === 'getGroupedData').length).toBe(groupedLoads + 1),
    );
    expect(useAppStore.getState().isLoading).toBe(false);
  });

  it.each([
    [
      'success: false',
      {
        body: {
          success: false,
          redirectUri: null,
          credential: null,
          accountsAdded: 0,
          accountsSkipped: 0,
          error: 'Invalid key',
        },
      },
    ],
    [
      'a refusal',
      { status: 400, body: { error: { code: 'LOGIN_FAILED', message: 'Invalid key' } } },
    ],
  ])('form connector: %s toasts "not valid" and closes the modal', async (_, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockConnectApi({
      startConnection: authStart({ state: 'st-1' }),
      submitFormLogin: reply,
    });
    await choose('callrail');
    await submitCallRailCredentials('bad');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toEqual(['danger: CallRail account was not valid']);
  });

  it('form connector: accounts over the plan limit are reported after the success toast', async () => {
    mockConnectApi({
      startConnection: authStart({ state: 'st-1' }),
      submitFormLogin: {
        body: {
          success: true,
          redirectUri: null,
          credential: { id: 'c', name: 'n' },
          accountsAdded: 1,
          accountsSkipped: 2,
          error: null,
        },
      },
    });
    await choose('callrail');
    await submitCallRailCredentials('k');
    await waitFor(() =>
      expect(toasts()).toEqual([
        'success: Your CallRail account was connected',
        "info: 2 accounts were not added because your plan's account limit was reached.",
      ]),
    );
  });

  it('an ended trial keeps its reason on screen with the way to Billing', async () => {
    const message = 'Your trial has ended. Choose a plan in Billing to connect more accounts.';
    mockConnectApi({
      getTeamInfo: { body: teamInfo({ ...MANAGE, edit_billing: true }) },
      getPlanUsage: { body: planUsage() },
      startConnection: {
        status: 402,
        body: { error: { code: 'SUBSCRIPTION_INACTIVE', message } },
      },
    });
    await choose('callrail', { ...MANAGE, edit_billing: true });
    const dialog = await screen.findByRole('dialog', {
      name: 'CallRail cannot be connected right now',
    });
    expect(dialog).toHaveTextContent(message);
    expect(within(dialog).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(toasts()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
  });

  it('a full plan, for someone without billing rights, says who to ask', async () => {
    mockConnectApi({
      startConnection: {
        status: 409,
        body: { error: { code: 'PLAN_LIMIT', message: 'Your plan allows 20 accounts.' } },
      },
    });
    await choose('callrail');
    const dialog = await screen.findByRole('dialog', {
      name: 'CallRail cannot be connected right now',
    });
    expect(within(dialog).getByTestId('plan-refusal-hint')).toHaveTextContent(
      'Ask someone who manages billing in your team to raise the plan’s limits to connect more accounts.',
    );
    expect(within(dialog).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('form connector: success with a redirect address goes there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockConnectApi({
      startConnection: authStart({ state: 'st-1' }),
      submitFormLogin: {
        body: {
          success: true,
          redirectUri: 'https://lookerstudio.google.com/return',
          credential: { id: 'c', name: 'n' },
          accountsAdded: 1,
          accountsSkipped: 0,
          error: null,
        },
      },
    });
    await choose('callrail');
    await submitCallRailCredentials('k');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://lookerstudio.google.com/return'),
    );
    expect(toasts()).toEqual([]);
  });

  it('Google-type connectors: a Sign in with Google link to the provider', async () => {
    mockConnectApi({
      startConnection: authStart({ authUri: 'https://accounts.google.com/o/oauth2/v2/auth?x=1' }),
    });
    await choose('google-analytics');
    const dialog = await screen.findByRole('dialog', { name: 'Connect Google Analytics' });
    const link = within(dialog).getByRole('link', { name: 'Sign in with Google' });
    expect(link).toHaveAttribute('href', 'https://accounts.google.com/o/oauth2/v2/auth?x=1');
    expect(within(link).getByRole('img')).toHaveAttribute('src', '/sign-in-with-google.svg');
    expect(within(dialog).queryByText(/Make sure you are logged in/)).not.toBeInTheDocument();
  });

  it('other OAuth connectors: the log-out hint, the site link and Log in with', async () => {
    mockConnectApi({
      startConnection: authStart({ authUri: 'https://connect.stripe.com/oauth?s=1' }),
    });
    await choose('stripe');
    const dialog = await screen.findByRole('dialog', { name: 'Connect Stripe' });
    expect(within(dialog).getByTestId('connector-oauth-hint')).toHaveTextContent(
      /^Make sure you are logged in with the correct Stripe account or go to Stripe and log out\.$/,
    );
    const site = within(dialog).getByRole('link', { name: 'Stripe' });
    expect(site).toHaveAttribute('href', 'https://dashboard.stripe.com');
    expect(site).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Log in with Stripe' })).toHaveAttribute(
      'href',
      'https://connect.stripe.com/oauth?s=1',
    );
    expect(
      within(dialog).queryByRole('link', { name: 'Sign in with Google' }),
    ).not.toBeInTheDocument();
  });

  it.each([
    [
      'a server error',
      () => ({ status: 502, body: { error: { code: 'BAD_GATEWAY', message: 'x' } } }),
    ],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('a start that fails with %s toasts the connection failure', async (_, reply) => {
    mockConnectApi({ startConnection: reply });
    await choose('stripe');
    await waitFor(() =>
      expect(toasts()).toEqual(['danger: Could not make a connection.  Please try again']),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useAppStore.getState().isLoading).toBe(false);
  });

  it('a start answering an error toasts it', async () => {
    mockConnectApi({ startConnection: authStart({ error: 'Stripe is not reachable' }) });
    await choose('stripe');
    await waitFor(() =>
      expect(toasts()).toEqual(['danger: Could not make a connection: Stripe is not reachable']),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
