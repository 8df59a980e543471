import type { CatalogueField, FieldSemanticType } from '@gds/contract';

export interface FieldFilters {
  search: string;
  group: string | null;
  concept: CatalogueField['concept'] | null;
  semanticType: FieldSemanticType | null;
}

export const NO_FIELD_FILTERS: FieldFilters = {
  search: '',
  group: null,
  concept: null,
  semanticType: null,
};

export const hasFieldFilters = (filters: FieldFilters) =>
  filters.search.trim() !== '' ||
  filters.group !== null ||
  filters.concept !== null ||
  filters.semanticType !== null;

/** The fields that pass every filter; the search matches a field's name or its id. */
export function filterFields(
  fields: readonly CatalogueField[],
  filters: FieldFilters,
): CatalogueField[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return fields.filter(
    (field) =>
      (filters.group === null || field.group === filters.group) &&
      (filters.concept === null || field.concept === filters.concept) &&
      (filters.semanticType === null || field.semanticType === filters.semanticType) &&
      words.every(
        (word) => field.name.toLowerCase().includes(word) || field.id.toLowerCase().includes(word),
      ),
  );
}

/** The catalogue's groups in name order (none when its fields carry no group). */
export function groupsOf(fields: readonly CatalogueField[]): string[] {
  const groups = new Set<string>();
  for (const field of fields) if (field.group) groups.add(field.group);
  return [...groups].sort((a, b) => a.localeCompare(b));
}

/**
 * The fields a report cannot ask together with `field`. A conflict counts from either side
 * (one field naming the other, or a field whose allowed groups leave the other's group out),
 * since a report asking both is refused whichever of the two states it.
 */
export function conflictsOf(
  field: CatalogueField,
  fields: readonly CatalogueField[],
): CatalogueField[] {
  const excludes = (a: CatalogueField, b: CatalogueField) =>
    (a.incompatibleWith?.includes(b.id) ?? false) ||
    (a.compatibleGroups !== undefined &&
      b.group !== undefined &&
      !a.compatibleGroups.includes(b.group));
  return fields.filter(
    (other) => other.id !== field.id && (excludes(field, other) || excludes(other, field)),
  );
}
