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
 * A catalogue as the field explorer shows it. A field that only some of the provider's reports
 * answer (Google Ads' GAQL resources) cannot go with one no report shares with it: those are
 * listed with the provider's own exclusions, so the explorer says what the data API refuses.
 */
export function toCatalogueFields(fields: readonly ReportField[]): CatalogueField[] {
  const apart = (a: ReportField, b: ReportField) =>
    !!a.resources && !!b.resources && !a.resources.some((r) => b.resources?.includes(r));
  const limited = fields.filter((f) => f.resources);
  return fields.map((field) => {
    if (!field.resources) return toCatalogueField(field);
    const noReport = limited.filter((other) => apart(field, other)).map((other) => other.id);
    if (noReport.length === 0) return toCatalogueField(field);
    const incompatibleWith = [...new Set([...(field.incompatibleWith ?? []), ...noReport])];
    return toCatalogueField({ ...field, incompatibleWith });
  });
}

/**
 * A report field as the field explorer shows it. Group and compatibility are passed on when
 * the catalogue knows them; without them every field combines with every other.
 */
function toCatalogueField(field: ReportField): CatalogueField {
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
