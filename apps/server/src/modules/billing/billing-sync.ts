import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import type { TeamRow } from '../../db/schema.ts';
import { isUuid } from '../../db/uuid.ts';
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

/** An event as webhooks deliver it and the event list answers it (Chargebee's shape). */
export interface ProviderEvent {
  id: string;
  occurred_at: number;
  event_type: string;
  content: {
    subscription?: { id?: string; customer_id?: string };
    customer?: { id?: string };
    invoice?: { customer_id?: string };
    card?: { customer_id?: string };
    payment_source?: { customer_id?: string };
  };
}

/** The team an event is about: customer and subscription ids at the provider are team ids. */
export function eventTeamId(content: ProviderEvent['content']): string | undefined {
  const id =
    content.subscription?.id ??
    content.customer?.id ??
    content.subscription?.customer_id ??
    content.invoice?.customer_id ??
    content.payment_source?.customer_id ??
    content.card?.customer_id;
  return typeof id === 'string' && isUuid(id) ? id : undefined;
}

/**
 * Stores the provider's current subscription when it is newer than the copy (with the team's
 * plan, in one transaction), and the card when the customer is newer. With `event`, the event
 * is recorded in the same transaction; a delivery that lost the race to record it changes
 * nothing. Answers whether the subscription copy changed.
 */
async function applyCurrent(
  deps: SyncDeps,
  team: TeamRow,
  current: { subscription: Subscription; customer?: Customer | undefined },
  card: CardLike | undefined | 'unchanged',
  event?: ProviderEvent,
  audit?: AuditEntry,
): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const repo = createBillingRepository(tx);
    if (event && !(await recordEvent(tx, event, team.id, now))) return false;
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

function recordEvent(tx: Db, event: ProviderEvent, teamId: string | null, now: Date) {
  return createBillingRepository(tx).recordEvent({
    id: event.id,
    type: event.event_type,
    occurredAt: new Date(event.occurred_at * 1000),
    teamId,
    now,
  });
}

/** The subscription with its card: from the answer, or the customer's first payment source. */
async function currentOf(deps: SyncDeps, teamId: string) {
  const current = await deps.client.subscription(teamId);
  if (!current) return undefined;
  const card = current.card ?? (await deps.client.firstCard(teamId));
  return { current, card };
}

/**
 * Converges the team's copy to the provider's current subscription (one retrieve). Answers
 * whether the copy changed; a team without a subscription at the provider changes nothing.
 */
export async function convergeTeam(deps: SyncDeps, teamId: string): Promise<boolean> {
  const team = await findTeam(deps.db, teamId);
  if (!team) return false;
  const found = await currentOf(deps, teamId);
  return found ? applyCurrent(deps, team, found.current, found.card) : false;
}

/**
 * Processes one provider event once: a duplicate changes nothing. The event only says which
 * team to look at; the state stored is the provider's current one (and only when newer), so
 * events arriving late, out of order or twice cannot move a team's plan backwards.
 */
export async function processEvent(
  deps: SyncDeps,
  event: ProviderEvent,
): Promise<'processed' | 'duplicate'> {
  const repo = createBillingRepository(deps.db);
  if (await repo.eventSeen(event.id)) return 'duplicate';
  const teamId = eventTeamId(event.content);
  const team = teamId ? await findTeam(deps.db, teamId) : undefined;
  const found = team ? await currentOf(deps, team.id) : undefined;
  if (!team || !found) {
    const recorded = await recordEvent(deps.db, event, team?.id ?? null, deps.clock());
    return recorded ? 'processed' : 'duplicate';
  }
  await applyCurrent(deps, team, found.current, found.card, event);
  return 'processed';
}
