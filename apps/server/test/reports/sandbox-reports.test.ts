import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { CONNECTORS } from '@gds/contract';
import type { ReportFetchers, ReportRequest } from '../../src/modules/reports/report-fetcher.ts';
import { ReportError } from '../../src/modules/reports/report-fetcher.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { connectedAccount, ownAllAddons, sandboxFetchers } from './sandbox-reports-support.ts';

/** Up to 60 days ending here: long enough for weekly senders, within every provider's limit. */
const END = '2026-03-31';
const rangeFor = (maxDays: number) => {
  const days = Math.min(maxDays, 60);
  const start = new Date(Date.parse(`${END}T00:00:00Z`) - (days - 1) * 864e5);
  return { start: start.toISOString().slice(0, 10), end: END };
};
const compact = (day: string) => day.replace(/-/g, '');

/** Every connector that can be connected, connected in demo mode and read through its fetcher. */
describeEachDatabase('report fetchers against the sandbox providers', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  let fetchers: ReportFetchers;
  beforeAll(async () => {
    // Every connector's longest answer (60 days, each page) on a loaded machine: the helper's
    // one-second wait suits tests of timeouts, not this one.
    ctx = await startSandboxApp(db(), { env: { CONNECTOR_TIMEOUT_MS: '10000' } });
    owner = await signIn(ctx.app, ctx.identity, 'reporter@example.com');
    await ownAllAddons(db(), owner.team.id);
    fetchers = sandboxFetchers(ctx);
  });
  afterAll(() => ctx.app.close());
  afterEach(() => ctx.control.heal());

  const connectable = CONNECTORS.filter((c) => !c.deprecated);

  const request = (
    base: Awaited<ReturnType<typeof connectedAccount>>,
    fields: readonly string[],
    more: Partial<ReportRequest> = {},
  ): ReportRequest => ({
    ...base,
    fields,
    dateRange: rangeFor(60),
    filters: [],
    signal: AbortSignal.timeout(20_000),
    ...more,
  });

  it.each(connectable.map((c) => [c.nameSimple]))(
    '%s: connected through the connect flow, its rows come back daily, typed and stable',
    async (name) => {
      const fetcher = fetchers.find(name);
      expect(fetcher, `no fetcher for ${name}`).toBeDefined();
      if (!fetcher) return;
      // A team per connector: each connection adds accounts, and plans limit them.
      const team = await signIn(ctx.app, ctx.identity, `${name}@example.com`);
      await ownAllAddons(db(), team.team.id);
      const connected = await connectedAccount(ctx, db(), team, name);
      const documented = fetcher.schema(connected.account);
      // As many fields as one report may hold together (the provider refuses some pairs).
      const fitting = documented.fields.reduce<typeof documented.fields>(
        (chosen, field) => (fetcher.conflict?.([...chosen, field]) ? chosen : [...chosen, field]),
        [],
      );
      const schema = { ...documented, fields: fitting };
      const ids = schema.fields.map((f) => f.id);
      expect(ids).toContain('date');
      const range = rangeFor(schema.maxDaysPerCall);
      const first = await fetcher.fetch(request(connected, ids, { dateRange: range }));
      expect(first.rows.length).toBeGreaterThan(0);
      const dates = [...new Set(first.rows.map((row) => String(row[ids.indexOf('date')])))].sort();
      expect(dates.length).toBeGreaterThanOrEqual(5);
      expect(dates[0]! >= compact(range.start)).toBe(true);
      expect(dates.at(-1)! <= compact(range.end)).toBe(true);
      for (const [i, field] of schema.fields.entries()) {
        if (field.concept !== 'METRIC') continue;
        const values = first.rows.map((row) => row[i]);
        expect(
          values.every((v) => v === null || typeof v === 'number'),
          field.id,
        ).toBe(true);
      }
      const again = await fetcher.fetch(request(connected, ids, { dateRange: range }));
      expect(again.rows).toEqual(first.rows);
    },
  );

  it('an outage, a rate limit and a revoked login each fail as the data API needs', async () => {
    const fetcher = fetchers.find('google-ads');
    const connected = await connectedAccount(ctx, db(), owner, 'google-ads');
    ctx.control.outage('report');
    await expect(fetcher?.fetch(request(connected, ['date', 'clicks']))).rejects.toMatchObject({
      kind: 'unavailable',
    });
    ctx.control.rateLimit('report', 42);
    const limited = await fetcher?.fetch(request(connected, ['clicks'])).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ReportError);
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000 });
    ctx.control.heal();
    ctx.control.revoke('google-ads', 'demo@google-ads.example');
    const revoked = await fetcher?.fetch(request(connected, ['clicks'])).catch((e: unknown) => e);
    expect(revoked).toMatchObject({
      kind: 'reconnect',
      message: expect.stringContaining('Reconnect Google Ads in Data Sources') as unknown,
    });
    expect(String((revoked as Error).message)).not.toContain(connected.accessToken);
  });

  it('a token reads only the accounts its login granted', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'scoped@example.com');
    const connected = await connectedAccount(ctx, db(), team, 'google-analytics');
    const other = { ...connected.account, externalId: 'someone-elses-property' };
    const error = await fetchers
      .find('google-analytics')
      ?.fetch(request(connected, ['sessions'], { account: other }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'reconnect' });
  });
});
