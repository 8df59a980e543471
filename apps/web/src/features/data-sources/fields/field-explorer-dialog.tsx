import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useFieldCatalogue, type FieldSource } from '../api/field-catalogue-query.ts';
import { filterFields, groupsOf, hasFieldFilters, NO_FIELD_FILTERS } from './field-filters.ts';
import { FieldTable } from './field-table.tsx';
import { FieldToolbar } from './field-toolbar.tsx';

/** What the explorer was opened on: an account of the team, or a connector before connecting. */
export type FieldExplorerTarget =
  | { kind: 'account'; connectorId: number; account: { id: string; name: string } }
  | { kind: 'connector'; connectorId: number };

interface FieldExplorerDialogProps {
  /** Null: closed. */
  target: FieldExplorerTarget | null;
  onClose: () => void;
  /** The catalog's connectors, to pick another one's standard fields. */
  connectors: ReadonlyArray<{ id: number; name: string }>;
}

/**
 * The field explorer: every field a report can ask of an account (or a connector's standard
 * fields before connecting one), searchable and filtered by group, kind and type, with what
 * each field is and what it cannot be combined with.
 */
export function FieldExplorerDialog({ target, onClose, connectors }: FieldExplorerDialogProps) {
  // A fresh explorer (filters, chosen connector) each time it opens.
  const key = target
    ? target.kind === 'account'
      ? `account:${target.account.id}`
      : `connector:${target.connectorId}`
    : 'closed';
  return target ? (
    <FieldExplorer key={key} target={target} onClose={onClose} connectors={connectors} />
  ) : null;
}

function FieldExplorer({
  target,
  onClose,
  connectors,
}: FieldExplorerDialogProps & { target: FieldExplorerTarget }) {
  const id = useId();
  const [connectorId, setConnectorId] = useState(target.connectorId);
  const [filters, setFilters] = useState(NO_FIELD_FILTERS);
  const searchRef = useRef<HTMLInputElement>(null);
  const clearFilters = () => {
    setFilters(NO_FIELD_FILTERS);
    searchRef.current?.focus();
  };
  const source: FieldSource =
    target.kind === 'account'
      ? { kind: 'account', accountId: target.account.id }
      : { kind: 'connector', connectorId };
  const catalogue = useFieldCatalogue(source);
  const all = useMemo(() => catalogue.data?.fields ?? [], [catalogue.data]);
  const groups = useMemo(() => groupsOf(all), [all]);
  const shown = useMemo(() => filterFields(all, filters), [all, filters]);
  const connectorName = connectors.find((c) => c.id === connectorId)?.name ?? 'Data source';
  const hasAccount = target.kind === 'account';

  return (
    <Dialog
      open
      size="lg"
      title={hasAccount ? `Fields of ${target.account.name}` : `${connectorName} fields`}
      description={
        hasAccount
          ? `Every ${connectorName} field a report can use with this account, as Looker Studio lists it.`
          : 'The connector’s standard fields, to check it has what your reports need before connecting. A connected account may add its own.'
      }
      onClose={onClose}
      testId="field-explorer"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {target.kind === 'connector' && (
        <div className="select-field fx-connector">
          <label htmlFor={`${id}-connector`} className="select-label">
            Connector
          </label>
          <select
            id={`${id}-connector`}
            className="select"
            value={connectorId}
            onChange={(event) => {
              setConnectorId(Number(event.target.value));
              setFilters(NO_FIELD_FILTERS);
            }}
            data-testid="field-connector"
          >
            {connectors.map((connector) => (
              <option key={connector.id} value={connector.id}>
                {connector.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {catalogue.isError ? (
        <div className="alert alert-danger" role="alert" data-testid="field-explorer-error">
          <Icon name="alert" />
          <div>{errorMessage(catalogue.error)}</div>
        </div>
      ) : !catalogue.data ? (
        <p className="fx-status" role="status">
          <Spinner /> Loading fields…
        </p>
      ) : (
        <>
          <FieldToolbar
            filters={filters}
            onChange={setFilters}
            groups={groups}
            searchRef={searchRef}
          />
          <p className="fx-status" role="status" data-testid="field-count">
            {hasFieldFilters(filters)
              ? `${shown.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} fields`
              : `${all.length.toLocaleString('en-US')} fields`}
          </p>
          {shown.length === 0 ? (
            <div className="fx-empty" data-testid="no-fields">
              <p>No field matches these filters.</p>
              <Button variant="ghost" onClick={clearFilters}>
                Clear filters
              </Button>
            </div>
          ) : (
            <FieldTable
              fields={shown}
              all={all}
              hasAccount={hasAccount}
              showGroup={groups.length > 0}
            />
          )}
        </>
      )}
    </Dialog>
  );
}
