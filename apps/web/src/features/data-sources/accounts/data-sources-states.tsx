import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';

/** While the data sources load: two placeholder groups. */
export function LoadingGroups() {
  return (
    <div className="ds-groups" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading data sources
      </span>
      {[0, 1].map((key) => (
        <div key={key} className="card ds-group ds-group-skeleton" aria-hidden="true">
          <Skeleton width={36} height={36} />
          <div>
            <Skeleton width={180} />
            <Skeleton width={120} height={10} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The data sources could not be loaded: why, and Try again. */
export function GroupsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="card">
      <EmptyState
        icon="alert"
        tone="danger"
        title="Data sources could not be loaded"
        actions={<Button onClick={onRetry}>Try again</Button>}
      >
        {errorMessage(error)}
      </EmptyState>
    </div>
  );
}

/** A team with no data source yet (none deleted either): the invitation to add the first. */
export function NoDataSources({ canManage, onAdd }: { canManage: boolean; onAdd: () => void }) {
  return (
    <div className="card ds-empty" data-testid="data-sources-empty">
      <EmptyState
        icon="plug"
        title="Connect your first data source"
        actions={
          canManage && (
            <Button
              variant="primary"
              size="lg"
              icon={<Icon name="plus" size={16} />}
              onClick={onAdd}
              data-testid="empty-add-data-source"
            >
              Add data source
            </Button>
          )
        }
      >
        Sign in to an ad, analytics, social or CRM platform and its accounts appear here, ready for
        your reports.
      </EmptyState>
    </div>
  );
}

/** The filters leave no account in the Accounts view. */
export function NoAccountsMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className="card">
      <EmptyState
        icon="search"
        title="No accounts match"
        headingLevel={3}
        actions={<Button onClick={onClear}>Clear filters</Button>}
      >
        Try another name, connector or status.
      </EmptyState>
    </div>
  );
}
