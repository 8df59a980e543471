import { afterAll, beforeAll, expect, it } from 'vitest';
import { findConnectorByName } from '@gds/contract';
import { reportAccountOf } from '../../src/modules/reports/report-fetcher.ts';
import { sandboxDetail } from '@gds/sandbox';
import type { SandboxContext } from '../helpers/connections.ts';
import { connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { storedSecrets } from '../helpers/secrets.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { ownAllAddons, sandboxFetchers } from '../reports/sandbox-reports-support.ts';

/**
 * Demo mode runs the real discovery code: the sandbox providers answer GA4's account
 * summaries (paged), Google Ads' accessible customers and customer_client tree (a manager
 * holding the login's later accounts), and Microsoft's user and account search, in the
 * providers' shapes, and refuse reports without what discovery stored.
 */
describeEachDatabase('account discovery against the sandbox providers', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'discovery@example.com');
    await ownAllAddons(db(), owner.team.id);
  });
  afterAll(() => ctx.app.close());

  const connect = async (name: string) => {
    const connector = findConnectorByName(name);
    if (!connector) throw new Error(`no connector ${name}`);
    const { result } = await connectOAuth(ctx, owner.cookie, connector.id);
    expect(result.status, `${name}: ${result.error}`).toBe('connected');
    return db()
      .selectFrom('data_source_accounts')
      .select(['external_id', 'name', 'details', 'credential_id'])
      .where('team_id', '=', owner.team.id)
      .where('connector_id', '=', connector.id)
      .orderBy('external_id')
      .execute();
  };

  it('Google Analytics: every property is found, across the summaries’ pages', async () => {
    const before = ctx.control.count('accounts', 'google-analytics');
    const rows = await connect('google-analytics');
    expect(rows).toHaveLength(3);
    // Three properties, two a page.
    expect(ctx.control.count('accounts', 'google-analytics') - before).toBe(2);
    // Each property's time zone and currency come from the property itself (a summary has
    // neither): its report dates and money follow them.
    expect(ctx.control.count('account-details', 'google-analytics')).toBe(3);
    // The sandbox's properties are in several zones and currencies, as an agency's are.
    expect(rows.map((r) => r.details)).toEqual([
      { currency: 'USD', timeZone: 'America/New_York' },
      { currency: 'GBP', timeZone: 'Europe/London' },
      { currency: 'AUD', timeZone: 'Australia/Sydney' },
    ]);
    expect(reportAccountOf(rows[2] ?? { external_id: '', name: '', details: {} }).currency).toBe(
      'AUD',
    );
  });

  it('Google Ads: clients below the manager keep its id, and reports need it', async () => {
    const rows = await connect('google-ads');
    expect(rows.map((r) => r.name)).toEqual([
      'Google Ads demo 1',
      'Google Ads demo 2',
      'Google Ads demo 3',
    ]);
    const [direct, viaManager] = rows;
    expect(direct?.external_id).toMatch(/^customers\//);
    expect(direct?.details).toEqual({ currency: 'USD', timeZone: 'America/New_York' });
    expect(viaManager?.details).toEqual({
      currency: 'GBP',
      timeZone: 'Europe/London',
      loginCustomerId: `${direct?.external_id.replace('customers/', '')}-mcc`,
    });

    const fetcher = sandboxFetchers(ctx).find('google-ads');
    if (!fetcher || !viaManager) throw new Error('no Google Ads fetcher or account');
    const { access } = await storedSecrets(db(), viaManager.credential_id);
    const request = {
      fields: ['date', 'clicks'],
      dateRange: { start: '2026-03-01', end: '2026-03-03' },
      filters: [],
      accessToken: access,
      signal: AbortSignal.timeout(10_000),
    };
    const read = await fetcher.fetch({ ...request, account: reportAccountOf(viaManager) });
    expect(read.rows.length).toBeGreaterThan(0);
    const withoutManager = { ...reportAccountOf(viaManager), details: {} };
    await expect(fetcher.fetch({ ...request, account: withoutManager })).rejects.toMatchObject({
      name: 'ReportError',
    });
  });

  it('Microsoft Advertising: each account is stored with its customer, currency and time zone', async () => {
    const rows = await connect('bing-ads');
    expect(rows).toHaveLength(3);
    // Microsoft names zones its own way (EasternTimeUSCanada); they are stored as IANA zones.
    expect(rows.map((r) => r.details)).toEqual(
      [
        ['USD', 'America/New_York'],
        ['GBP', 'Europe/London'],
        ['AUD', 'Australia/Sydney'],
      ].map(([currency, timeZone], i) => ({
        customerId: sandboxDetail('bing-ads', 'customerId', rows[i]?.external_id ?? ''),
        currency,
        timeZone,
      })),
    );
  });
});
