import { afterAll, beforeAll, expect, it } from 'vitest';
import { findConnectorByName } from '@gds/contract';
import { startConnectorHarness } from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  consentAs,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { connectedAccount, ownAllAddons } from '../reports/sandbox-reports-support.ts';

interface BuiltField {
  name: string;
  dataType: string;
  semantics: { conceptType: string; semanticType: string };
}

/** The connectors whose path is walked: the six real fetchers. */
const CONNECTORS = [
  'google-analytics',
  'google-ads',
  'facebook-ads',
  'bing-ads',
  'linkedin-ads',
  'callrail',
] as const;

/** Each connector's fields before its catalogue came from the provider: ids reports use. */
const FIRST_FIELDS: Readonly<Record<(typeof CONNECTORS)[number], readonly string[]>> = {
  'google-analytics': [
    'date',
    'source',
    'medium',
    'campaign',
    'channel_group',
    'country',
    'city',
    'device_category',
    'landing_page',
    'sessions',
    'total_users',
    'new_users',
    'engaged_sessions',
    'engagement_rate',
    'bounce_rate',
    'average_session_duration',
    'page_views',
    'key_events',
    'total_revenue',
  ],
  'google-ads': [
    'date',
    'campaign_id',
    'campaign',
    'campaign_status',
    'device',
    'network',
    'impressions',
    'clicks',
    'cost',
    'ctr',
    'average_cpc',
    'conversions',
    'conversions_value',
  ],
  'facebook-ads': [
    'date',
    'campaign_id',
    'campaign',
    'country',
    'publisher_platform',
    'impressions',
    'reach',
    'clicks',
    'link_clicks',
    'cost',
    'ctr',
    'cpc',
    'cpm',
    'purchases',
    'leads',
    'purchase_value',
  ],
  'bing-ads': [
    'date',
    'campaign_id',
    'campaign',
    'device',
    'network',
    'impressions',
    'clicks',
    'cost',
    'ctr',
    'average_cpc',
    'conversions',
    'revenue',
  ],
  'linkedin-ads': [
    'date',
    'campaign_id',
    'campaign',
    'impressions',
    'clicks',
    'cost',
    'ctr',
    'conversions',
    'leads',
    'likes',
    'shares',
    'comments',
    'follows',
  ],
  callrail: [
    'date',
    'source',
    'medium',
    'campaign',
    'calls',
    'answered_calls',
    'missed_calls',
    'first_time_callers',
    'voicemails',
    'qualified_leads',
    'total_duration',
    'average_duration',
    'value',
  ],
};

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-14' };

/**
 * The whole path in demo mode, nothing stubbed: a member connects each data source through
 * the connect flow (the sandbox provider's consent page or form login, the app's real
 * discovery), authorizes the sample connector on the consent screen, and the connector's own
 * code pulls config, schema and rows through the data API, its job worker and the app's real
 * report fetchers, which the sandbox providers answer.
 */
