import { afterAll, beforeAll, expect, it } from 'vitest';
import { findConnectorByName } from '@gds/contract';
import {
  ConnectorError,
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
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { connectedAccount } from '../reports/sandbox-reports-support.ts';

interface BuiltField {
  name: string;
}
interface DataAnswer {
  schema: BuiltField[];
  rows: Array<{ values: unknown[] }>;
}

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-14' };
/** Two months of landing pages by source and day: more than one page of 100 rows. */
const LONG_RANGE = { startDate: '2026-05-01', endDate: '2026-06-30' };
const LANDING_PAGES = ['date', 'source', 'landing_page', 'sessions'];
/** The sandbox's busy property: sampled over more than a week, and subject to thresholding. */
const BUSY_NOTES = 'Figures are estimates from a sample; rows with few users may be withheld.';

/**
 * The sample connector's optional "Data notes" dimension, in demo mode with nothing stubbed:
 * the sandbox's GA4 reports sampling and thresholding for every login's second property, the
 * app passes them on as the job's notices, and the connector's own code puts them on the rows.
 */
describeEachDatabase('sample connector: Data notes from the data API’s notices', (db) => {
  let ctx: SandboxContext;
  let harness: ReturnType<typeof startConnectorHarness>;
  let intercept: ((request: HttpRequest) => HttpAnswer | undefined) | undefined;
  let busy = '';
  let normal = '';
  /** The job the chart with Data notes asked for, for the one without to compare with. */
  let jobWithNotes = '';
  const ga4 = (account: string) => ({ connector: 'google-analytics', account });
  const getData = (account: string, fields: string[], dateRange = RANGE) =>
    harness.call<DataAnswer>('getData', {
      configParams: ga4(account),
      fields: fields.map((name) => ({ name })),
      dateRange,
    });
  /** The fields of every job the connector started since `from` (its requests' index). */
  const jobsAsked = (from: number) =>
    harness.requests
      .slice(from)
      .filter((r) => r.method === 'POST' && r.url.endsWith('/jobs'))
      .map((r) => r.body ?? '');

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db(), {
      env: {
        // The smallest page: two weeks of landing pages by day take more than one.
        DATA_API_PAGE_SIZE: '100',
      },
    });
    const owner = await signIn(ctx.app, ctx.identity, 'notes-owner@example.com');
    await connectedAccount(ctx, db(), owner, 'google-analytics');
    const properties = await db()
      .selectFrom('data_source_accounts')
      .select(['id', 'external_id'])
      .where('team_id', '=', owner.team.id)
      .where('connector_id', '=', findConnectorByName('google-analytics')?.id ?? -1)
      .orderBy('external_id')
      .execute();
    busy = properties.find((p) => p.external_id.endsWith('-2'))?.id ?? '';
    normal = properties.find((p) => !p.external_id.endsWith('-2'))?.id ?? '';
    expect(busy && normal).toBeTruthy();
    harness = startConnectorHarness({
      scriptProperties: { APP_URL: ctx.base, CLIENT_ID, CLIENT_SECRET, ENVIRONMENT: 'production' },
      redirectUri: REDIRECT_URI,
      intercept: (request) => intercept?.(request),
      onSleep: async () => {
        await backgroundJobs(ctx.app).runDataJobs();
      },
    });
    const authorizationUrl = await harness.call<string>('get3PAuthorizationUrls');
    const back = await consentAs(ctx, owner.cookie, authorizationUrl);
    expect((await harness.callback(back)).html).toContain('Authorized');
  });
  afterAll(async () => {
    await harness?.close();
    await ctx?.app.close();
  });

  it('on a sampled, thresholded property every row carries the notes, and the data API is not asked for them', async () => {
    const from = harness.requests.length;
    const data = await getData(busy, ['date', 'data_notes', 'sessions']);
    expect(data.schema.map((f) => f.name)).toEqual(['date', 'data_notes', 'sessions']);
    expect(data.rows).toHaveLength(14);
    for (const row of data.rows) {
      expect(row.values).toEqual([
        expect.stringMatching(/^202603/),
        BUSY_NOTES,
        expect.any(Number),
      ]);
    }
    const asked = jobsAsked(from);
    expect(asked).toHaveLength(1);
    jobWithNotes = asked[0] ?? '';
    expect(jobWithNotes).not.toContain('data_notes');
    expect(JSON.parse(asked[0] ?? '{}')).toEqual({
      account: busy,
      fields: ['date', 'sessions'],
      dateRange: RANGE,
      filters: [],
    });
  });

  it('rows lumped into "(other)" are noted too, on every page of the answer', async () => {
    const data = await getData(busy, [...LANDING_PAGES, 'data_notes'], LONG_RANGE);
    expect(data.rows.length).toBeGreaterThan(100);
    const notes = new Set(data.rows.map((row) => row.values[4]));
    expect([...notes]).toEqual([
      'Figures are estimates from a sample; rows with few users may be withheld; some rows are lumped into "(other)".',
    ]);
  });

  it('the same chart without Data notes is the same job: the notes change no key', async () => {
    const from = harness.requests.length;
    const providerCalls = ctx.control.count('report', 'google-analytics');
    const data = await getData(busy, ['date', 'sessions']);
    expect(data.rows).toHaveLength(14);
    expect(jobsAsked(from)).toEqual([jobWithNotes]);
    // Answered from the first chart's result: the provider was not asked again.
    expect(ctx.control.count('report', 'google-analytics')).toBe(providerCalls);
  });

  it('on a property whose figures are whole, Data notes is empty', async () => {
    const data = await getData(normal, ['data_notes', 'date', 'sessions']);
    expect(data.rows.length).toBeGreaterThan(0);
    for (const row of data.rows) {
      expect(row.values).toEqual(['', expect.stringMatching(/^202603/), expect.any(Number)]);
    }
  });

  it('a chart of Data notes alone gets one row with the notes on the account’s figures', async () => {
    const from = harness.requests.length;
    const data = await getData(busy, ['data_notes'], {
      startDate: '2026-04-01',
      endDate: '2026-04-14',
    });
    expect(data.schema.map((f) => f.name)).toEqual(['data_notes']);
    expect(data.rows).toEqual([{ values: [BUSY_NOTES] }]);
    const asked = JSON.parse(jobsAsked(from)[0] ?? '{}') as { fields: string[] };
    expect(asked.fields).toHaveLength(1);
    expect(asked.fields).not.toContain('data_notes');
  });

  it('an admin finds the notices in full in the execution’s log, and in the debug text of a report that fails after reading them', async () => {
    const logged = harness.logs.length;
    await getData(busy, ['date', 'sessions']);
    // Not an admin: nothing is logged.
    expect(harness.logs.slice(logged)).toEqual([]);

    harness.setScriptProperty('DEBUG', 'true');
    try {
      await getData(busy, ['date', 'sessions', 'data_notes']);
      const lines = harness.logs.slice(logged);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ fn: 'getData', level: 'WARNING' });
      expect(lines[0]?.text).toMatch(
        /^Data notices: sampled: Google Analytics sampled these figures from 25% of the events.* thresholded: Google Analytics may have withheld rows with few users/,
      );

      // The second page is gone by the time it is read: the report fails with the data API's
      // message, and its debug text, shown to admins only, adds the notices of the first page.
      intercept = (request) =>
        request.url.includes('?page=2')
          ? jsonAnswer(
              { error: { code: 'NOT_FOUND', message: 'That report job was not found.' } },
              404,
            )
          : undefined;
      const failed = await getData(busy, LANDING_PAGES, LONG_RANGE).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(ConnectorError);
      expect((failed as ConnectorError).userError).toBe('That report job was not found.');
      expect((failed as ConnectorError).debugText).toMatch(
        /^That report job was not found\.\nData notices: sampled: .* thresholded: /,
      );
    } finally {
      intercept = undefined;
      harness.setScriptProperty('DEBUG', 'false');
    }
  });
});
