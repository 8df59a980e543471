import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API, findConnectorByName } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { connectOAuth } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

/**
 * Accounts in their own time zones and currencies, in demo mode with nothing stubbed: the
 * sandbox's GA4 properties report in New York, London and Sydney, in dollars, pounds and
 * Australian dollars, and discovery reads each property's zone and currency from the provider.
 * At 14:00 UTC on 20 March it is already the 21st in Sydney and still the 20th in New York.
 */
describeEachDatabase(
  "data API: each account's days and money in its own zone and currency",
  (db) => {
    const clock = testClock(new Date('2026-03-20T14:00:00Z'));
    let ctx: SandboxContext;
    let owner: SignedIn;
    let token: string;
    let newYork: string;
    let sydney: string;

    beforeAll(async () => {
      ctx = await startConnectorSandboxApp(db(), { clock });
      owner = await signIn(ctx.app, ctx.identity, 'zones-owner@example.com');
      const connector = findConnectorByName('google-analytics');
      if (!connector) throw new Error('no Google Analytics connector');
      const { result } = await connectOAuth(ctx, owner.cookie, connector.id);
      expect(result.status, result.error ?? '').toBe('connected');
      const rows = await db()
        .selectFrom('data_source_accounts')
        .select(['id', 'details'])
        .where('team_id', '=', owner.team.id)
        .where('connector_id', '=', connector.id)
        .orderBy('external_id')
        .execute();
      expect(rows.map((r) => r.details.timeZone)).toEqual([
        'America/New_York',
        'Europe/London',
        'Australia/Sydney',
      ]);
      newYork = rows[0]?.id ?? '';
      sydney = rows[2]?.id ?? '';
      token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
    });
    afterAll(() => ctx.app.close());

    const schema = async (account: string) => {
      const answer = await dataCall(ctx.base, token, DATA_API.schema, {
        params: { connector: 'google-analytics' },
        query: { account },
      });
      expect(answer.status, answer.text).toBe(200);
      // The property's ~270 fields travel gzipped, each answer's gzip made once for its bytes:
      // a Sydney property's answer is never sent for a New York one.
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      return answer.json();
    };

    it("answers the schema with the account's currency and a default range ending on its yesterday", async () => {
      const revenueType = (answer: Awaited<ReturnType<typeof schema>>) =>
        answer.fields.find((f) => f.id === 'total_revenue')?.semantics.semanticType;
      const inSydney = await schema(sydney);
      expect(revenueType(inSydney)).toBe('CURRENCY_AUD');
      expect(inSydney.defaultDateRange.endDate).toBe('2026-03-20');
      const inNewYork = await schema(newYork);
      expect(revenueType(inNewYork)).toBe('CURRENCY_USD');
      expect(inNewYork.defaultDateRange.endDate).toBe('2026-03-19');
      expect(revenueType(await schema(sydney))).toBe('CURRENCY_AUD');
    });

    it('dates rows in the account’s zone: the 21st has figures in Sydney, none yet in New York', async () => {
      const today = async (account: string) => {
        const created = await dataCall(ctx.base, token, DATA_API.createJob, {
          json: {
            account,
            fields: ['date', 'sessions'],
            dateRange: { startDate: '2026-03-20', endDate: '2026-03-21' },
          },
        });
        expect(created.status, created.text).toBe(200);
        await backgroundJobs(ctx.app).runDataJobs();
        const polled = await dataCall(ctx.base, token, DATA_API.pollJob, {
          params: { jobId: created.json().jobId },
          query: { page: 1 },
        });
        expect(polled.status, polled.text).toBe(200);
        const answer = polled.json();
        expect(answer.state).toBe('done');
        return (answer.rows ?? []).map((row) => row[0]);
      };
      expect(await today(sydney)).toEqual(['20260320', '20260321']);
      expect(await today(newYork)).toEqual(['20260320']);
    });
  },
);
