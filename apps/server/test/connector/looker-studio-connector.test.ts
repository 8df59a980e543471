import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ConnectorError,
  startConnectorHarness,
} from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  consentAs,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { ReportError } from '../helpers/report-fetcher.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

interface BuiltField {
  name: string;
  label: string;
  dataType: string;
  semantics: { conceptType: string; semanticType: string };
}

/**
 * The sample connector's own code, run as Apps Script runs it, against the real server: a
 * member authorizes it, then Looker Studio's calls (config, schema, data) go through OAuth,
 * the data API, its jobs and the report fetcher, and back.
 */
describeEachDatabase('Looker Studio sample connector (harness)', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let accountId: string;
  let connector: ReturnType<typeof startConnectorHarness>;
  const configParams = () => ({ connector: 'google-analytics', account: accountId });

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { env: { DATA_API_PAGE_SIZE: '100' } });
    owner = await signIn(ctx.app, ctx.identity, 'connector-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    connector = startConnectorHarness({
      scriptProperties: {
        APP_URL: ctx.base,
        CLIENT_ID,
        CLIENT_SECRET,
        ENVIRONMENT: 'production',
      },
      redirectUri: REDIRECT_URI,
      // While the connector waits between polls, the server's job loop runs (as on its timer).
      onSleep: async () => {
        await backgroundJobs(ctx.app).runDataJobs();
      },
    });
  });
  afterAll(async () => {
    await connector.close();
    await ctx.app.close();
  });

  it('authorizes with OAuth2 (PKCE) after a member allows it on the consent screen', async () => {
    expect(await connector.call('getAuthType')).toEqual({ type: 'OAUTH2' });
    expect(await connector.call('isAuthValid')).toBe(false);
    const authorizationUrl = await connector.call<string>('get3PAuthorizationUrls');
    expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');
    const back = await consentAs(ctx, owner.cookie, authorizationUrl);
    const page = await connector.call<{ getContent?: unknown }>('authCallback', {
      parameter: Object.fromEntries(back.searchParams),
    });
    expect(page).toBeDefined();
    expect(await connector.call('isAuthValid')).toBe(true);
  });

  it('getConfig offers the team’s connectors, then their accounts', async () => {
    const first = await connector.call<{ isSteppedConfig: boolean; configParams: unknown[] }>(
      'getConfig',
      {},
    );
    expect(first.isSteppedConfig).toBe(true);
    expect(first.configParams).toContainEqual(
      expect.objectContaining({
        name: 'connector',
        options: [{ label: 'Google Analytics', value: 'google-analytics' }],
      }),
    );
    const second = await connector.call<{
      configParams: Array<{ name: string; options: unknown[] }>;
    }>('getConfig', { configParams: { connector: 'google-analytics' } });
    const account = second.configParams.find((p) => p.name === 'account');
    expect(account?.options).toEqual([{ label: 'Property 1', value: accountId }]);
  });

  it('getSchema builds the fields with their semantic types', async () => {
    const { schema } = await connector.call<{ schema: BuiltField[] }>('getSchema', {
      configParams: configParams(),
    });
    expect(schema.map((f) => f.name)).toEqual(['date', 'campaign', 'sessions', 'cost']);
    expect(schema.find((f) => f.name === 'cost')).toMatchObject({
      dataType: 'NUMBER',
      semantics: { conceptType: 'METRIC', semanticType: 'CURRENCY_USD' },
    });
  });

  it('getData starts a job, polls it with back-off and reads every page of rows', async () => {
    ctx.reports.control.campaignsPerDay = 30;
    const result = await connector.call<{
      schema: BuiltField[];
      rows: Array<{ values: unknown[] }>;
    }>('getData', {
      configParams: configParams(),
      fields: [{ name: 'date' }, { name: 'campaign' }, { name: 'sessions' }],
      dateRange: { startDate: '2026-02-01', endDate: '2026-02-10' },
    });
    expect(result.schema.map((f) => f.name)).toEqual(['date', 'campaign', 'sessions']);
    // 10 days × 30 campaigns, served in pages of 100.
    expect(result.rows).toHaveLength(300);
    expect(result.rows[0]?.values).toEqual(['20260201', 'Campaign 1', expect.any(Number)]);
  });

  it('a failed job reaches Looker Studio as the reason, with where to reconnect', async () => {
    ctx.reports.control.failures = [new ReportError('reconnect', 'Access was revoked.')];
    const failed = await connector
      .call('getData', {
        configParams: configParams(),
        fields: [{ name: 'date' }],
        dateRange: { startDate: '2026-01-01', endDate: '2026-01-02' },
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ConnectorError);
    expect((failed as ConnectorError).userError).toBe(
      `Access was revoked. Reconnect Google Analytics at ${ctx.base}/data-sources`,
    );
  });

  it('resetAuth revokes the grant at the app', async () => {
    await connector.call('resetAuth');
    expect(await connector.call('isAuthValid')).toBe(false);
    const live = await db()
      .selectFrom('connector_grants')
      .select('grant_id')
      .where('team_id', '=', owner.team.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
