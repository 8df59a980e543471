import { AppError } from '../../lib/errors.ts';
import type { ReportFilter, ReportSchema } from '../reports/report-fetcher.ts';
import { toNumber } from '../reports/report-values.ts';

/** Operators that compare with one value; IN_LIST takes one or more. */
const ONE_VALUE: ReadonlySet<ReportFilter['operator']> = new Set([
  'EQUALS',
  'CONTAINS',
  'NUMERIC_GREATER_THAN',
  'NUMERIC_LESS_THAN',
]);

/**
 * Refuses a filter that could only ever answer no rows, or that would ignore what it was given:
 * a one-value operator with none or several, an empty IN_LIST, a numeric comparison with a value
 * that is not a number. A report that comes back empty because of a typo would look like "no
 * data"; the refusal names the filter instead. Unknown fields are refused with the job's fields.
 */
export function checkFilters(schema: ReportSchema, filters: readonly ReportFilter[]): void {
  filters.forEach((filter, index) => {
    const field = schema.fields.find((f) => f.id === filter.field);
    const which = `Filter ${index + 1} (${field?.name ?? filter.field} ${filter.operator})`;
    const count = filter.values.length;
    if (ONE_VALUE.has(filter.operator) && count !== 1) {
      throw refused(
        `${which} needs exactly one value; it has ${count === 0 ? 'none' : count}. ${
          count > 1 && filter.operator === 'EQUALS' ? 'Use IN_LIST to match any of several.' : ''
        }`.trim(),
      );
    }
    if (filter.operator === 'IN_LIST' && count === 0) {
      throw refused(`${which} needs at least one value; its list is empty.`);
    }
    if (filter.operator.startsWith('NUMERIC_')) {
      const value = filter.values[0] ?? '';
      if (toNumber(value) === null) {
        throw refused(`${which} compares numbers, and ${JSON.stringify(value)} is not a number.`);
      }
    }
  });
}

const refused = (message: string) => new AppError('VALIDATION_FAILED', message, 'filters');
