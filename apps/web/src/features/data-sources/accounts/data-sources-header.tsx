import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import type { GroupedData } from '../api/grouped-data-query.ts';
import { UsageMeter } from './usage-meter.tsx';

interface DataSourcesHeaderProps {
  /** Undefined while the data sources load. */
  usage: GroupedData['usage'] | undefined;
  canManage: boolean;
  onAdd: () => void;
  /** Opens the field explorer on a connector's standard fields. */
  onBrowseFields: () => void;
}

/**
 * The screen's title, the plan's usage meter, Browse fields and Add data source; without the
 * permission to manage data sources, a note that says who can.
 */
export function DataSourcesHeader({
  usage,
  canManage,
  onAdd,
  onBrowseFields,
}: DataSourcesHeaderProps) {
  return (
    <>
      <header className="page-header ds-header">
        <div className="ds-header-text">
          <h1 className="page-title">Data Sources</h1>
          <p className="page-meta">
            Accounts your team connected for its Google Data Studio reports.
          </p>
        </div>
        <div className="ds-header-side">
          {usage ? (
            <UsageMeter used={usage.accountsUsed} limit={usage.accountLimit} />
          ) : (
            <Skeleton width={200} height={34} />
          )}
          <Button
            icon={<Icon name="search" size={16} />}
            onClick={onBrowseFields}
            data-testid="browse-fields"
          >
            Browse fields
          </Button>
          {canManage && (
            <Button
              variant="primary"
              icon={<Icon name="plus" size={16} />}
              onClick={onAdd}
              data-testid="add-data-source"
            >
              Add data source
            </Button>
          )}
        </div>
      </header>

      {!canManage && (
        <div className="alert alert-info ds-inline-alert" role="note" data-testid="read-only-hint">
          <Icon name="lock" />
          <div>
            You can view your team&apos;s data sources. Connecting, deleting and restoring them
            needs the <strong>Manage data sources</strong> permission — ask a team admin.
          </div>
        </div>
      )}
    </>
  );
}
