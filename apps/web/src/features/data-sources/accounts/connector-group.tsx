import { memo, useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Icon } from '../../../components/icon.tsx';
import { countOf } from '../../../lib/counts.ts';
import type { ConnectorGroup, Credential } from '../api/grouped-data-query.ts';
import { needsAttention } from './account-filters.ts';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { ConnectorTable } from './connector-table.tsx';
import type { RowActions } from './credential-rows.tsx';

interface ConnectorGroupCardProps {
  group: ConnectorGroup;
  connectorName: string;
  /** The connector-creation URL of its Looker Studio connector; undefined: no link. */
  lookerStudioUrl?: string | undefined;
  collapsed: boolean;
  onToggle: (connectorId: number) => void;
  actions: RowActions;
  /** Render only the accounts near the screen: the screen's lists are long. */
  virtual: boolean;
}

function attentionCount(credentials: readonly Credential[]): number {
  return credentials.filter(needsAttention).length;
}

/**
 * One connector: a header that collapses it, and a table with a row group per credential
 * (name and id, health, Reconnect) and its accounts.
 */
export const ConnectorGroupCard = memo(function ConnectorGroupCard({
  group,
  connectorName,
  lookerStudioUrl,
  collapsed,
  onToggle,
  actions,
  virtual,
}: ConnectorGroupCardProps) {
  const bodyId = useId();
  const accountCount = group.credentials.reduce(
    (sum, credential) => sum + credential.accounts.length,
    0,
  );
  const attention = attentionCount(group.credentials);
  return (
    <section
      className="card ds-group"
      data-testid="connector-group"
      data-connector-id={group.connectorId}
      aria-label={connectorName}
    >
      <h2 className="ds-group-heading">
        <button
          type="button"
          className="ds-group-toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => onToggle(group.connectorId)}
          data-testid="group-toggle"
        >
          <Icon name="chevronRight" size={16} className="icon ds-chevron" />
          <ConnectorBadge connector={{ id: group.connectorId, name: connectorName }} />
          <span className="ds-group-title">
            <span className="ds-group-name">{connectorName}</span>
            <span className="ds-group-counts">
              {countOf(group.credentials.length, 'login')} · {countOf(accountCount, 'account')}
            </span>
          </span>
          {attention > 0 && (
            <Badge tone="warning">
              {attention === 1 ? '1 login needs attention' : `${attention} logins need attention`}
            </Badge>
          )}
        </button>
      </h2>
      {lookerStudioUrl && (
        <a
          className="ds-looker-link"
          href={lookerStudioUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="open-in-looker-studio"
        >
          Open in Looker Studio
          <span className="visually-hidden"> ({connectorName}, opens in a new tab)</span>
        </a>
      )}
      <div id={bodyId} hidden={collapsed}>
        {!collapsed && (
          <ConnectorTable
            group={group}
            connectorName={connectorName}
            actions={actions}
            virtual={virtual}
          />
        )}
      </div>
    </section>
  );
});
