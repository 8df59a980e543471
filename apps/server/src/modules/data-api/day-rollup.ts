import type { ReportField, ReportFilter, ReportValue } from '../reports/report-fetcher.ts';

/**
 * How a report is read at day grain, and how day rows make the answer. A report with a date
 * dimension is its day rows as they are; one without is fetched with the date added and its
 * days rolled up, which is exact only when every metric sums (or is a ratio of two that do).
 * Anything else is fetched for the exact range: a distinct count or an average the provider
 * computes over a period is never made from its days.
 */

/** The report's one day dimension (YYYYMMDD in rows). */
export const DATE_FIELD = 'date';

export type DayPlan =
  | {
      kind: 'days';
      /** The fields each day's rows are fetched and stored with: the date first when added. */
      dayFields: readonly string[];
      /** The answer is the day rows as they are (the request has the date dimension). */
      asIs: boolean;
    }
  | { kind: 'exact' };

/** The plan for a request, from the connector's field catalogue. */
export function planOf(
  catalogue: ReadonlyMap<string, ReportField>,
  fields: readonly string[],
  filters: readonly ReportFilter[],
): DayPlan {
  const date = catalogue.get(DATE_FIELD);
  if (date?.type !== 'YEAR_MONTH_DAY') return { kind: 'exact' };
  // A filter reads values as the report shows them: on a metric or a dimension the answer
  // leaves out, a day's rows and the period's differ. Only the requested dimensions qualify.
  const filterable = filters.every((f) => {
    const field = catalogue.get(f.field);
    return field?.concept === 'DIMENSION' && fields.includes(f.field);
  });
  if (!filterable) return { kind: 'exact' };
  if (fields.includes(DATE_FIELD)) return { kind: 'days', dayFields: fields, asIs: true };
  const parts = new Set<string>();
  for (const id of fields) {
    const field = catalogue.get(id);
    if (field?.concept !== 'METRIC') continue;
    const summed = partsOf(catalogue, field);
    if (!summed) return { kind: 'exact' };
    for (const part of summed) if (!fields.includes(part)) parts.add(part);
  }
  return { kind: 'days', dayFields: [DATE_FIELD, ...fields, ...parts], asIs: false };
}

/** The summed fields a metric is made of over a period, or undefined when it cannot be. */
function partsOf(
  catalogue: ReadonlyMap<string, ReportField>,
  field: ReportField,
): string[] | undefined {
  const { rollup } = field;
  if (rollup === 'sum') return field.aggregation === 'SUM' ? [] : undefined;
  if (!rollup) return undefined;
  const sums = [rollup.numerator, rollup.denominator].every((id) => {
    const part = catalogue.get(id);
    return part?.rollup === 'sum' && part.aggregation === 'SUM';
  });
  return sums ? [rollup.numerator, rollup.denominator] : undefined;
}

/**
 * Whether rows stored with `stored` fields answer `wanted` at day grain: the same fields, or
 * more dimensions to sum away when every wanted metric rolls up.
 */
export function answers(
  catalogue: ReadonlyMap<string, ReportField>,
  stored: readonly string[],
  wanted: readonly string[],
): boolean {
  if (wanted.every((id) => stored.includes(id)) && sameDimensions(catalogue, stored, wanted)) {
    return true;
  }
  // Otherwise every wanted metric is made again: summed, or a ratio of stored summed parts.
  return wanted.every((id) => {
    const field = catalogue.get(id);
    if (field?.concept !== 'METRIC') return stored.includes(id);
    const parts = partsOf(catalogue, field);
    if (!parts) return false;
    return parts.length === 0 ? stored.includes(id) : parts.every((p) => stored.includes(p));
  });
}

const dimensionsOf = (catalogue: ReadonlyMap<string, ReportField>, ids: readonly string[]) =>
  ids.filter((id) => catalogue.get(id)?.concept === 'DIMENSION');

function sameDimensions(
  catalogue: ReadonlyMap<string, ReportField>,
  a: readonly string[],
  b: readonly string[],
): boolean {
  const left = dimensionsOf(catalogue, a);
  const right = dimensionsOf(catalogue, b);
  return left.length === right.length && left.every((id) => right.includes(id));
}

/**
 * Rows of `from` fields as rows of `to` fields: put in order when both have the same
 * dimensions, else grouped by `to`'s dimensions with summed metrics summed and ratios
 * recomputed from their summed parts (a ratio over no denominator is null, as providers
 * answer). Callers check `answers` (or plan) first: other metrics are not made here.
 */
export function rollUp(
  catalogue: ReadonlyMap<string, ReportField>,
  from: readonly string[],
  rows: readonly ReportValue[][],
  to: readonly string[],
): ReportValue[][] {
  const at = new Map(from.map((id, i) => [id, i]));
  const read = (row: readonly ReportValue[], id: string) => row[at.get(id) ?? -1] ?? null;
  if (to.every((id) => at.has(id)) && sameDimensions(catalogue, from, to)) {
    return rows.map((row) => to.map((id) => read(row, id)));
  }
  const dims = dimensionsOf(catalogue, to);
  const summed = new Set<string>();
  for (const id of to) {
    const field = catalogue.get(id);
    if (field?.concept !== 'METRIC') continue;
    const parts = partsOf(catalogue, field) ?? [];
    // A summed metric is its own part; a ratio is made of two.
    for (const part of parts.length > 0 ? parts : [id]) summed.add(part);
  }
  const groups = new Map<string, { dims: ReportValue[]; sums: Map<string, number | null> }>();
  for (const row of rows) {
    const values = dims.map((id) => read(row, id));
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { dims: values, sums: new Map<string, number | null>() };
    groups.set(key, group);
    for (const id of summed) group.sums.set(id, add(group.sums.get(id), read(row, id)));
  }
  return [...groups.values()].map((group) =>
    to.map((id) => {
      const field = catalogue.get(id);
      if (field?.concept !== 'METRIC') return group.dims[dims.indexOf(id)] ?? null;
      const { rollup } = field;
      if (rollup === undefined || rollup === 'sum') return group.sums.get(id) ?? null;
      const numerator = group.sums.get(rollup.numerator) ?? null;
      const denominator = group.sums.get(rollup.denominator) ?? null;
      if (numerator === null || !denominator) return null;
      return (numerator / denominator) * rollup.scale;
    }),
  );
}

/** A running sum: unknown values (null) leave it as it is; no known value at all is null. */
function add(total: number | null | undefined, value: ReportValue): number | null {
  const n = typeof value === 'number' ? value : null;
  if (n === null) return total ?? null;
  // Summed in cents-safe steps: 0.1 + 0.2 should read 0.3 in a report.
  return Math.round(((total ?? 0) + n) * 1e9) / 1e9;
}

/** A row's day as YYYY-MM-DD, from the date value rows carry (YYYYMMDD or YYYY-MM-DD). */
export function dayOfValue(value: ReportValue): string | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/-/g, '');
  if (!/^\d{8}$/.test(digits)) return undefined;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}
