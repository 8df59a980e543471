import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccountFields } from '../../src/modules/data-api/account-fields.ts';
import type { ReportField, ReportFetcher } from '../../src/modules/reports/report-fetcher.ts';
import { seedReportLogin, startDataApiApp } from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const field = (id: string): ReportField => ({
  id,
  name: id,
  description: id,
  concept: 'DIMENSION',
  type: 'TEXT',
});

/**
 * An account's field list from its provider's metadata is stored: a warm read asks the
 * provider nothing, a day-old list is read again, and a report naming a field the list lacks
 * has it read again (at most once a minute) before any refusal.
 */
describeEachDatabase('account fields: stored provider metadata', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  let ctx: DataApiContext;
  let teamId = '';
  let accountId = '';
  let offered: string[] = ['date', 'custom_event_plan'];
  let reads = 0;
  const fetcher: ReportFetcher = {
    connector: 'google-analytics',
    schema: () => ({
      fields: [field('date')],
      defaultDateRangeDays: 28,
      maxDaysPerCall: 90,
      historyDays: 90,
      settleDays: 3,
    }),
    readFields: () => {
      reads += 1;
      return Promise.resolve(offered.map(field));
    },
    fetch: () => Promise.resolve({ rows: [] }),
  };

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock });
    const owner = await signIn(ctx.app, ctx.identity, 'fields-owner@example.com');
    teamId = owner.team.id;
    accountId = (await seedReportLogin(db(), teamId)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());

  it('reads once, answers warm from the store, refreshes a day later and for an unknown field', async () => {
    const fields = createAccountFields({
      db: db(),
      clock,
      accessTokens: { accessTokenFor: () => Promise.resolve({ token: 'token' }) },
      timeoutMs: 1000,
    });
    const account = { id: accountId, report: { externalId: 'p1', name: 'P', currency: null } };
    const ids = async (wanted: string[] = []) =>
      (await fields.schemaOf(teamId, account, fetcher, wanted)).fields.map((f) => f.id);

    expect(await ids()).toEqual(['date', 'custom_event_plan']);
    expect(reads).toBe(1);
    expect(await ids()).toEqual(['date', 'custom_event_plan']);
    expect(reads).toBe(1);

    // A custom field made at the provider since: named by a report, read again.
    offered = ['date', 'custom_event_plan', 'custom_event_size'];
    clock.advance(2 * 60 * 1000);
    expect(await ids(['custom_event_size'])).toContain('custom_event_size');
    expect(reads).toBe(2);
    // A mistyped field does not make every request a metadata call.
    expect(await ids(['nope'])).not.toContain('nope');
    expect(reads).toBe(2);

    // A custom field deleted at the provider leaves the list at the daily refresh.
    offered = ['date', 'custom_event_size'];
    clock.advance(24 * 60 * 60 * 1000);
    expect(await ids()).toEqual(['date', 'custom_event_size']);
    expect(reads).toBe(3);

    // A dashboard's twenty charts asking at once when the list is a day old: one read.
    clock.advance(24 * 60 * 60 * 1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ids()));
    expect(new Set(answers.map((a) => a.join()))).toEqual(new Set(['date,custom_event_size']));
    expect(reads).toBe(4);

    // Another instance reads a newer list: a caller whose statement saw that list's time gets
    // it from the store, though this instance still holds the older one.
    const other = createAccountFields({
      db: db(),
      clock,
      accessTokens: { accessTokenFor: () => Promise.resolve({ token: 'token' }) },
      timeoutMs: 1000,
    });
    offered = ['date', 'custom_event_size', 'custom_event_tier'];
    clock.advance(24 * 60 * 60 * 1000);
    await other.schemaOf(teamId, account, fetcher);
    expect(reads).toBe(5);
    const storedAt = clock();
    offered = ['date'];
    const seen = await fields.schemaOf(teamId, account, fetcher, [], storedAt);
    expect(seen.fields.map((f) => f.id)).toEqual([
      'date',
      'custom_event_size',
      'custom_event_tier',
    ]);
    // A caller whose statement ran before a list this instance read was stored (an older
    // time, or none) is answered with the newer list, not another metadata call.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await ids()).toEqual(['date']);
    expect(reads).toBe(6);
    const before = (await fields.schemaOf(teamId, account, fetcher, [], storedAt)).fields;
    expect(before.map((f) => f.id)).toEqual(['date']);
    expect(reads).toBe(6);
  });

  it('serves the stored list while the provider fails, and refuses only a field nothing lists', async () => {
    const [stored = '', never = ''] = (await seedReportLogin(db(), teamId, { accounts: 2 }))
      .accountIds;
    let failing = false;
    const flaky: ReportFetcher = {
      ...fetcher,
      readFields: () =>
        failing ? Promise.reject(new Error('provider down')) : Promise.resolve(offered.map(field)),
    };
    const fields = createAccountFields({
      db: db(),
      clock,
      accessTokens: { accessTokenFor: () => Promise.resolve({ token: 'token' }) },
      timeoutMs: 1000,
    });
    const report = { externalId: 'p2', name: 'P', currency: null };
    const ids = async (id: string, wanted: string[] = []) =>
      (await fields.schemaOf(teamId, { id, report }, flaky, wanted)).fields.map((f) => f.id);

    offered = ['date', 'custom_event_kept'];
    expect(await ids(stored)).toEqual(['date', 'custom_event_kept']);
    failing = true;
    clock.advance(24 * 60 * 60 * 1000);
    // A day old and the provider down: the stored list still serves, custom fields included.
    expect(await ids(stored, ['custom_event_kept'])).toEqual(['date', 'custom_event_kept']);

    // Never read and the provider down: the documented fields serve what they hold...
    expect(await ids(never, ['date'])).toEqual(['date']);
    // ...and a field only the provider could list is a retryable refusal, not "no such field".
    await expect(ids(never, ['custom_event_kept'])).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('a failing provider is asked once a minute per account, not once per chart', async () => {
    let failures = 0;
    const failing: ReportFetcher = {
      ...fetcher,
      readFields: () => {
        failures += 1;
        return Promise.reject(new Error('metadata unavailable'));
      },
    };
    const fields = createAccountFields({
      db: db(),
      clock,
      accessTokens: { accessTokenFor: () => Promise.resolve({ token: 'token' }) },
      timeoutMs: 1000,
    });
    const { accountIds } = await seedReportLogin(db(), teamId);
    const account = {
      id: accountIds[0] ?? '',
      report: { externalId: 'p2', name: 'Q', currency: null },
    };
    const ids = async () =>
      (await fields.schemaOf(teamId, account, failing)).fields.map((f) => f.id);
    // No list stored, the provider failing: the documented list serves every chart.
    for (let chart = 0; chart < 20; chart += 1) expect(await ids()).toEqual(['date']);
    expect(failures).toBe(1);
    clock.advance(61 * 1000);
    expect(await ids()).toEqual(['date']);
    expect(failures).toBe(2);
  });
});
