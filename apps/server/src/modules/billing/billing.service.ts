import { ADDON_CONNECTORS, DEFAULT_PRICING_MODEL, findConnectorByName } from '@gds/contract';
import type { ResponseOf, billing } from '@gds/contract';
import type { SessionUser } from '../../http/request-context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  countActiveAccounts,
  countActiveAccountsByConnector,
} from '../credentials/credentials.service.ts';
import { seatsInUse } from '../members/membership.service.ts';
import { effectivePlanStatus, statusAllowsGrowth } from '../team/team-plan.service.ts';
import { findTeam } from '../team/team.service.ts';
import {
  addonsOf,
  appliesAnnualDiscount,
  connectorAddonsOf,
  plansOf,
} from './billing-catalogue.ts';
import type { BillingDeps } from './billing-deps.ts';
import { toCard, toSubscriptionDetails } from './billing.mappers.ts';
import { createBillingRepository } from './billing.repository.ts';
import { waitingCheckout } from './checkout-outcome.ts';
import { customAddonsOf } from './custom-addons.ts';

/** The plan, its subscription and usage, and the skin's catalogue, as the Billing screen reads them. */
export function createBillingService(deps: BillingDeps) {
  const repo = createBillingRepository(deps.db);

  /** The subscription details of the team as the copy and the clock say now. */
  async function subscriptionDetails(teamId: string) {
    const team = await findTeam(deps.db, teamId);
    if (!team) throw notFound('The team');
    const now = deps.clock();
    const copy = await repo.findCopy(teamId);
    const status = effectivePlanStatus(team.plan_status, team.trial_ends_at, now);
    const webhook = await repo.webhookState(teamId);
    const latest =
      webhook?.webhook_status === 'pending' ? await repo.latestCheckout(teamId) : undefined;
    const waiting = waitingCheckout(webhook, latest, now);
    const details = toSubscriptionDetails({
      unit: team.business_unit,
      team,
      status,
      copy,
      webhookStatus: waiting.webhookStatus,
      openCheckout: waiting.openCheckout,
      now,
    });
    return { team, copy, status, details };
  }

  return {
    subscriptionDetails: async (teamId: string) => (await subscriptionDetails(teamId)).details,

    async planUsage(user: SessionUser): Promise<ResponseOf<typeof billing.getPlanUsage>> {
      const { team, copy, status, details } = await subscriptionDetails(user.teamId);
      const now = deps.clock();
      const unit = team.business_unit;
      const [accounts, byConnector, seats, feedbackGiven] = await Promise.all([
        countActiveAccounts(deps.db, team.id),
        countActiveAccountsByConnector(deps.db, team.id),
        seatsInUse(deps.db, team.id, now),
        repo.feedbackGiven(team.id),
      ]);
      const owned = new Set(details.addons);
      // Every add-on the skin sells, and any other add-on connector that still has accounts.
      const shown = new Set([...connectorAddonsOf(unit), ...owned]);
      for (const name of ADDON_CONNECTORS) {
        const connector = findConnectorByName(name);
        if (connector && (byConnector.get(connector.id) ?? 0) > 0) shown.add(name);
      }
      return {
        plan: {
          userLimit: team.user_limit,
          accountLimit: team.account_limit,
          connectors: [...owned],
          applicableDiscounts:
            appliesAnnualDiscount(unit) && details.period === 'month'
              ? [{ id: 'annual', description: 'Save 20% with annual billing.' }]
              : [],
          isFeedbackSubmitted: feedbackGiven,
          pricingModel: DEFAULT_PRICING_MODEL,
        },
        subscriptionDetails: details,
        usage: {
          accounts: { used: accounts, limit: team.account_limit },
          users: { used: seats.members + seats.pending, limit: team.user_limit },
          addonConnectors: [...shown].map((name) => {
            const connector = findConnectorByName(name);
            return {
              connector: name,
              name: connector?.name ?? name,
              accounts: connector ? (byConnector.get(connector.id) ?? 0) : 0,
              owned: owned.has(name),
            };
          }),
        },
        card: toCard(copy),
        canGrow: statusAllowsGrowth(status),
      };
    },

    async plans(user: SessionUser): Promise<ResponseOf<typeof billing.getPlans>> {
      return plansOf(user.teamUnit, await deps.catalogue.prices(user.teamUnit));
    },

    async addons(user: SessionUser): Promise<ResponseOf<typeof billing.getAddons>> {
      const prices = await deps.catalogue.prices(user.teamUnit);
      return {
        addons: addonsOf(user.teamUnit, prices),
        customAddons: customAddonsOf(prices, user.teamId),
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
