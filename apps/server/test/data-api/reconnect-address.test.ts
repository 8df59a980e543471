import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BusinessUnit } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { createDataJobsRepository } from '../../src/modules/data-api/data-jobs.repository.ts';
import { seedReportLogin, startDataApiApp } from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { ReportError } from '../helpers/report-fetcher.ts';
import { signIn } from '../helpers/sign-in.ts';
import { HOSTS } from '../helpers/test-app.ts';

/**
 * A report job runs in the background, with no request to take a host from: the address a
 * failed job tells the person to reconnect at is on their team's brand, where they sign in.
 */
describeEachDatabase('data API: where a failed job says to reconnect', (db) => {
  let ctx: DataApiContext;
  beforeAll(async () => {
    ctx = await startDataApiApp(db(), {
      env: {
        APP_ORIGINS: Object.values(HOSTS)
          .map((host) => `http://${host}`)
          .join(','),
      },
    });
  });
  afterAll(() => ctx.app.close());

  it.each<BusinessUnit>(['RAVEN_GDS', 'TAPCLICKS_GDS'])(
    'a %s team is sent to its own brand’s Data Sources page',
    async (unit) => {
      const owner = await signIn(ctx.app, ctx.identity, `reconnect-${unit}@example.com`, unit);
      const { accountIds } = await seedReportLogin(db(), owner.team.id);
      const now = new Date(Date.now() - 1000);
      const jobId = await createDataJobsRepository(db()).insertUnlessInFlight({
        teamId: owner.team.id,
        userId: owner.user.id,
        connectorId: 1,
        accountId: accountIds[0] ?? '',
        requestKey: `reconnect-${unit}`,
        request: {
          fields: ['date'],
          dateRange: { startDate: '2026-01-01', endDate: '2026-01-07' },
          filters: [],
        },
        pageSize: 100,
        now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        freshSince: now,
      });
      ctx.reports.control.failures = [new ReportError('reconnect', 'Access was revoked.')];
      await backgroundJobs(ctx.app).runDataJobs();
      const job = await db()
        .selectFrom('data_jobs')
        .select(['state', 'failure_reason'])
        .where('id', '=', jobId ?? '')
        .executeTakeFirst();
      expect(job).toEqual({
        state: 'failed',
        failure_reason: `Access was revoked. Reconnect Google Analytics at http://${HOSTS[unit]}/data-sources`,
      });
    },
  );
});
