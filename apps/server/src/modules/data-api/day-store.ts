import { createHash } from 'node:crypto';
import { isDataNoticeKind } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import type { ReportDaysCounter } from '../../lib/metrics.ts';
import type { StoredNotice } from '../../db/schema.ts';
import type {
  ReportFetcher,
  ReportRequest,
  ReportResult,
  ReportSchema,
  ReportValue,
} from '../reports/report-fetcher.ts';
import type { ReportSignals } from '../reports/report-signals.ts';
import { addNotice } from '../reports/report-signals.ts';
import { DATE_FIELD, answers, dayOfValue, planOf, rollUp } from './day-rollup.ts';
import { addDays, daysBetween, yesterday } from './report-days.ts';
import { createReportDaysRepository } from './report-days.repository.ts';
import { callsFor } from './report-ranges.ts';

/** The job a report is read for: its rows are stored under its team and account. */
interface JobRef {
  id: string;
  team_id: string;
  account_id: string;
}

/**
 * The day-grain result store. A report is read a day at a time: days past the connector's
 * settle window that an earlier report of the same shape (or of more dimensions, when every
 * metric sums) already read come from the store; only unsettled and missing days go to the
 * provider, in calls of at most its per-call limit. The answer is then rolled up to the
 * requested grain. Reports whose figures cannot be made from days are fetched as asked.
 * Nothing is stored unless every call succeeded, so a failed job leaves no day rows. A day is
 * stored with what the provider said of the call that read it (sampled, thresholded), and a
 * report that reuses the day says it again.
 */
export function createDayStore(deps: { db: Db; clock: Clock; counter?: ReportDaysCounter }) {
  const repo = createReportDaysRepository(deps.db);

  /** The report's rows, from the store where it can and from the provider for the rest. */
  async function read(
    job: JobRef,
    fetcher: ReportFetcher,
    schema: ReportSchema,
    request: ReportRequest,
  ): Promise<ReportResult> {
    const catalogue = new Map(schema.fields.map((f) => [f.id, f]));
    const plan = planOf(catalogue, request.fields, request.filters);
    const { start, end } = request.dateRange;
    const span = daysBetween(start, end) + 1;
    if (plan.kind === 'exact') {
      const result = await fetcher.fetch(request);
      await note(job, fetcher, 0, span);
      return result;
    }
    const { dayFields } = plan;
    const filters = JSON.stringify(request.filters.map((f) => [f.field, f.operator, f.values]));
    const shapeKey = createHash('sha256')
      .update(JSON.stringify([dayFields, filters]))
      .digest('hex');
    // Days are the account's own (discovery stored its reporting time zone where the provider
    // states one): its yesterday ends when midnight passes there, not in UTC.
    const settled = addDays(
      yesterday(deps.clock(), request.account.details?.timeZone),
      -schema.settleDays,
    );
    const stored = await storedDays(
      job,
      catalogue,
      dayFields,
      filters,
      shapeKey,
      { start, end: end < settled ? end : settled },
      request.signals,
    );
    const missing = everyDay(start, end).filter((day) => !stored.has(day));
    const fetched = new Map<string, ReportValue[][]>();
    /** What the provider said of the call that read each day. */
    const noticesOf = new Map<string, readonly StoredNotice[]>();
    const undated: ReportValue[][] = [];
    const dateAt = dayFields.indexOf(DATE_FIELD);
    for (const call of callsFor(missing, schema.maxDaysPerCall)) {
      // The job's request travels whole: only the fields and the range are the store's, and
      // the notices, kept per call so each day keeps its own call's.
      const signals: ReportSignals = { quota: request.signals?.quota ?? [], notices: [] };
      const result = await fetcher.fetch({
        ...request,
        fields: dayFields,
        dateRange: call,
        signals,
      });
      for (const notice of signals.notices) addNotice(request.signals, notice);
      for (const day of everyDay(call.start, call.end)) {
        fetched.set(day, fetched.get(day) ?? []);
        noticesOf.set(day, signals.notices);
      }
      for (const row of result.rows) {
        const day = dayOfValue(row[dateAt] ?? null);
        if (day && fetched.has(day)) fetched.get(day)?.push(row);
        else undated.push(row);
      }
    }
    // Only whole, settled days are kept: a row without its day would make any day's rows wrong.
    if (undated.length === 0) {
      const now = deps.clock();
      await repo.store(
        [...fetched]
          .filter(([day]) => day <= settled)
          .map(([day, rows]) => ({
            teamId: job.team_id,
            accountId: job.account_id,
            shapeKey,
            fields: dayFields,
            filters,
            day,
            rows,
            notices: noticesOf.get(day) ?? [],
          })),
        now,
      );
    }
    await note(job, fetcher, stored.size, missing.length);
    const rows = [...stored, ...fetched]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([, dayRows]) => dayRows)
      .concat(undated);
    return { rows: plan.asIs ? rows : rollUp(catalogue, dayFields, rows, request.fields) };
  }

  /**
   * Settled days in the range that stored rows answer, as rows of `dayFields`: this shape's
   * first, then any stored with more dimensions to sum away. Their notices join `signals`.
   */
  async function storedDays(
    job: JobRef,
    catalogue: Parameters<typeof answers>[0],
    dayFields: readonly string[],
    filters: string,
    shapeKey: string,
    range: { start: string; end: string },
    signals: ReportSignals | undefined,
  ): Promise<Map<string, ReportValue[][]>> {
    const found = new Map<string, ReportValue[][]>();
    if (range.end < range.start) return found;
    const where = { teamId: job.team_id, accountId: job.account_id, ...range };
    const shapes = (await repo.shapes({ ...where, filters }))
      .filter((s) => s.shape_key === shapeKey || answers(catalogue, s.fields, dayFields))
      .sort((a, b) => Number(b.shape_key === shapeKey) - Number(a.shape_key === shapeKey));
    for (const shape of shapes) {
      for (const { day, rows, notices } of await repo.days({
        ...where,
        shapeKey: shape.shape_key,
      })) {
        if (found.has(day)) continue;
        found.set(day, rollUp(catalogue, shape.fields, rows as ReportValue[][], dayFields));
        for (const { kind, message } of notices ?? []) {
          // A kind this build does not know (stored by a newer one) is left out, not guessed.
          if (isDataNoticeKind(kind)) addNotice(signals, { kind, message });
        }
      }
    }
    return found;
  }

  async function note(job: JobRef, fetcher: ReportFetcher, store: number, provider: number) {
    deps.counter?.add(fetcher.connector, 'store', store);
    deps.counter?.add(fetcher.connector, 'provider', provider);
    await repo.noteSources(job.team_id, job.id, store, provider);
  }

  return { read };
}

/** Every day from start to end, both included. */
function everyDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the store bounded (the hourly purge, across all teams): days fetched longer than
 * `retentionDays` ago go, then each team over `maxDaysPerTeam` loses the days it fetched
 * longest ago. A purged day is fetched again when a report asks for it. Answers how many went.
 */
export async function purgeReportDays(
  deps: { db: Db; clock: Clock; retentionDays: number; maxDaysPerTeam: number },
  signal?: AbortSignal,
): Promise<number> {
  const repo = createReportDaysRepository(deps.db);
  const before = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS);
  let deleted = await deleteInBatches((limit) => repo.deleteBefore(before, limit), 5000, signal);
  for (const { teamId, excess } of await repo.teamsOver(deps.maxDaysPerTeam)) {
    if (signal?.aborted) break;
    deleted += await repo.deleteOldest(teamId, excess);
  }
  return deleted;
}
