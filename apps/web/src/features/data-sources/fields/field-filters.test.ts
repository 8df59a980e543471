import type { CatalogueField } from '@gds/contract';
import { describe, expect, it } from 'vitest';
import { conflictsOf, filterFields, groupsOf, NO_FIELD_FILTERS } from './field-filters.ts';
import { combinationNote } from './field-format.ts';

function field(id: string, overrides: Partial<CatalogueField> = {}): CatalogueField {
  return {
    id,
    name: id.replace(/_/g, ' '),
    description: `About ${id}`,
    concept: 'DIMENSION',
    lookerStudioType: 'TEXT',
    semanticType: 'text',
    ...overrides,
  };
}

const FIELDS = [
  field('event_name', { group: 'Event' }),
  field('item_name', { group: 'Ecommerce', incompatibleWith: ['event_name'] }),
  field('date', { group: 'Time', lookerStudioType: 'YEAR_MONTH_DAY', semanticType: 'date' }),
  field('revenue', {
    concept: 'METRIC',
    group: 'Ecommerce',
    lookerStudioType: 'CURRENCY_EUR',
    semanticType: 'currency',
    compatibleGroups: ['Ecommerce', 'Time'],
  }),
];
const ids = (fields: readonly CatalogueField[]) => fields.map((f) => f.id);

describe('field filters', () => {
  it('searches names and ids, every word, and filters by group, kind and type together', () => {
    expect(ids(filterFields(FIELDS, { ...NO_FIELD_FILTERS, search: 'NAME' }))).toEqual([
      'event_name',
      'item_name',
    ]);
    expect(ids(filterFields(FIELDS, { ...NO_FIELD_FILTERS, search: 'item name' }))).toEqual([
      'item_name',
    ]);
    expect(ids(filterFields(FIELDS, { ...NO_FIELD_FILTERS, group: 'Ecommerce' }))).toEqual([
      'item_name',
      'revenue',
    ]);
    expect(
      ids(filterFields(FIELDS, { ...NO_FIELD_FILTERS, group: 'Ecommerce', concept: 'METRIC' })),
    ).toEqual(['revenue']);
    expect(ids(filterFields(FIELDS, { ...NO_FIELD_FILTERS, semanticType: 'date' }))).toEqual([
      'date',
    ]);
    expect(groupsOf(FIELDS)).toEqual(['Ecommerce', 'Event', 'Time']);
  });

  it('counts a conflict from either side: a named field and a group left out', () => {
    const byId = new Map(FIELDS.map((f) => [f.id, f]));
    const conflicts = (id: string) => ids(conflictsOf(byId.get(id)!, FIELDS));
    // item_name names event_name; event_name is told too. revenue allows Ecommerce and Time only.
    expect(conflicts('event_name')).toEqual(['item_name', 'revenue']);
    expect(conflicts('item_name')).toEqual(['event_name']);
    expect(conflicts('revenue')).toEqual(['event_name']);
    expect(conflicts('date')).toEqual([]);
    expect(combinationNote(byId.get('date')!, [])).toBe('Combines with every other field.');
    expect(
      combinationNote(byId.get('event_name')!, conflictsOf(byId.get('event_name')!, FIELDS)),
    ).toBe('Cannot be combined with item name, revenue.');
    expect(combinationNote(byId.get('revenue')!, [byId.get('event_name')!])).toBe(
      'Combines only with fields of Ecommerce, Time.',
    );
  });

  it('names five conflicts and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, i) => field(`f${i}`));
    expect(combinationNote(field('x'), many)).toBe(
      'Cannot be combined with f0, f1, f2, f3, f4 and 3 more.',
    );
  });
});
