import type { z } from 'zod';
import type { dataSchemaResponse } from '@gds/contract';
import { jsonText } from '../../http/json-text.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { toDataField } from './report-values.ts';

type SchemaAnswer = z.output<typeof dataSchemaResponse>;

/**
 * Each field list's answer text, by the list itself. A list is never changed once made: a
 * refreshed one (read from the provider again, or newer in the store) is a new array, so its
 * text is written anew and an old one is never sent for it. Lists that leave the held ones
 * take their text with them.
 */
const written = new WeakMap<readonly ReportField[], string>();

/** The fields of a list as the schema answer spells them, written once per list. */
function fieldsText(fields: readonly ReportField[]): string {
  let text = written.get(fields);
  if (text === undefined) {
    text = JSON.stringify(fields.map(toDataField));
    written.set(fields, text);
  }
  return text;
}

/**
 * The schema answer as JSON text: every chart of a report asks for it, and a GA4 property's
 * list is hundreds of fields, mapped and written once per list rather than on every call.
 * Keys in the contract's order, as its compiled writer writes them.
 */
export function schemaAnswer(
  answer: Omit<SchemaAnswer, 'fields'>,
  fields: readonly ReportField[],
): JsonText<SchemaAnswer> {
  const { connector, account, defaultDateRange, maxDateRangeDays } = answer;
  return jsonText([
    `{"connector":${JSON.stringify(connector)},`,
    `"account":${JSON.stringify({ id: account.id, name: account.name })},`,
    `"fields":`,
    fieldsText(fields),
    `,"defaultDateRange":${JSON.stringify({ startDate: defaultDateRange.startDate, endDate: defaultDateRange.endDate })},`,
    `"maxDateRangeDays":${JSON.stringify(maxDateRangeDays)}}`,
  ]);
}
