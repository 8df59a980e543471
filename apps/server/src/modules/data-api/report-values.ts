import { CURRENCY_PREFIX, INVALID_FORMULA_MARKERS } from '@gds/contract';
import type { DataField } from '@gds/contract';
import type { ReportField, ReportValue } from '../reports/report-fetcher.ts';

const MARKERS = new Set<string>(INVALID_FORMULA_MARKERS);

const NUMERIC = new Set(['NUMBER', 'PERCENT', 'DURATION']);

const dataTypeOf = (field: ReportField): DataField['dataType'] =>
  NUMERIC.has(field.type) || field.type.startsWith(CURRENCY_PREFIX)
    ? 'NUMBER'
    : field.type === 'BOOLEAN'
      ? 'BOOLEAN'
      : 'STRING';

/** A fetcher's field as Looker Studio's getSchema describes it. */
export function toDataField(field: ReportField): DataField {
  return {
    id: field.id,
    name: field.name,
    description: field.description,
    semantics: { conceptType: field.concept, semanticType: field.type },
    dataType: dataTypeOf(field),
    ...(field.aggregation ? { aggregation: field.aggregation } : {}),
  };
}

/**
 * One value as Looker Studio reads it. A provider's placeholder for a value it could not
 * compute (SUM, AVG, N/A, undefined, masked) is no value, never text in a number column;
 * numbers sent as text become numbers; dates become YYYYMMDD as YEAR_MONTH_DAY expects.
 */
export function cleanValue(field: ReportField, value: ReportValue): ReportValue {
  if (value === null) return null;
  if (typeof value === 'string' && MARKERS.has(value.trim())) return null;
  const type = dataTypeOf(field);
  if (type === 'NUMBER') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    const n = Number(String(value).replace(/,/g, ''));
    return String(value).trim() !== '' && Number.isFinite(n) ? n : null;
  }
  if (type === 'BOOLEAN') {
    if (typeof value === 'boolean') return value;
    return value === 'true' ? true : value === 'false' ? false : null;
  }
  const text = String(value);
  if (field.type === 'YEAR_MONTH_DAY' && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return text.replaceAll('-', '');
  }
  if (field.type === 'YEAR_MONTH' && /^\d{4}-\d{2}$/.test(text)) return text.replace('-', '');
  return text;
}

/** Cleans every row in place (results can be large), field by field in request order. */
export function cleanRows(fields: readonly ReportField[], rows: ReportValue[][]): ReportValue[][] {
  for (const row of rows) {
    for (let i = 0; i < fields.length; i += 1) {
      const field = fields[i];
      if (field) row[i] = cleanValue(field, row[i] ?? null);
    }
    row.length = fields.length;
  }
  return rows;
}
