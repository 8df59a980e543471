import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API, findConnectorByName } from '@gds/contract';
import { startConnectorHarness } from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  authorizeConnector,
  consentAs,
  dataCall,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { connectedAccount, ownAllAddons } from '../reports/sandbox-reports-support.ts';

interface BuiltField {
  name: string;
  label: string;
  description?: string;
  dataType: string;
  semantics: { conceptType: string; semanticType: string };
  defaultAggregationType?: string;
}

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-07' };

/**
 * A report built in demo mode from each provider's own field list: the sample connector reads
 * a GA4 property's fields from its metadata (custom dimensions and metrics included) and a
 * Google Ads account's segments, and charts them with rows from the sandbox providers.
 */
describeEachDatabase('demo mode: provider field catalogues through the sample connector', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  let harness: ReturnType<typeof startConnectorHarness>;
  const accounts = new Map<string, string>();

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db());
    ctx.control.accountsPerLogin = 1;
    owner = await signIn(ctx.app, ctx.identity, 'catalogue-owner@example.com');
    await ownAllAddons(db(), owner.team.id);
    for (const name of ['google-analytics', 'google-ads']) {
      accounts.set(name, (await connectedAccount(ctx, db(), owner, name)).accountId);
    }
    harness = startConnectorHarness({
      scriptProperties: { APP_URL: ctx.base, CLIENT_ID, CLIENT_SECRET, ENVIRONMENT: 'production' },
      redirectUri: REDIRECT_URI,
      onSleep: async () => {
        await backgroundJobs(ctx.app).runDataJobs();
      },
    });
    const authorizationUrl = await harness.call<string>('get3PAuthorizationUrls');
    await harness.callback(await consentAs(ctx, owner.cookie, authorizationUrl));
  });
  afterAll(async () => {
    await harness?.close();
    await ctx?.app.close();
  });

  const reportCalls = () => ctx.control.calls.filter((c) => c.kind === 'report').length;
  const schemaOf = async (connector: string) =>
    (
      await harness.call<{ schema: BuiltField[] }>('getSchema', {
        configParams: { connector, account: accounts.get(connector) },
      })
    ).schema;

  it('GA4: every field of the property, its custom ones typed, from one metadata call; a warm schema calls nobody', async () => {
    const before = reportCalls();
    const schema = await schemaOf('google-analytics');
    expect(reportCalls() - before).toBe(1);
    expect(schema.length).toBeGreaterThanOrEqual(200);
    for (const field of schema) {
      expect(field.label, field.name).toBeTruthy();
      expect(field.description, field.name).toBeTruthy();
    }
    const byName = new Map(schema.map((f) => [f.name, f]));
    expect(byName.get('custom_event_plan_type')?.semantics).toEqual({
      conceptType: 'DIMENSION',
      semanticType: 'TEXT',
    });
    expect(byName.get('custom_event_quote_value')?.semantics.semanticType).toBe('CURRENCY_USD');
    expect(byName.get('custom_event_video_seconds')?.semantics.semanticType).toBe('DURATION');
    expect(byName.get('user_engagement_duration')?.semantics.semanticType).toBe('DURATION');
    expect(byName.get('purchase_to_view_rate')?.semantics.semanticType).toBe('PERCENT');
    // Ids reports already use keep working.
    expect(byName.get('source')?.label).toBe('Session source');

    const again = reportCalls();
    expect((await schemaOf('google-analytics')).length).toBe(schema.length);
    expect(reportCalls()).toBe(again);
  });

  it('GA4: a chart by a custom dimension with a custom metric comes back with rows', async () => {
    const configParams = {
      connector: 'google-analytics',
      account: accounts.get('google-analytics'),
    };
    const fields = ['date', 'custom_event_plan_type', 'sessions', 'custom_event_quote_value'];
    const data = await harness.call<{ schema: BuiltField[]; rows: Array<{ values: unknown[] }> }>(
      'getData',
      { configParams, fields: fields.map((name) => ({ name })), dateRange: RANGE },
    );
    expect(data.schema.map((f) => f.name)).toEqual(fields);
    expect(data.rows.length).toBeGreaterThan(7);
    const plans = new Set(data.rows.map((r) => r.values[1]));
    for (const plan of plans) expect(plan).toMatch(/^plan_type [ABC]$/);
    expect(data.rows.every((r) => typeof r.values[3] === 'number')).toBe(true);
  });

  it('GA4: an item dimension with an event metric is refused before any provider call, naming both', async () => {
    const configParams = {
      connector: 'google-analytics',
      account: accounts.get('google-analytics'),
    };
    const before = reportCalls();
    const refused = await harness
      .call('getData', {
        configParams,
        fields: [{ name: 'item_name' }, { name: 'event_count' }],
        dateRange: RANGE,
      })
      .then(
        () => '',
        (error: unknown) => String(error),
      );
    expect(refused).toContain('"Item name"');
    expect(refused).toContain('"Event count"');
    expect(reportCalls()).toBe(before);
  });

  it('Google Ads: every selectable field of its campaign, ad group, ad, keyword and search-term reports, from its field service', async () => {
    const before = reportCalls();
    const schema = await schemaOf('google-ads');
    expect(reportCalls() - before).toBe(1);
    expect(schema.length).toBeGreaterThanOrEqual(150);
    for (const field of schema) {
      expect(field.label, field.name).toBeTruthy();
      expect(field.description, field.name).toBeTruthy();
      if (field.semantics.conceptType === 'METRIC') {
        expect(field.defaultAggregationType, field.name).toBeTruthy();
      }
    }
    const byName = new Map(schema.map((f) => [f.name, f]));
    expect(byName.get('cost')?.semantics.semanticType).toBe('CURRENCY_USD');
    expect(byName.get('search_impression_share')?.semantics.semanticType).toBe('PERCENT');
    expect(byName.get('average_time_on_site')?.semantics.semanticType).toBe('DURATION');
    expect(byName.get('keyword_text')?.semantics.conceptType).toBe('DIMENSION');
    expect(byName.get('search_term')?.label).toBe('Search term');
    // Ids reports already use keep working.
    expect(byName.get('campaign')?.label).toBe('Campaign');
  });

  it('Google Ads: a chart by a segment comes back with rows', async () => {
    const configParams = { connector: 'google-ads', account: accounts.get('google-ads') };
    const fields = ['date', 'campaign', 'device', 'clicks', 'cost'];
    const data = await harness.call<{ schema: BuiltField[]; rows: Array<{ values: unknown[] }> }>(
      'getData',
      { configParams, fields: fields.map((name) => ({ name })), dateRange: RANGE },
    );
    expect(data.schema.map((f) => f.name)).toEqual(fields);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.every((r) => typeof r.values[2] === 'string')).toBe(true);
    expect(findConnectorByName('google-ads')).toBeDefined();
    expect(new Set(data.rows.map((r) => r.values[2]))).toEqual(
      new Set(['MOBILE', 'DESKTOP', 'TABLET']),
    );
  });

  it('Google Ads: a keyword chart by ad group and device comes back with rows from the keyword report', async () => {
    const configParams = { connector: 'google-ads', account: accounts.get('google-ads') };
    const fields = [
      'date',
      'ad_group_name',
      'keyword_text',
      'device',
      'clicks',
      'cost',
      'search_impression_share',
    ];
    const data = await harness.call<{ schema: BuiltField[]; rows: Array<{ values: unknown[] }> }>(
      'getData',
      { configParams, fields: fields.map((name) => ({ name })), dateRange: RANGE },
    );
    expect(data.schema.map((f) => f.name)).toEqual(fields);
    // Read FROM keyword_view: a row per keyword (3 campaigns of 2 ad groups of 3), day and device.
    expect(data.rows.length).toBe(7 * 18 * 3);
    expect(new Set(data.rows.map((r) => r.values[3]))).toEqual(
      new Set(['MOBILE', 'DESKTOP', 'TABLET']),
    );
    for (const row of data.rows) {
      expect(row.values[2]).toMatch(/plumb|heater|drain/);
      expect(typeof row.values[4]).toBe('number');
      expect(row.values[6]).toBeGreaterThanOrEqual(0);
      expect(row.values[6]).toBeLessThanOrEqual(1);
    }
    expect(data.rows.filter((r) => Number(r.values[6]) > 0).length).toBeGreaterThan(100);
  });

  it('Google Ads: fields no one report has, or a segment with a metric it is not selectable with, are refused with a 400 before any provider call', async () => {
    const { accessToken } = await authorizeConnector(ctx, owner.cookie);
    const startJob = (fields: string[]) =>
      dataCall(ctx.base, accessToken, DATA_API.createJob, {
        json: { account: accounts.get('google-ads'), fields, dateRange: RANGE },
      });
    const messageOf = (answer: { body: Record<string, unknown> }) =>
      String((answer.body.error as { message?: string } | undefined)?.message);
    const before = reportCalls();
    const reports = await startJob(['ad_name', 'keyword_text', 'clicks']);
    expect(reports.status).toBe(400);
    expect(messageOf(reports)).toContain('"Ad name" (in the ad reports)');
    expect(messageOf(reports)).toContain('"Keyword text" (in the keyword reports)');
    const selectable = await startJob(['date', 'conversion_action_name', 'clicks']);
    expect(selectable.status).toBe(400);
    expect(messageOf(selectable)).toBe(
      'Google Ads cannot select "Conversion action name" together with "Clicks". Remove one of them from the chart, or show them in two charts.',
    );
    expect(reportCalls()).toBe(before);
    const allowed = await startJob(['date', 'conversion_action_name', 'conversions']);
    expect(allowed.status).toBe(200);
  });
});
