import { createHash } from 'node:crypto';
import { CONNECTORS, findConnector, findConnectorByName } from '@gds/contract';
import type { ConnectorDefinition, DataJobPoll } from '@gds/contract';
import type { z } from 'zod';
import type { dataJobRequest, dataSchemaResponse } from '@gds/contract';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { liveAccounts } from '../credentials/credentials.service.ts';
import type { ConnectorCaller } from '../connector-authorization/connector-grants.service.ts';
import type { ReportFetcher, ReportFetchers, ReportSchema } from '../reports/report-fetcher.ts';
import { reportAccountOf } from '../reports/report-fetcher.ts';
import type { AccountFields } from './account-fields.ts';
import { createCachedAnswersRepository } from './cached-answers.repository.ts';
import { checkFilters } from './data-filters.ts';
import { createDataJobsRepository } from './data-jobs.repository.ts';
import { createDataRequestsRepository } from './data-requests.repository.ts';
import { recordDataRequest } from './data-request-log.ts';
import { createFieldCataloguesRepository } from './field-catalogues.repository.ts';
import { schemaAnswer } from './schema-answer.ts';
import { addDays, daysBetween, isDay, yesterday } from './report-days.ts';
import { checkReportRange } from './report-ranges.ts';

type JobRequest = z.output<typeof dataJobRequest>;

/** What the rules read of an account besides its report identity. */
interface AccountRef {
  id: string;
  connector_id: number;
  deleted_at: Date | null;
}

/**
 * How long a connector waits before polling a job that is not done yet: a second at first,
 * then a quarter of the job's age up to 5 s, so a slow report (an asynchronous provider
 * report can take minutes) costs a few polls, not one a second.
 */
const POLL_AGAIN_MS = 1000;
const POLL_AGAIN_MAX_MS = 5000;

/** A poll answer, with done pages as raw JSON text so large pages are never parsed again. */
export type PollAnswer = { json: DataJobPoll } | { text: string };

/**
 * The data API's rules: which account and fields a request may name, starting a job (or
 * answering from a fresh identical one, or joining one in flight), and reading its state and
 * pages. Every refusal happens
 * before anything is started and says what to change.
 */
