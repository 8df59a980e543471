import { Badge } from '../../../components/badge.tsx';
import type { PlanUsage } from '../api/plan-usage.ts';
import { count } from '../billing-format.ts';

type AddonConnector = PlanUsage['usage']['addonConnectors'][number];

/**
 * The add-on connectors the team owns, and any it no longer owns that still have accounts:
 * those accounts are kept, but no new ones can be added until the add-on is bought again.
 */
export function AddonConnectors({ connectors }: { connectors: AddonConnector[] }) {
  const shown = connectors.filter((c) => c.owned || c.accounts > 0);
  return (
    <div className="billing-addons" data-testid="billing-addon-connectors">
      <h3 className="billing-subtitle">Add-on connectors</h3>
      {shown.length === 0 ? (
        <p className="billing-muted">
          None yet. Add-on connectors such as Facebook Ads or LinkedIn Ads are added with Change
          plan.
        </p>
      ) : (
        <ul className="billing-addon-list">
          {shown.map((connector) => (
            <li key={connector.connector} data-testid={`billing-addon-${connector.connector}`}>
              <span className="billing-addon-name">{connector.name}</span>
              <span className="billing-muted">{count(connector.accounts, 'account')}</span>
              {connector.owned ? (
                <Badge tone="success">In your plan</Badge>
              ) : (
                <Badge tone="danger">Not in your plan</Badge>
              )}
              {!connector.owned && (
                <p className="billing-addon-hint">
                  Its accounts are kept, but no new ones can be connected. Add {connector.name} back
                  with Change plan.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
