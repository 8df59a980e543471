import type { CatalogueField } from '@gds/contract';
import { useMemo } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { conflictsOf } from './field-filters.ts';
import { aggregationLabel, combinationNote, CONCEPT_LABELS, typeLabel } from './field-format.ts';

/**
 * The fields as a table: name and id, kind, type, group (when the catalogue has groups), what
 * the field is, and what it cannot be combined with. A phone stacks each field's cells.
 */
export function FieldTable({
  fields,
  all,
  hasAccount,
  showGroup,
}: {
  /** The fields to list (filtered). */
  fields: readonly CatalogueField[];
  /** The whole catalogue: a conflict may name a field the filters hide. */
  all: readonly CatalogueField[];
  hasAccount: boolean;
  showGroup: boolean;
}) {
  const conflicts = useMemo(
    () => new Map(all.map((field) => [field.id, conflictsOf(field, all)])),
    [all],
  );
  return (
    <DataTable
      label="Fields"
      className="table-stack fx-table"
      rows={fields}
      rowKey={(field) => field.id}
      rowTestId="field-row"
      rowData={(field) => ({ 'data-field-id': field.id })}
      columns={[
        {
          header: 'Field',
          rowHeader: true,
          cell: (field) => (
            <span className="fx-name">
              <span className="fx-name-text">{field.name}</span>
              <code className="fx-id">{field.id}</code>
            </span>
          ),
        },
        {
          header: 'Kind',
          cell: (field) => (
            <Badge tone={field.concept === 'METRIC' ? 'primary' : 'neutral'}>
              {CONCEPT_LABELS[field.concept]}
            </Badge>
          ),
        },
        {
          header: 'Type',
          cellClassName: 'nowrap',
          cell: (field) => {
            const aggregation = aggregationLabel(field);
            return (
              <span className="ds-cell-stack">
                <span>{typeLabel(field, hasAccount)}</span>
                {aggregation && <span className="ds-cell-sub">{aggregation}</span>}
              </span>
            );
          },
        },
        showGroup && { header: 'Group', cell: (field) => field.group ?? '—' },
        {
          header: 'Description',
          cellClassName: 'fx-description',
          cell: (field) => {
            const others = conflicts.get(field.id) ?? [];
            return (
              <>
                <span>{field.description}</span>
                <span className="fx-combines" data-testid="field-combines">
                  {combinationNote(field, others)}
                </span>
              </>
            );
          },
        },
      ]}
    />
  );
}
