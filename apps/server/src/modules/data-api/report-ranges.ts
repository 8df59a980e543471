import { AppError } from '../../lib/errors.ts';
import { windows } from '../reports/report-dates.ts';
import type { ReportFilter, ReportSchema } from '../reports/report-fetcher.ts';
import { planOf } from './day-rollup.ts';
import { addDays, daysBetween } from './report-days.ts';

/**
 * The ranges a provider answers: back as far as it keeps data (its history), and in one call
 * at most its per-call limit. A longer range is read in pieces where its days can be put
 * together exactly; otherwise it is refused before anything is started.
 */

/** The first day the provider still has data for, `historyDays` before today (UTC). */
function earliestDay(schema: Pick<ReportSchema, 'historyDays'>, now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -schema.historyDays);
}

/**
 * Refuses a range past what the provider answers: one that starts before its history, or one
 * past its per-call limit whose figures cannot be put together from shorter ranges.
 */
export function checkReportRange(
  connectorName: string,
  schema: ReportSchema,
  request: {
    fields: readonly string[];
    filters: readonly ReportFilter[];
    dateRange: { startDate: string; endDate: string };
  },
  now: Date,
): void {
  const { startDate, endDate } = request.dateRange;
  const earliest = earliestDay(schema, now);
  if (startDate < earliest) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${connectorName} keeps ${schema.historyDays} days of data, back to ${earliest}; this range starts on ${startDate}. Pick a start date on or after ${earliest}.`,
      'dateRange',
    );
  }
  const days = daysBetween(startDate, endDate) + 1;
  if (days <= schema.maxDaysPerCall) return;
  const catalogue = new Map(schema.fields.map((f) => [f.id, f]));
  if (planOf(catalogue, request.fields, request.filters).kind === 'days') return;
  throw new AppError(
    'VALIDATION_FAILED',
    `${connectorName} answers at most ${schema.maxDaysPerCall} days in one report, and ${whatCannotAdd(schema, request)} cannot be added up from shorter ranges; this range has ${days}. Add the Date field or pick at most ${schema.maxDaysPerCall} days.`,
    'dateRange',
  );
}

/** The fields (or filters) that keep a report from being read in pieces, as people name them. */
function whatCannotAdd(
  schema: ReportSchema,
  request: { fields: readonly string[]; filters: readonly ReportFilter[] },
): string {
  const byId = new Map(schema.fields.map((f) => [f.id, f]));
  const metrics = request.fields
    .filter((id) => byId.get(id)?.concept === 'METRIC')
    .filter((id) => planOf(byId, [id], []).kind === 'exact')
    .map((id) => byId.get(id)?.name ?? id);
  if (metrics.length > 0) return metrics.join(', ');
  return 'a report with these filters';
}

/**
 * The days to ask for, as provider calls: each run of consecutive days cut into pieces of at
 * most `maxDays`. Days must be sorted.
 */
export function callsFor(
  days: readonly string[],
  maxDays: number,
): Array<{ start: string; end: string }> {
  const runs: Array<{ start: string; end: string }> = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last.end, 1) === day) last.end = day;
    else runs.push({ start: day, end: day });
  }
  return runs.flatMap((run) => windows(run, maxDays));
}