describeEachDatabase('demo mode: sample connector to sandbox providers and back', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  let harness: ReturnType<typeof startConnectorHarness>;
  const accounts = new Map<
    string,
    { id: string; name: string; details: Record<string, string>; offered: number }
  >();

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db());
    // Two accounts per login: within the team's plan with every connector connected, and
    // Google Ads then has a manager, whose client is read through it.
    ctx.control.accountsPerLogin = 2;
    owner = await signIn(ctx.app, ctx.identity, 'path-owner@example.com');
    await ownAllAddons(db(), owner.team.id);
    for (const name of CONNECTORS) {
      await connectedAccount(ctx, db(), owner, name);
      const rows = await db()
        .selectFrom('data_source_accounts')
        .select(['id', 'name', 'external_id', 'details'])
        .where('team_id', '=', owner.team.id)
        .where('connector_id', '=', findConnectorByName(name)?.id ?? -1)
        .orderBy('external_id')
        .execute();
      expect(rows.length, name).toBe(2);
      // The last one: for Google Ads, the client below the manager.
      const last = rows.at(-1);
      if (last) accounts.set(name, { ...last, offered: rows.length });
    }
    harness = startConnectorHarness({
      scriptProperties: {
        APP_URL: ctx.base,
        CLIENT_ID,
        CLIENT_SECRET,
        ENVIRONMENT: 'production',
      },
      redirectUri: REDIRECT_URI,
      onSleep: async () => {
        await backgroundJobs(ctx.app).runDataJobs();
      },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await ctx?.app.close();
  });

  it('a member authorizes the sample connector on the consent screen', async () => {
    const authorizationUrl = await harness.call<string>('get3PAuthorizationUrls');
    const back = await consentAs(ctx, owner.cookie, authorizationUrl);
    expect((await harness.callback(back)).html).toContain('Authorized');
    expect(await harness.call('isAuthValid')).toBe(true);
    const config = await harness.call<{ configParams: Array<{ name: string; options?: unknown }> }>(
      'getConfig',
      {},
    );
    const offered = config.configParams.find((p) => p.name === 'connector')?.options as Array<{
      value: string;
    }>;
    expect(offered.map((o) => o.value).sort()).toEqual([...CONNECTORS].sort());
  });

  it.each(CONNECTORS.map((name) => [name]))(
    '%s: config, schema and typed rows come back from the sandbox provider, and are logged',
    async (name) => {
      const account = accounts.get(name);
      expect(account).toBeDefined();
      if (!account) return;
      const config = await harness.call<{
        configParams: Array<{ name: string; options?: Array<{ label: string; value: string }> }>;
      }>('getConfig', { configParams: { connector: name } });
      const options = config.configParams.find((p) => p.name === 'account')?.options ?? [];
      expect(options).toHaveLength(account.offered);
      expect(options).toContainEqual({ label: account.name, value: account.id });
      // Discovery stored what each provider's reports need besides the account's id.
      if (name === 'google-ads') expect(account.details.loginCustomerId).toMatch(/-mcc$/);
      if (name === 'bing-ads') expect(account.details.customerId).toBeTruthy();

      const configParams = { connector: name, account: account.id };
      const { schema } = await harness.call<{ schema: BuiltField[] }>('getSchema', {
        configParams,
      });
      expect(schema.map((f) => f.name)).toContain('date');
      const metrics = schema.filter((f) => f.semantics.conceptType === 'METRIC');
      expect(metrics.length).toBeGreaterThan(0);

      // One chart cannot hold every field of a catalogue that runs to hundreds (GA4 answers 9
      // dimensions and 10 metrics at most): the fields reports used first are asked, and kept.
      const first = new Set(FIRST_FIELDS[name]);
      expect(schema.filter((f) => first.has(f.name))).toHaveLength(first.size);
      const asked = schema.filter((f) => first.has(f.name));
      const data = await harness.call<{ schema: BuiltField[]; rows: Array<{ values: unknown[] }> }>(
        'getData',
        { configParams, fields: asked.map((f) => ({ name: f.name })), dateRange: RANGE },
      );
      expect(data.schema.map((f) => f.name)).toEqual(asked.map((f) => f.name));
      expect(data.rows.length).toBeGreaterThan(0);
      const dateAt = asked.findIndex((f) => f.name === 'date');
      const days = new Set(data.rows.map((row) => row.values[dateAt]));
      for (const day of days) {
        expect(day).toMatch(/^202603(0[1-9]|1[0-4])$/);
      }
      for (const [i, field] of asked.entries()) {
        if (field.dataType !== 'NUMBER') continue;
        const values = data.rows.map((row) => row.values[i]);
        expect(
          values.every((v) => v === null || typeof v === 'number'),
          field.name,
        ).toBe(true);
        if (field.semantics.conceptType === 'METRIC') {
          expect(
            values.some((v) => typeof v === 'number'),
            field.name,
          ).toBe(true);
        }
      }

      const connector = findConnectorByName(name);
      const logged = await db()
        .selectFrom('data_requests')
        .select(['account_id', 'user_id', 'row_count', 'outcome'])
        .where('team_id', '=', owner.team.id)
        .where('connector_id', '=', connector?.id ?? -1)
        .execute();
      expect(logged).toEqual([
        {
          account_id: account.id,
          user_id: owner.user.id,
          row_count: data.rows.length,
          outcome: 'done',
        },
      ]);
    },
  );
});
