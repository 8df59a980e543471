import { CURRENCY_PREFIX, type CatalogueField, type FieldSemanticType } from '@gds/contract';

export const SEMANTIC_TYPE_LABELS: Record<FieldSemanticType, string> = {
  currency: 'Currency',
  percent: 'Percent',
  duration: 'Duration',
  date: 'Date',
  geo: 'Geo',
  text: 'Text',
  number: 'Number',
};

export const CONCEPT_LABELS: Record<CatalogueField['concept'], string> = {
  DIMENSION: 'Dimension',
  METRIC: 'Metric',
};

const AGGREGATION_LABELS: Record<NonNullable<CatalogueField['aggregation']>, string> = {
  SUM: 'sum',
  AVG: 'average',
  MIN: 'minimum',
  MAX: 'maximum',
  COUNT: 'count',
  NONE: 'not aggregated',
};

/**
 * A field's type as a person reads it: the family, with an account's currency code (a
 * connector's standard fields have no account, so no currency yet).
 */
export function typeLabel(field: CatalogueField, hasAccount: boolean): string {
  const family = SEMANTIC_TYPE_LABELS[field.semanticType];
  const currency =
    hasAccount && field.lookerStudioType.startsWith(CURRENCY_PREFIX)
      ? ` (${field.lookerStudioType.slice(CURRENCY_PREFIX.length)})`
      : '';
  return `${family}${currency}`;
}

/** How a metric adds up across rows, in words; null when the field states none. */
export function aggregationLabel(field: CatalogueField): string | null {
  return field.aggregation ? AGGREGATION_LABELS[field.aggregation] : null;
}

/** Names listed before "and N more": a long catalogue's conflicts would fill the screen. */
const NAMED_CONFLICTS = 5;

/** What a field combines with, in a sentence: every field, only some groups, or not these. */
export function combinationNote(
  field: CatalogueField,
  conflicts: readonly CatalogueField[],
): string {
  if (conflicts.length === 0) return 'Combines with every other field.';
  if (field.compatibleGroups?.length) {
    return `Combines only with fields of ${field.compatibleGroups.join(', ')}.`;
  }
  const names = conflicts.slice(0, NAMED_CONFLICTS).map((other) => other.name);
  const more = conflicts.length - names.length;
  return `Cannot be combined with ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}
