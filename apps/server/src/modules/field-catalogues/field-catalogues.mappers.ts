import { CURRENCY_PREFIX } from '@gds/contract';
import type { CatalogueField, FieldSemanticType } from '@gds/contract';
import type { ReportField, SemanticType } from '../reports/report-fetcher.ts';

const FAMILIES: Partial<Record<SemanticType, FieldSemanticType>> = {
  YEAR_MONTH_DAY: 'date',
  YEAR_MONTH: 'date',
  YEAR_WEEK: 'date',
  COUNTRY: 'geo',
  REGION: 'geo',
  CITY: 'geo',
  NUMBER: 'number',
  PERCENT: 'percent',
  DURATION: 'duration',
};

/** The family a person filters by; a URL or a yes/no reads as text. */
export function semanticTypeOf(type: SemanticType): FieldSemanticType {
  if (type.startsWith(CURRENCY_PREFIX)) return 'currency';
  return FAMILIES[type] ?? 'text';
}

/**
 * A report field as the field explorer shows it. Group and compatibility are passed on when
 * the catalogue knows them; without them every field combines with every other.
 */
export function toCatalogueField(field: ReportField): CatalogueField {
  return {
    id: field.id,
    name: field.name,
    description: field.description,
    concept: field.concept,
    lookerStudioType: field.type,
    semanticType: semanticTypeOf(field.type),
    ...(field.aggregation ? { aggregation: field.aggregation } : {}),
    ...(field.group ? { group: field.group } : {}),
    ...(field.incompatibleWith?.length ? { incompatibleWith: [...field.incompatibleWith] } : {}),
    ...(field.compatibleGroups?.length ? { compatibleGroups: [...field.compatibleGroups] } : {}),
  };
}
