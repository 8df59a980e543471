import { useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Icon } from '../../../components/icon.tsx';
import type { Connector } from '../api/connectors-query.ts';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { CATEGORY_LABELS } from './connection-format.ts';

/** What it takes to connect a connector the team's plan does not include. */
function unavailableReason(connector: Connector): string {
  return connector.addon
    ? `Add-on — available with the ${connector.name} add-on in Billing`
    : 'Not included in your plan — upgrade in Billing';
}

/**
 * A connector of the gallery. One the plan does not include stays listed, marked unavailable
 * with what it takes to get it, and choosing it does nothing.
 */
export function ConnectorTile({
  connector,
  onChoose,
}: {
  connector: Connector;
  onChoose: (connector: Connector) => void;
}) {
  const reasonId = useId();
  const locked = !connector.allowed;
  return (
    <button
      type="button"
      className="connector-tile"
      aria-disabled={locked || undefined}
      aria-describedby={locked ? reasonId : undefined}
      data-testid={`connector-tile-${connector.nameSimple}`}
      onClick={() => {
        if (!locked) onChoose(connector);
      }}
    >
      <ConnectorBadge connector={connector} />
      <span className="connector-tile-text">
        <span className="connector-tile-name">
          {connector.name}
          {connector.beta && <Badge tone="warning">Beta</Badge>}
        </span>
        <span className="connector-tile-meta">{CATEGORY_LABELS[connector.category]}</span>
        {locked && (
          <span id={reasonId} className="connector-tile-reason">
            <Icon name="lock" size={13} />
            {unavailableReason(connector)}
          </span>
        )}
      </span>
    </button>
  );
}
