import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes.ts';
import type { PlanUsage } from '../api/plan-usage.ts';
import { count } from '../billing-format.ts';
import { AddonConnectors } from './addon-connectors.tsx';
import { PlanMeter } from './plan-meter.tsx';

/**
 * Usage against the plan's limits. Over a limit (after a downgrade) nothing was removed:
 * growing waits until the team is back under it, and the meter says how to get there.
 */
export function UsageCard({
  usage,
  sellsConnectors,
}: {
  usage: PlanUsage;
  sellsConnectors: boolean;
}) {
  const { accounts, users, addonConnectors } = usage.usage;
  return (
    <section className="card card-padded billing-usage" aria-labelledby="billing-usage-title">
      <h2 id="billing-usage-title" className="card-title">
        Usage
      </h2>
      <PlanMeter
        noun="accounts"
        used={accounts.used}
        limit={accounts.limit}
        testId="billing-accounts-meter"
        overHint={
          <>
            Your plan includes {count(accounts.limit, 'account')}. Nothing was removed, but new
            accounts cannot be connected until you delete{' '}
            {count(accounts.used - accounts.limit, 'account')} in{' '}
            <Link to={ROUTES.DataSources.path}>Data Sources</Link> or add accounts to your plan.
          </>
        }
        fullHint="Add accounts to your plan to connect more."
      />
      <PlanMeter
        noun="users"
        used={users.used}
        limit={users.limit}
        testId="billing-users-meter"
        overHint={
          <>
            Your plan includes {count(users.limit, 'user')}. Nobody was removed, but new invitations
            wait until you remove {count(users.used - users.limit, 'member')} or revoke invitations
            on the <Link to={ROUTES.Team.path}>Team</Link> screen, or add users to your plan.
          </>
        }
        fullHint="Pending invitations hold a seat too. Add users to your plan to invite more people."
      />
      {(sellsConnectors || addonConnectors.length > 0) && (
        <AddonConnectors connectors={addonConnectors} />
      )}
    </section>
  );
}
