import { accountToday, daysBetween } from './sandbox-report-calendar.ts';
import { seeded } from './sandbox-report-data.ts';
import { reportRules } from './sandbox-report-rules.ts';

/**
 * The one way every sandbox reporting API turns its day figures into the rows it answers, as
 * the real reporting APIs do: rows are grouped by the dimensions asked (leave out the date
 * and a row covers the whole range); counts add up; people counted once (users, reach) are
 * counted once over the group, so a range holds at least its biggest day and at most the sum
 * of its days; rates are worked out again from the group's totals, never added or averaged;
 * and a day younger than its connector's settle window is still being revised, differently
 * as the sandbox clock moves, while an older day never changes again.
 */

/** How a metric combines over the days and rows of a group. */
export type MetricRule =
  /** A count or amount: the group's is the sum. */
  | 'sum'
  /** People or things counted once: between the biggest part and the sum of the parts. */
  | 'distinct'
  /** A rate: numerator / denominator over the group's totals, times scale (default 1). */
  | { ratio: readonly [string, string]; scale?: number };

/** A day's figures at the finest grain the provider keeps (a day of a campaign, of a source). */
export interface DayRecord {
  day: string;
  /** Dimension values (the date is the record's day, under the key `date`). */
  keys: Readonly<Record<string, string>>;
  /** The figures of the 'sum' and 'distinct' metrics (rates are worked out here). */
  values: Readonly<Record<string, number>>;
}

/** A row of the answer: the group's dimension values, its first and last day, its figures. */
export interface AggregateRow {
  keys: Record<string, string>;
  first: string;
  last: string;
  values: Record<string, number>;
}

export interface Aggregation {
  /** The connector (nameSimple), whose settle window applies. */
  connector: string;
  account: string;
  /** The sandbox clock's time, in ms. */
  now: number;
  /** The dimensions to group by; `date` groups by day. */
  by: readonly string[];
  metrics: Readonly<Record<string, MetricRule>>;
}

/** Rows grouped and combined by the rules above, in the order their groups first appear. */
export function aggregate(spec: Aggregation, records: readonly DayRecord[]): AggregateRow[] {
  const groups = new Map<string, DayRecord[]>();
  for (const record of records) {
    const revised = revise(spec, record);
    const key = spec.by.map((d) => groupValue(revised, d)).join('\u0000');
    const list = groups.get(key);
    if (list) list.push(revised);
    else groups.set(key, [revised]);
  }
  return [...groups.entries()].map(([key, members]) => combine(spec, key, members));
}

const groupValue = (record: DayRecord, dimension: string) =>
  dimension === 'date' ? record.day : (record.keys[dimension] ?? '');

function combine(spec: Aggregation, key: string, members: readonly DayRecord[]): AggregateRow {
  const days = members.map((m) => m.day).sort();
  const first = days[0] ?? '';
  const last = days.at(-1) ?? '';
  const keys: Record<string, string> = {};
  for (const d of spec.by) keys[d] = members[0] ? groupValue(members[0], d) : '';
  const values: Record<string, number> = {};
  for (const [name, rule] of Object.entries(spec.metrics)) {
    if (typeof rule === 'object') continue;
    const parts = members.map((m) => m.values[name] ?? 0);
    const sum = parts.reduce((s, v) => s + v, 0);
    values[name] =
      rule === 'sum' ? tidy(sum) : distinct(parts, sum, [spec.account, name, key, first, last]);
  }
  for (const [name, rule] of Object.entries(spec.metrics)) {
    if (typeof rule !== 'object') continue;
    const [top, bottom] = rule.ratio;
    const denominator = values[bottom] ?? 0;
    values[name] = denominator ? ((values[top] ?? 0) / denominator) * (rule.scale ?? 1) : 0;
  }
  return { keys, first, last, values };
}

/**
 * People counted once over several days or rows: each part's people partly overlap the
 * others', by a share fixed per group, so one part answers itself exactly and many answer at
 * least their biggest part and at most their sum.
 */
function distinct(parts: readonly number[], sum: number, seed: ReadonlyArray<string>): number {
  if (parts.length <= 1) return sum;
  const biggest = Math.max(...parts);
  const overlap = 0.35 + 0.3 * seeded(...seed, 'overlap');
  return Math.round(biggest + (sum - biggest) * (1 - overlap));
}

/** Sums of money keep cents; sums of counts stay whole. */
const tidy = (value: number) => Math.round(value * 100) / 100;

/**
 * A day inside its connector's settle window: its figures stand below their final values by
 * a share that shrinks as the day ages and changes every hour of the sandbox clock (late
 * conversions arriving, processing catching up). From the day the window closes, the final
 * values, for good.
 */
function revise(spec: Aggregation, record: DayRecord): DayRecord {
  const { settleDays } = reportRules(spec.connector);
  const age = daysBetween(record.day, accountToday(spec.now, spec.connector, spec.account));
  if (age >= settleDays) return record;
  const revision = Math.floor(spec.now / 3_600_000);
  const missing =
    ((settleDays - age) / settleDays) *
    (0.05 + 0.2 * seeded(spec.account, record.day, revision, 'revision'));
  const values: Record<string, number> = {};
  for (const [name, value] of Object.entries(record.values)) {
    const scaled = value * (1 - missing);
    values[name] = Number.isInteger(value) ? Math.round(scaled) : tidy(scaled);
  }
  return { ...record, values };
}
