import type { FastifyBaseLogger } from 'fastify';
import { findConnector, type DataJobQuery } from '@gds/contract';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { unitOriginOf } from '../../http/app-origin.ts';
import type { DataJobRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import type { ReportDaysCounter } from '../../lib/metrics.ts';
import type { AccessTokens } from '../credentials/access-token.ts';
import { findAccount } from '../credentials/credentials.service.ts';
import { findTeam } from '../team/team.service.ts';
import type { ReportFetchers } from '../reports/report-fetcher.ts';
import { ReportError, reportAccountOf } from '../reports/report-fetcher.ts';
import type { AccountFields } from './account-fields.ts';
import type { ReportSignals } from '../reports/report-signals.ts';
import { emptySignals } from '../reports/report-signals.ts';
import { quotaName, quotaWaitOf, recordQuota } from '../reports/provider-quota.ts';
import { createDataJobsRepository } from './data-jobs.repository.ts';
import { createDayStore } from './day-store.ts';
import { recordJobEnd } from './data-request-log.ts';
import { cleanRows } from './report-values.ts';

/** The longest back-off between two tries of one job. */
const MAX_BACKOFF_MS = 5 * 60 * 1000;

/**
 * The quota units a job's calls spent: the most any one quota counted (GA4 deducts a call's
 * tokens from its hourly, daily and per-project quotas alike); null where none counts units.
 */
function spentOf(signals: ReportSignals): number | null {
  const byQuota = new Map<string, number>();
  for (const r of signals.quota) {
    if (r.spent !== null) byQuota.set(r.quota, (byQuota.get(r.quota) ?? 0) + r.spent);
  }
  return byQuota.size === 0 ? null : Math.max(...byQuota.values());
}

export interface DataJobSummary {
  done: number;
  failed: number;
  retried: number;
  /** Put back without a call: the account's provider quota is (nearly) spent. */
  waited: number;
}

/**
 * Runs report jobs: claims one at a time (one instance per job, whatever runs), reads the
 * rows through the connector's fetcher with a fresh access token, and stores them in pages.
 * A rate limit or an outage puts the job back with a growing back-off, up to maxAttempts;
 * then, and for every failure a person must act on, the job fails with a reason that says
 * what to do. A job never stays running: its lease lapses if its instance dies, and another
 * claims it. A job of an account whose provider quota would run out with its next call
 * waits (untried) until the quota refreshes; every answer's quota readings are stored.
 */
export function createDataJobWorker(deps: {
  db: Db;
  clock: Clock;
  fetchers: ReportFetchers;
  accessTokens: AccessTokens;
  /**
   * Each account's fields: the instance's one, so a job and a dashboard's schema calls
   * share a metadata read under way.
   */
  accountFields: AccountFields;
  config: Pick<Config, 'dataApi' | 'publicUrl' | 'appOrigins' | 'skinHosts' | 'connectorTimeoutMs'>;
  log: FastifyBaseLogger;
  /** Counts report days fetched and reused (the instance's metrics). */
  reportDays?: ReportDaysCounter;
}) {
  const jobs = createDataJobsRepository(deps.db);
  const days = createDayStore({
    db: deps.db,
    clock: deps.clock,
    ...(deps.reportDays ? { counter: deps.reportDays } : {}),
  });
  const { dataApi } = deps.config;
  // A report may take several provider calls; the lease outlasts the longest fetch.
  const fetchTimeoutMs = deps.config.connectorTimeoutMs * 3;
  const leaseMs = fetchTimeoutMs * 2;
  /** The Data Sources page on the host of the team's brand, where its members sign in. */
  async function reconnectAt(teamId: string): Promise<string> {
    const team = await findTeam(deps.db, teamId);
    const origin = team
      ? unitOriginOf(team.business_unit, deps.config)
      : new URL(deps.config.publicUrl).origin;
    return `${origin}/data-sources`;
  }

  async function finishFailed(
    job: DataJobRow,
    reason: string,
    calls = 0,
    signals?: ReportSignals,
  ): Promise<'failed'> {
    const now = deps.clock();
    if (await jobs.fail(job, reason, now)) await log(job, now, 0, 'failed', reason, calls, signals);
    return 'failed';
  }

  async function log(
    job: DataJobRow,
    now: Date,
    rows: number,
    outcome: 'done' | 'failed',
    reason: string | null,
    providerCalls: number,
    signals?: ReportSignals,
  ) {
    await recordJobEnd(deps.db, {
      teamId: job.team_id,
      userId: job.user_id,
      connectorId: job.connector_id,
      accountId: job.account_id,
      jobId: job.id,
      requestedAt: job.created_at,
      rowCount: rows,
      durationMs: Math.max(0, now.getTime() - job.created_at.getTime()),
      outcome,
      failureReason: reason,
      providerCalls,
      quotaSpent: signals ? spentOf(signals) : null,
      notices: signals?.notices ?? [],
    });
  }

  /** Stores what the job's calls said about the account's quota (a refusal too). */
  async function keepQuota(job: DataJobRow, signals: ReportSignals) {
    if (signals.quota.length === 0) return;
    await recordQuota(deps.db, {
      teamId: job.team_id,
      accountId: job.account_id,
      readings: signals.quota,
      now: deps.clock(),
    });
  }

  async function run(job: DataJobRow): Promise<keyof DataJobSummary> {
    const signals = emptySignals();
    try {
      return await attempt(job, signals);
    } finally {
      await keepQuota(job, signals);
    }
  }

  async function attempt(job: DataJobRow, signals: ReportSignals): Promise<keyof DataJobSummary> {
    const connector = findConnector(job.connector_id);
    const name = connector?.name ?? 'The data source';
    const reconnect = async (why: string) =>
      `${why.replace(/\s*$/, '')} Reconnect ${name} at ${await reconnectAt(job.team_id)}`;
    if (job.attempts > dataApi.maxAttempts) {
      return finishFailed(
        job,
        `${name} did not answer after ${dataApi.maxAttempts} tries. Refresh the report in a few minutes.`,
      );
    }
    const fetcher = connector ? deps.fetchers.find(connector.nameSimple) : undefined;
    const account = await findAccount(deps.db, job.team_id, job.account_id);
    if (!fetcher || !account || account.deleted_at) {
      return finishFailed(
        job,
        'The account of this report was deleted from the team’s data sources. Choose another account in the connector’s settings.',
      );
    }
    const wait = await quotaWaitOf(deps.db, job.team_id, job.account_id, deps.clock());
    if (wait) {
      const at = wait.until.toISOString();
      const reason = `${name} has nearly used its ${quotaName(wait.quota)} quota for ${account.name}. The report waits instead of failing and is read after ${at.slice(0, 10)} ${at.slice(11, 16)} UTC, when the quota refreshes.`;
      await jobs.waitForQuota(job, wait.until, reason, dataApi.resultTtlMs);
      deps.log.info({ jobId: job.id, quota: wait.quota, until: at }, 'report job waits for quota');
      return 'waited';
    }
    const token = await deps.accessTokens.accessTokenFor(job.team_id, account.credential_id);
    // Provider calls this run makes, counted where fetchers call the provider.
    const calls = { count: 0 };
    try {
      if ('failure' in token) {
        if (token.failure === 'reconnect')
          return await finishFailed(job, await reconnect(token.reason));
        throw new ReportError('unavailable', token.reason);
      }
      // Written by the data API's service from the parsed request alone.
      const request = job.request as DataJobQuery;
      const reportAccount = reportAccountOf(account);
      const schema = await deps.accountFields.schemaOf(
        job.team_id,
        { id: account.id, report: reportAccount },
        fetcher,
        request.fields,
      );
      const byId = new Map(schema.fields.map((f) => [f.id, f]));
      const fields = request.fields.map((id) => byId.get(id));
      if (fields.some((f) => f === undefined)) {
        throw new ReportError(
          'invalid_request',
          `${name} no longer offers some of these fields. Refresh the data source's fields in Looker Studio.`,
        );
      }
      const result = await days.read(job, fetcher, schema, {
        account: reportAccount,
        fields: request.fields,
        dateRange: { start: request.dateRange.startDate, end: request.dateRange.endDate },
        filters: request.filters,
        accessToken: token.token,
        signal: AbortSignal.timeout(fetchTimeoutMs),
        providerCalls: calls,
        catalogue: schema.fields,
        signals,
      });
      const rows = cleanRows(
        fields.filter((f) => f !== undefined),
        result.rows,
      );
      const pages: unknown[][][] = [];
      for (let i = 0; i < rows.length; i += job.page_size)
        pages.push(rows.slice(i, i + job.page_size));
      if (pages.length === 0) pages.push([]);
      const now = deps.clock();
      if (await jobs.finish(job, pages, rows.length, now, signals.notices))
        await log(job, now, rows.length, 'done', null, calls.count, signals);
      return 'done';
    } catch (error) {
      if (!(error instanceof ReportError)) {
        deps.log.error({ err: error, jobId: job.id }, 'a report job failed unexpectedly');
        return finishFailed(
          job,
          'The report could not be read because of an error on our side. Refresh the report; contact support if it keeps happening.',
          calls.count,
          signals,
        );
      }
      if (error.kind === 'rate_limited') {
        // The provider's refusal is a reading too: the account's next jobs wait it out.
        signals.quota.push({
          quota: 'rate_limit',
          spent: null,
          remaining: 0,
          usedPct: 100,
          resetMs: error.retryAfterMs ?? null,
          window: 'call',
        });
      }
      if (error.kind === 'reconnect')
        return finishFailed(job, await reconnect(error.message), calls.count, signals);
      if (error.kind === 'invalid_request')
        return finishFailed(job, error.message, calls.count, signals);
      if (job.attempts >= dataApi.maxAttempts) {
        const what =
          error.kind === 'rate_limited'
            ? 'is limiting requests right now'
            : 'is not answering right now';
        return finishFailed(
          job,
          `${name} ${what} and did not answer after ${job.attempts} tries. Refresh the report in a few minutes.`,
          calls.count,
          signals,
        );
      }
      const backoff = Math.min(
        error.retryAfterMs ?? dataApi.retryBaseMs * 2 ** (job.attempts - 1),
        MAX_BACKOFF_MS,
      );
      await jobs.retryLater(job, new Date(deps.clock().getTime() + backoff));
      deps.log.warn(
        { jobId: job.id, kind: error.kind, attempt: job.attempts, backoffMs: backoff },
        'report job will be retried',
      );
      return 'retried';
    }
  }

  return {
    /**
     * Runs every job due now (at most `limit`), one after another; answers what happened. An
     * aborted `signal` (shutdown) stops it claiming more; the job under way finishes.
     */
    async runOnce(limit = 20, signal?: AbortSignal): Promise<DataJobSummary> {
      const summary: DataJobSummary = { done: 0, failed: 0, retried: 0, waited: 0 };
      for (let i = 0; i < limit && signal?.aborted !== true; i += 1) {
        const job = await jobs.claim(deps.clock(), leaseMs);
        if (!job) break;
        summary[await run(job)] += 1;
      }
      return summary;
    },

    /**
     * Removes results past their expiry (the hourly purge), a few jobs per statement: a job
     * takes all its stored pages with it.
     */
    purge: (signal?: AbortSignal) =>
      deleteInBatches((limit) => jobs.purgeExpired(deps.clock(), limit), 50, signal),
  };
}
