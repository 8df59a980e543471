import { ga4Metadata } from '@gds/sandbox';
import type { Db } from '../src/db/database.ts';
import { requestKeyOf } from '../src/modules/data-api/data-api.service.ts';
import { createFieldCataloguesRepository } from '../src/modules/data-api/field-catalogues.repository.ts';
import { ga4Fields } from '../src/modules/report-connectors/catalogues/ga4-metadata.ts';
import { googleAnalytics } from '../src/modules/report-connectors/google-analytics.fetcher.ts';
import { seedAccounts, seedTeam } from './seed.ts';

/** The Looker Studio connector's OAuth client, as the server process is configured with it. */
export const BENCH_CLIENT = {
  id: 'bench-connector',
  secret: 'bench-connector-secret-0123456789abcdef',
  redirectUri: 'http://localhost/bench/usercallback',
};

/** What the server process needs for the data path: the connector's client, a loose limit. */
export const DATA_PATH_ENV: Record<string, string> = {
  LOOKER_STUDIO_CLIENT_ID: BENCH_CLIENT.id,
  LOOKER_STUDIO_CLIENT_SECRET: BENCH_CLIENT.secret,
  LOOKER_STUDIO_REDIRECT_URIS: BENCH_CLIENT.redirectUri,
  // Each connector here asks far more often than the limits allow a real one (per grant, per
  // team, and jobs per account: the bench's connectors share one team and one account).
  DATA_API_RATE_LIMIT_PER_MINUTE: '100000000',
  DATA_API_TEAM_RATE_LIMIT_PER_MINUTE: '100000000',
  DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
};

/** A stored result: a done job's id and its size. */
export interface StoredResult {
  jobId: string;
  rows: number;
  pageSize: number;
}

/** The data team: its owner signs the connectors in; its stored results, smallest first. */
export interface DataPathSeed {
  sessionToken: string;
  accountId: string;
  /** The report request the chart's result answers (a cached job asks exactly this). */
  cachedRequest: ReturnType<typeof reportRequest>;
  /** A chart's stored result: one page, its rows sent with the cached job's answer. */
  chart: StoredResult;
  results: StoredResult[];
}

/** Result sizes: a small and a large one, so memory can be compared across sizes. */
const SIZES = { full: [10_000, 100_000], smoke: [1_000, 5_000] };
const PAGE_SIZE = { full: 5_000, smoke: 1_000 };
/** A chart's rows: 28 days of 10 campaigns. */
const CHART_ROWS = 280;

/**
 * A team with a Google Analytics account and done jobs holding 10,000 and 100,000 rows (smoke:
 * 1,000 and 5,000), stored as the job worker stores them: one JSON array of rows per page.
 */
export async function seedDataPath(db: Db, smoke: boolean): Promise<DataPathSeed> {
  const team = await seedTeam(db, 'MEGALYTIC_GDS', 'data', 0);
  const [accountId = ''] = await seedAccounts(db, team, 1, 1, 0);
  // The property's field list as GA4's metadata answered it today (the sandbox's property: ~270
  // standard and custom fields, read as the fetcher reads them): a warm job or schema reads it
  // with its first statement and asks the provider nothing (the seeded login has no real token).
  const account = { externalId: 'properties/1', name: 'P', currency: 'USD' };
  const fields = ga4Fields(account, ga4Metadata('1'), googleAnalytics.fields(account));
  await createFieldCataloguesRepository(db).store(team.teamId, accountId, fields, new Date());
  const mode = smoke ? 'smoke' : 'full';
  const results: StoredResult[] = [];
  for (const [n, rows] of SIZES[mode].entries()) {
    // Each result answers its own range.
    results.push(
      await storeResult(db, team, reportRequest(accountId, n + 1), rows, PAGE_SIZE[mode]),
    );
  }
  const chartRequest = reportRequest(accountId, 0);
  const chart = await storeResult(db, team, chartRequest, CHART_ROWS, PAGE_SIZE[mode]);
  return {
    sessionToken: team.sessionToken,
    accountId,
    cachedRequest: chartRequest,
    chart,
    results,
  };
}

/** Google Analytics by day and campaign from 1 January; `months` ends each result's range apart. */
function reportRequest(accountId: string, months: number) {
  return {
    account: accountId,
    fields: ['date', 'campaign', 'sessions', 'total_revenue'],
    dateRange: { startDate: '2026-01-01', endDate: `2026-0${months + 2}-28` },
    filters: [],
  };
}

/** A done job for `request` holding `rows` rows, stored as the job worker stores them. */
async function storeResult(
  db: Db,
  team: { teamId: string; userId: string },
  request: ReturnType<typeof reportRequest>,
  rows: number,
  pageSize: number,
): Promise<StoredResult> {
  const now = new Date();
  const { id } = await db
    .insertInto('data_jobs')
    .values({
      team_id: team.teamId,
      user_id: team.userId,
      connector_id: 1,
      account_id: request.account,
      request_key: requestKeyOf(request),
      request: JSON.stringify({
        fields: request.fields,
        dateRange: request.dateRange,
        filters: request.filters,
      }),
      state: 'done',
      total_rows: rows,
      page_size: pageSize,
      run_after: now,
      created_at: now,
      finished_at: now,
      expires_at: new Date(now.getTime() + 24 * 3600 * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storePages(db, team.teamId, id, rows, pageSize);
  return { jobId: id, rows, pageSize };
}

async function storePages(db: Db, teamId: string, jobId: string, rows: number, size: number) {
  for (let page = 0; page * size < rows; page += 1) {
    const count = Math.min(size, rows - page * size);
    const pageRows = Array.from({ length: count }, (_, i) => {
      const n = page * size + i;
      return [
        `202601${String((n % 28) + 1).padStart(2, '0')}`,
        `Campaign ${n % 250}`,
        n % 997,
        Math.round((n % 1301) * 100) / 700,
      ];
    });
    await db
      .insertInto('data_job_pages')
      .values({ job_id: jobId, team_id: teamId, page: page + 1, rows: JSON.stringify(pageRows) })
      .execute();
  }
}
