import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import type { TeamRow } from '../../db/schema.ts';
import { PLAN_OPTIONS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Customer, Subscription } from 'chargebee';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { writeTeamPlan } from '../team/team-plan.service.ts';
import { findTeam, lockTeam } from '../team/team.service.ts';
import type { ChargebeeClient } from './chargebee-client.ts';
import { addonName } from './billing-catalogue.ts';
import { toCardColumns, toCopy } from './billing.mappers.ts';
import type { CardLike } from './billing.mappers.ts';
import { createBillingRepository } from './billing.repository.ts';

/** What converging with the provider needs. */
export interface SyncDeps {
  db: Db;
  clock: Clock;
  client: ChargebeeClient;
}

/**
 * First step of a change inside its transaction: billing-sync records the event there, so an
 * event counts as processed only together with the change it brought. It gates nothing: every
 * step after it changes a team only for a newer provider version, so a second delivery of the
 * same event that gets this far changes nothing anyway.
 */
export type FirstStep = (tx: Db) => Promise<void>;

/**
 * Stores the provider's current subscription when it is newer than the copy (with the team's
 * plan, in one transaction), and the card when the customer is newer. With `first`, it runs
 * first in the same transaction. Answers whether the subscription copy changed.
 */
async function applyCurrent(
  deps: SyncDeps,
  team: TeamRow,
  current: { subscription: Subscription; customer?: Customer | undefined },
  card: CardLike | undefined | 'unchanged',
  first?: FirstStep,
  audit?: AuditEntry,
): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const repo = createBillingRepository(tx);
    await first?.(tx);
    await lockTeam(tx, team.id);
    const before = await repo.findCopy(team.id);
    const { row, plan } = toCopy(team.business_unit, team.id, current.subscription, now);
    const stored = await repo.storeCopyIfNewer(row);
    if (stored) {
      await writeTeamPlan(tx, team.id, plan);
      await repo.setWebhookStatus(team.id, 'confirmed', now);
      const unit = team.business_unit;
      const from =
        before &&
        summary(
          unit,
          before.plan_item_price_id,
          before.extra_accounts,
          before.extra_users,
          before.addons,
        );
      const to = summary(
        unit,
        row.plan_item_price_id,
        row.extra_accounts ?? 0,
        row.extra_users ?? 0,
        plan.addons,
      );
      if (from !== to) {
        await recordAudit(tx, {
          teamId: team.id,
          actorUserId: null,
          action: 'billing.plan_change',
          details: { from: from ?? null, to, status: row.status },
        });
      }
    }
    if (audit) await recordAudit(tx, audit);
    if (card === 'unchanged' || !current.customer) return stored;
    const cardColumns = toCardColumns(card);
    const customerVersion = current.customer.resource_version ?? 0;
    const cardChanged =
      before?.card_last4 !== cardColumns.card_last4 ||
      before?.card_expiry_year !== cardColumns.card_expiry_year;
    if (
      (await repo.storeCardIfNewer(team.id, customerVersion, cardColumns)) &&
      cardChanged &&
      before
    ) {
      await recordAudit(tx, {
        teamId: team.id,
        actorUserId: null,
        action: 'billing.card_update',
        details: { brand: cardColumns.card_brand, last4: cardColumns.card_last4 },
      });
    }
    return stored;
  });
}

/**
 * Stores a subscription the provider just answered (a cancel or a resume) when it is newer
 * than the copy, with the team's plan and the caller's audit entry, in one transaction.
 */
export async function storeSubscription(
  deps: SyncDeps,
  team: TeamRow,
  subscription: Subscription,
  audit: AuditEntry,
): Promise<boolean> {
  return applyCurrent(deps, team, { subscription }, 'unchanged', undefined, audit);
}

/** How a plan reads in the activity log: "basic-plan: 25 accounts, 6 users, Facebook Ads". */
function summary(
  unit: BusinessUnit,
  planId: string,
  extraAccounts: number,
  extraUsers: number,
  addons: unknown,
): string {
  const options = PLAN_OPTIONS[unit];
  const names = (Array.isArray(addons) ? (addons as string[]) : []).map(addonName);
  const accounts = options.accounts.chargedAbove + extraAccounts;
  const users = options.users.chargedAbove + extraUsers;
  return [`${planId}: ${accounts} accounts`, `${users} users`, ...names].join(', ');
}

/** The subscription with its card: from the answer, or the customer's first payment source. */
async function currentOf(deps: SyncDeps, teamId: string) {
  const current = await deps.client.subscription(teamId);
  if (!current) return undefined;
  const card = current.card ?? (await deps.client.firstCard(teamId));
  return { current, card };
}

/**
 * Converges the team's copy to the provider's current subscription (one retrieve), after
 * `first` in the same transaction when given. Answers whether the copy changed, or undefined
 * when there is nothing to converge: no such team, or no subscription at the provider.
 */
export async function convergeTeam(
  deps: SyncDeps,
  teamId: string,
  first?: FirstStep,
): Promise<boolean | undefined> {
  const team = await findTeam(deps.db, teamId);
  if (!team) return undefined;
  const found = await currentOf(deps, teamId);
  if (!found) return undefined;
  return applyCurrent(deps, team, found.current, found.card, first);
}
