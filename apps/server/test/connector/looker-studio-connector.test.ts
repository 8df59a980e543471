import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ConnectorError,
  harnessClock,
  jsonAnswer,
  startConnectorHarness,
} from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import type {
  HttpAnswer,
  HttpRequest,
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
  const clock = harnessClock();
  let intercept: ((request: HttpRequest) => HttpAnswer | undefined) | undefined;
  const configParams = () => ({ connector: 'google-analytics', account: accountId });
  /** The data API's schema answered with these fields instead of the account's. */
  const schemaOf =
    (fields: unknown[]) =>
    (request: HttpRequest): HttpAnswer | undefined =>
      request.url.includes('/schema?') ? jsonAnswer({ fields }) : undefined;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock: clock.clock, env: { DATA_API_PAGE_SIZE: '100' } });
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
      clock,
      intercept: (request) => intercept?.(request),
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
    // The PKCE verifier travels in the state token, which is opaque: it is not in the address.
    const state = new URL(authorizationUrl).searchParams.get('state') ?? '';
    expect(state.length).toBeGreaterThan(200);
    expect(authorizationUrl).not.toContain('codeVerifier');
    const back = await consentAs(ctx, owner.cookie, authorizationUrl);
    const page = await connector.callback(back);
    expect(page.html).toContain('Authorized. You can close this tab');
    expect(await connector.call('isAuthValid')).toBe(true);
  });

  it('the callback shows a page saying what went wrong when the app refuses the code', async () => {
    const authorizationUrl = await connector.call<string>('get3PAuthorizationUrls');
    const back = new URL(REDIRECT_URI);
    back.searchParams.set('code', 'not-a-code-the-app-issued');
    back.searchParams.set('state', new URL(authorizationUrl).searchParams.get('state') ?? '');
    const page = await connector.callback(back);
    expect(page.html).toContain('The connector could not be authorized: Error retrieving token:');
    expect(page.html).toContain('invalid_grant');
    expect(page.html).toContain('Go back to Looker Studio and authorize it again.');
  });

  it('the callback shows the error the app sent back, and Cancel as not authorized', async () => {
    const state = new URL(await connector.call<string>('get3PAuthorizationUrls')).searchParams.get(
      'state',
    );
    const back = new URL(REDIRECT_URI);
    back.searchParams.set('state', state ?? '');
    back.searchParams.set('error', 'invalid_scope');
    expect((await connector.callback(back)).html).toContain(
      'The connector could not be authorized: Error authorizing token: invalid_scope',
    );
    back.searchParams.set('error', 'access_denied');
    expect((await connector.callback(back)).html).toContain('Not authorized.');
  });

  it('a callback whose state token was not made by the script, or timed out, runs nothing', async () => {
    const back = new URL(REDIRECT_URI);
    back.searchParams.set('code', 'x');
    back.searchParams.set('state', 'forged');
    await expect(connector.callback(back)).rejects.toThrow('The state token is invalid');
    const state = new URL(await connector.call<string>('get3PAuthorizationUrls')).searchParams.get(
      'state',
    );
    back.searchParams.set('state', state ?? '');
    clock.advance(61 * 60 * 1000);
    await expect(connector.callback(back)).rejects.toThrow('The state token is invalid');
    // Still authorized: nothing ran.
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
    // The account's fields, then the connector's own Data notes.
    expect(schema.map((f) => f.name)).toEqual([
      'date',
      'campaign',
      'sessions',
      'cost',
      'data_notes',
    ]);
    expect(schema.at(-1)).toMatchObject({
      label: 'Data notes',
      dataType: 'STRING',
      semantics: { conceptType: 'DIMENSION', semanticType: 'TEXT' },
    });
    expect(schema.find((f) => f.name === 'cost')).toMatchObject({
      dataType: 'NUMBER',
      semantics: { conceptType: 'METRIC', semanticType: 'CURRENCY_USD' },
    });
  });

  it('a currency or aggregation Looker Studio does not list is mapped, not refused', async () => {
    // A data API schema naming a currency missing from Looker Studio's FieldType list, and the
    // data API's NONE aggregation (Looker Studio's NO_AGGREGATION).
    const metric = (id: string, semanticType: string, aggregation: string) => ({
      id,
      name: id,
      description: id,
      semantics: { conceptType: 'METRIC', semanticType },
      aggregation,
    });
    intercept = schemaOf([metric('cost', 'CURRENCY_XOF', 'SUM'), metric('rank', 'NUMBER', 'NONE')]);
    try {
      const { schema } = await connector.call<{ schema: BuiltField[] }>('getSchema', {
        configParams: configParams(),
      });
      expect(schema).toEqual([
        expect.objectContaining({
          name: 'cost',
          dataType: 'NUMBER',
          semantics: { conceptType: 'METRIC', semanticType: 'NUMBER' },
        }),
        expect.objectContaining({ name: 'rank', defaultAggregationType: 'NO_AGGREGATION' }),
        expect.objectContaining({ name: 'data_notes' }),
      ]);
    } finally {
      intercept = undefined;
    }
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

    // The same chart again (a viewer, a refresh): the stored result's start carries page 1,
    // so the connector polls nothing and reads only the pages after it.
    const before = connector.requests.length;
    const again = await connector.call<{ rows: Array<{ values: unknown[] }> }>('getData', {
      configParams: configParams(),
      fields: [{ name: 'date' }, { name: 'campaign' }, { name: 'sessions' }],
      dateRange: { startDate: '2026-02-01', endDate: '2026-02-10' },
    });
    expect(again.rows).toEqual(result.rows);
    const calls = connector.requests.slice(before).map((r) => `${r.method} ${r.url}`);
    expect(calls.filter((c) => c.includes('/schema?'))).toEqual([]);
    expect(calls.filter((c) => c.includes('/jobs'))).toEqual([
      expect.stringMatching(/^POST .*\/jobs$/),
      expect.stringMatching(/^GET .*\/jobs\/[^?]+\?page=2$/),
      expect.stringMatching(/^GET .*\/jobs\/[^?]+\?page=3$/),
    ]);
  });

  it('charts read the account’s fields once an hour, and anew for a field made since', async () => {
    const chart = (names: string[]) =>
      connector.call<{ rows: unknown[] }>('getData', {
        configParams: configParams(),
        fields: names.map((name) => ({ name })),
        dateRange: { startDate: '2026-02-01', endDate: '2026-02-02' },
      });
    const schemaCalls = () => connector.requests.filter((r) => r.url.includes('/schema?')).length;
    const field = (id: string, conceptType: string, semanticType: string) => ({
      id,
      name: id,
      description: `The ${id}.`,
      semantics: { conceptType, semanticType },
      ...(conceptType === 'METRIC' ? { aggregation: 'SUM' } : {}),
    });
    // Whatever an earlier chart held has lapsed; the list read now lacks campaign (a field
    // made at the provider since).
    clock.advance(3601 * 1000);
    intercept = schemaOf([
      field('date', 'DIMENSION', 'YEAR_MONTH_DAY'),
      field('sessions', 'METRIC', 'NUMBER'),
    ]);
    try {
      const before = schemaCalls();
      await chart(['date', 'sessions']);
      await chart(['sessions']);
      expect(schemaCalls() - before).toBe(1);
    } finally {
      intercept = undefined;
    }
    // A chart naming a field the held list lacks reads the list anew, and holds that one.
    const before = schemaCalls();
    expect((await chart(['date', 'campaign', 'sessions'])).rows.length).toBeGreaterThan(0);
    await chart(['campaign', 'sessions']);
    expect(schemaCalls() - before).toBe(1);
    // An hour on, the list is read again.
    clock.advance(3601 * 1000);
    await chart(['date', 'sessions']);
    expect(schemaCalls() - before).toBe(2);
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

  it('a token the data API refuses is renewed once under the lock, and the call made again', async () => {
    let refusals = 0;
    intercept = (request) => {
      if (!request.url.endsWith('/connectors') || refusals > 0) return undefined;
      refusals += 1;
      return { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: '{}' };
    };
    const before = connector.requests.length;
    try {
      const config = await connector.call<{ configParams: unknown[] }>('getConfig', {});
      expect(config.configParams).toHaveLength(1);
    } finally {
      intercept = undefined;
    }
    const made = connector.requests.slice(before).map((r) => r.url.replace(/^.*\/\/[^/]+/, ''));
    expect(made.filter((path) => path === '/connector-oauth/token')).toHaveLength(1);
    expect(made.filter((path) => path.endsWith('/connectors'))).toHaveLength(2);
    expect(await connector.call('isAuthValid')).toBe(true);
  });

  it('resetAuth revokes the grant at the app and forgets the token everywhere it was kept', async () => {
    // The token is in the person's properties and in their cache, shared by every execution.
    expect(connector.userProperties()['oauth2.gds']).toContain('refresh_token');
    expect(connector.userCache()['oauth2.gds']).toContain('refresh_token');
    await connector.call('resetAuth');
    expect(
      Object.keys(connector.userProperties()).filter((k) => k.startsWith('oauth2.gds')),
    ).toEqual([]);
    // No stale token is left in the cache for another execution to find.
    expect(connector.userCache()['oauth2.gds'] ?? '"__NULL__"').toBe('"__NULL__"');
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