export function createDataApiService(deps: {
  db: Db;
  clock: Clock;
  fetchers: ReportFetchers;
  /** Each account's fields (stored provider metadata, or the documented catalogue). */
  accountFields: AccountFields;
  config: Pick<Config, 'dataApi'>;
  /** Asks this instance's worker to look for work now (the job just queued). */
  kick: () => void;
  /** Counts a request that joined an identical job in flight instead of starting one. */
  onCoalesced?: () => void;
}) {
  const jobs = createDataJobsRepository(deps.db);
  const cachedAnswers = createCachedAnswersRepository(deps.db);
  const requestLog = createDataRequestsRepository(deps.db);
  const fieldCatalogues = createFieldCataloguesRepository(deps.db);
  /** Connectors this server has reports for (fixed at start-up, like the fetchers). */
  const reportConnectorIds = CONNECTORS.filter((c) => deps.fetchers.find(c.nameSimple)).map(
    (c) => c.id,
  );
  const { dataApi } = deps.config;

  /**
   * The fetcher and report schema of a live account, or a clear refusal. `wanted` are the
   * fields a report names (one the stored field list lacks has it read again); `fieldsStoredAt`
   * is when the stored field list was read, when the caller's statement read it.
   */
  async function targetOf(
    caller: ConnectorCaller,
    account: (Parameters<typeof reportAccountOf>[0] & AccountRef) | undefined,
    wanted: readonly string[] = [],
    fieldsStoredAt?: Date | null,
  ) {
    if (!account || account.deleted_at) {
      throw new AppError(
        'NOT_FOUND',
        'That account is not one of your team’s data sources (it may have been deleted). Choose another account in the connector’s settings.',
        'account',
      );
    }
    const connector = findConnector(account.connector_id);
    const fetcher = connector ? deps.fetchers.find(connector.nameSimple) : undefined;
    if (!connector || !fetcher) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Reports are not available for ${connector?.name ?? 'this data source'} yet.`,
        'account',
      );
    }
    const reportAccount = reportAccountOf(account);
    const schema = await deps.accountFields.schemaOf(
      caller.teamId,
      { id: account.id, report: reportAccount },
      fetcher,
      wanted,
      fieldsStoredAt,
    );
    return { account, connector, fetcher, reportAccount, schema };
  }

  /**
   * The fields and date limits of one account, as Looker Studio's getSchema wants them. The
   * account comes with its stored field list's time, so a list this process holds is sent as
   * written for it, without reading, parsing or writing it again.
   */
  async function describe(
    caller: ConnectorCaller,
    connectorName: string,
    accountId: string,
  ): Promise<JsonText<z.output<typeof dataSchemaResponse>>> {
    const named = findConnectorByName(connectorName);
    if (!named) throw notFound(`The data source "${connectorName}"`);
    const found = await fieldCatalogues.findAccountWithFieldsTime(caller.teamId, accountId);
    const target = await targetOf(caller, found?.account, [], found?.fieldsFetchedAt);
    if (target.connector.id !== named.id) {
      throw new AppError(
        'VALIDATION_FAILED',
        `That account belongs to ${target.connector.name}, not ${named.name}. Choose one of your ${named.name} accounts.`,
        'account',
      );
    }
    // The account's own yesterday: its days end at midnight in its reporting zone.
    const end = yesterday(deps.clock(), target.reportAccount.details?.timeZone);
    return schemaAnswer(
      {
        connector: named.nameSimple,
        account: { id: target.account.id, name: target.account.name },
        defaultDateRange: {
          startDate: addDays(end, 1 - target.schema.defaultDateRangeDays),
          endDate: end,
        },
        // The longest range a report can ask: as far back as the provider keeps data.
        maxDateRangeDays: target.schema.historyDays,
      },
      target.schema.fields,
    );
  }

  /**
   * Starts a report job, or answers a done one for an identical request still fresh. The
   * account, the fresh job and the cached answer's log row are one statement (the hot path).
   * `admit` runs before a job is started or joined (the account's job budget): an answer from
   * a stored result starts nothing, so it spends none of it.
   */
  async function startJob(
    caller: ConnectorCaller,
    request: JobRequest,
    admit: () => Promise<void>,
  ): Promise<PollAnswer> {
    const started = deps.clock();
    const requestKey = requestKeyOf(request);
    const found = await cachedAnswers.findAndLog({
      teamId: caller.teamId,
      userId: caller.userId,
      accountId: request.account,
      requestKey,
      since: new Date(started.getTime() - dataApi.freshnessMs),
      now: started,
      reportConnectorIds,
    });
    const target = await targetOf(
      caller,
      found?.account,
      [...request.fields, ...request.filters.map((f) => f.field)],
      found?.fieldsFetchedAt,
    );
    try {
      checkRequest(target.connector, target.fetcher, target.schema, request, started);
    } catch (error) {
      if (error instanceof AppError) {
        // Rare: the account's fields changed since the stored result; its log row says so.
        if (found?.loggedId) {
          await requestLog.refuseLogged(caller.teamId, found.loggedId, error.message);
        } else {
          await recordDataRequest(deps.db, {
            teamId: caller.teamId,
            userId: caller.userId,
            connectorId: target.connector.id,
            accountId: target.account.id,
            jobId: null,
            requestedAt: started,
            rowCount: 0,
            durationMs: 0,
            outcome: 'refused',
            failureReason: error.message,
            providerCalls: 0,
          });
        }
      }
      throw error;
    }
    const fresh = found?.fresh;
    if (fresh && found.loggedId) {
      const pages = pageCount(fresh.totalRows, fresh.pageSize);
      const done = { fields: fresh.fields, total: fresh.totalRows, pages, notices: fresh.notices };
      return { text: donePage(fresh.id, done, 1, fresh.firstPage) };
    }
    await admit();
    const job = await startOrJoin(caller, target, request, requestKey, started);
    if (job.started) {
      deps.kick();
      return { json: { jobId: job.id, state: 'queued' } };
    }
    // Answered by another request's job: no provider call of its own, but logged for Stats
    // (a job in flight fills in its rows, or its failure, when it ends; a job that finished
    // just now, after the stored-result lookup above, has them already).
    await recordDataRequest(deps.db, {
      teamId: caller.teamId,
      userId: caller.userId,
      connectorId: target.connector.id,
      accountId: target.account.id,
      jobId: job.id,
      requestedAt: started,
      rowCount: job.state === 'done' ? job.rows : 0,
      durationMs: 0,
      outcome: 'cached',
      failureReason: null,
      providerCalls: 0,
    });
    if (job.state !== 'done') {
      deps.onCoalesced?.();
      return { json: { jobId: job.id, state: job.state } };
    }
    // Rare: the identical job finished just now, after the stored-result lookup above.
    return poll(caller, job.id, 1);
  }

  /**
   * Queues a job for the request, or joins the identical one already queued or running (in
   * any instance) or done within the freshness window: ten charts or viewers asking at once
   * make one provider call. The database decides which request starts it; the rest read the
   * winner. A job that fails between the two statements frees the place, so the next try
   * starts one.
   */
  async function startOrJoin(
    caller: ConnectorCaller,
    target: { connector: ConnectorDefinition; account: AccountRef },
    request: JobRequest,
    requestKey: string,
    now: Date,
  ): Promise<{
    id: string;
    started: boolean;
    state: 'queued' | 'running' | 'done';
    rows: number;
  }> {
    const freshSince = new Date(now.getTime() - dataApi.freshnessMs);
    for (let tries = 0; ; tries += 1) {
      const id = await jobs.insertUnlessInFlight({
        teamId: caller.teamId,
        userId: caller.userId,
        connectorId: target.connector.id,
        accountId: target.account.id,
        requestKey,
        request: {
          fields: request.fields,
          dateRange: request.dateRange,
          filters: request.filters,
        },
        pageSize: dataApi.pageSize,
        now,
        expiresAt: new Date(now.getTime() + dataApi.resultTtlMs),
        freshSince,
      });
      if (id) return { id, started: true, state: 'queued', rows: 0 };
      const joined = await jobs.findJoinable(caller.teamId, requestKey, freshSince, now);
      if (joined) return { ...joined, started: false };
      if (tries >= 3) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The report could not be started because identical requests kept finishing at the same moment. Refresh the report.',
        );
      }
    }
  }

  /** A job's state; when done, one page of rows (1-based) and where the next one is. */
  async function poll(caller: ConnectorCaller, jobId: string, page: number): Promise<PollAnswer> {
    const job = await jobs.findWithPage(caller.teamId, jobId, page);
    if (!job || job.expires_at <= deps.clock()) {
      throw notFound('That report job (results are kept for a while, then removed)');
    }
    if (job.state === 'failed') {
      return {
        json: { jobId, state: 'failed', reason: job.failure_reason ?? 'The report failed.' },
      };
    }
    if (job.state !== 'done') {
      const now = deps.clock().getTime();
      const age = now - job.created_at.getTime();
      const pollAgain = Math.min(POLL_AGAIN_MAX_MS, Math.max(POLL_AGAIN_MS, Math.round(age / 4)));
      const wait = Math.max(pollAgain, job.run_after.getTime() - now);
      // A job waiting for the provider's quota says so, and polls again when it can run.
      if (job.state === 'queued' && job.wait_reason) {
        return {
          json: { jobId, state: job.state, retryAfterMs: wait, reason: job.wait_reason },
        };
      }
      return { json: { jobId, state: job.state, retryAfterMs: wait } };
    }
    const total = job.total_rows ?? 0;
    const pages = pageCount(total, job.page_size);
    if (page > pages) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Page ${page} is past the last page of this result (${pages}).`,
        'page',
      );
    }
    const fields = (job.request as { fields?: string[] }).fields ?? [];
    return {
      text: donePage(jobId, { fields, total, pages, notices: job.notices }, page, job.page_rows),
    };
  }

  /** Connectors with reports of which the team has accounts (the connector's first choice). */
  async function connectors(caller: ConnectorCaller) {
    const ids = new Set((await liveAccounts(deps.db, caller.teamId)).map((a) => a.connector_id));
    return {
      connectors: [...ids]
        .map((id) => findConnector(id))
        .filter((c): c is ConnectorDefinition => !!c && !!deps.fetchers.find(c.nameSimple))
        .map((c) => ({ id: c.nameSimple, name: c.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** The team's live accounts of one connector (the connector's account choice). */
  async function accounts(caller: ConnectorCaller, connectorName: string) {
    const connector = findConnectorByName(connectorName);
    if (!connector) throw notFound(`The data source "${connectorName}"`);
    const all = await liveAccounts(deps.db, caller.teamId);
    return {
      accounts: all
        .filter((a) => a.connector_id === connector.id)
        .map((a) => ({ id: a.id, name: a.name })),
    };
  }

  return { connectors, accounts, describe, startJob, poll };
}

export type DataApiService = ReturnType<typeof createDataApiService>;

/**
 * Refuses a request the provider could never answer: unknown fields, a filter that can match
 * nothing as given, a bad or long range.
 */
function checkRequest(
  connector: ConnectorDefinition,
  fetcher: ReportFetcher,
  schema: ReportSchema,
  request: JobRequest,
  now: Date,
) {
  const known = new Set(schema.fields.map((f) => f.id));
  const unknown = [...request.fields, ...request.filters.map((f) => f.field)].filter(
    (id) => !known.has(id),
  );
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${connector.name} has no field ${[...new Set(unknown)].join(', ')} for this account (a custom field may have been deleted or renamed in ${connector.name}). Refresh the data source's fields in Looker Studio and pick the report's fields again.`,
      'fields',
    );
  }
  const byId = new Map(schema.fields.map((f) => [f.id, f]));
  const named = [...new Set([...request.fields, ...request.filters.map((f) => f.field)])];
  const conflict = fetcher.conflict?.(
    named.map((id) => byId.get(id)).filter((f) => f !== undefined),
  );
  if (conflict) throw new AppError('VALIDATION_FAILED', conflict, 'fields');
  checkFilters(schema, request.filters);
  const { startDate, endDate } = request.dateRange;
  if (!isDay(startDate) || !isDay(endDate)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The date range holds a date that does not exist.',
      'dateRange',
    );
  }
  const days = daysBetween(startDate, endDate) + 1;
  if (days < 1) {
    throw new AppError('VALIDATION_FAILED', 'The date range ends before it starts.', 'dateRange');
  }
  checkReportRange(connector.name, schema, request, now);
}

/** Identical requests (same account, fields, range and filters) share one key. */
export function requestKeyOf(request: JobRequest): string {
  const canonical = JSON.stringify([
    request.account,
    request.fields,
    request.dateRange.startDate,
    request.dateRange.endDate,
    request.filters.map((f) => [f.field, f.operator, f.values]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A done result's pages: at least one, empty when the report had no rows. */
function pageCount(totalRows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalRows / pageSize));
}

/**
 * A done answer for one page, built by hand around the stored page's rows (JSON text as
 * PostgreSQL wrote it): a 5,000-row page is sent without a parse. The poll's answer, and a
 * job start's when a stored result answers it (its first page).
 */
function donePage(
  jobId: string,
  job: { fields: readonly string[]; total: number; pages: number; notices: unknown[] | null },
  page: number,
  rows: string | null,
): string {
  return (
    `{"jobId":${JSON.stringify(jobId)},"state":"done","fields":${JSON.stringify(job.fields)},` +
    `"page":${page},"totalRows":${job.total},"nextPage":${page < job.pages ? page + 1 : 'null'},` +
    (job.notices && job.notices.length > 0 ? `"notices":${JSON.stringify(job.notices)},` : '') +
    `"rows":${rows ?? '[]'}}`
  );
}
