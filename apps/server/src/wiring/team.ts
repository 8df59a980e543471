import { rateLimit, rateLimiter } from '../http/rate-limit.ts';
import { createQueueLoop } from '../lib/queue-loop.ts';
import { teamWebhooksHandlers } from '../modules/team-webhooks/team-webhooks.routes.ts';
import { createTeamWebhooksService } from '../modules/team-webhooks/team-webhooks.service.ts';
import { webhookAddressRules } from '../modules/team-webhooks/webhook-address.ts';
import { createWebhookDeliveryWorker } from '../modules/team-webhooks/webhook-delivery-worker.ts';
import { activityHandlers } from '../modules/activity/activity.routes.ts';
import { createActivityService } from '../modules/activity/activity.service.ts';
import { endMemberGrants } from '../modules/connector-authorization/connector-grants.service.ts';
import { createInvitationAcceptance } from '../modules/invitations/invitation-accept.service.ts';
import { invitationsHandlers } from '../modules/invitations/invitations.routes.ts';
import { createInvitationsService } from '../modules/invitations/invitations.service.ts';
import { membersHandlers } from '../modules/members/members.routes.ts';
import { createMembersService } from '../modules/members/members.service.ts';
import type { EndDataAccess } from '../modules/members/members.service.ts';
import { rolesHandlers } from '../modules/roles/roles.routes.ts';
import { createRolesService } from '../modules/roles/roles.service.ts';
import { createMailPreferencesService } from '../modules/team/mail-preferences.service.ts';
import { teamHandlers } from '../modules/team/team.routes.ts';
import type { Gates } from '../http/route.ts';
import type { AppCore } from './app-core.ts';
import type { SessionWiring } from './sign-in.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A webhook receiver answers within this, or the attempt fails as timed out (and is retried). */
const WEBHOOK_TIMEOUT_MS = 5_000;
/** Due webhook deliveries (retries, other instances' events) are looked for this often. */
const WEBHOOK_INTERVAL_MS = 15_000;

/**
 * The team screen: the team itself, its members, roles, invitations, activity and webhook (with
 * the loop that delivers to webhooks).
 */
export function wireTeam(core: AppCore, deps: { session: SessionWiring }) {
  const { app, config, db, clock, cipher, mailer, metrics } = core;
  const { sessions, teams, cookie } = deps.session;
  // Membership changes end the member's connector grants in their own transaction.
  const endDataAccess: EndDataAccess = (tx, member) => endMemberGrants(tx, member, clock());
  const acceptance = createInvitationAcceptance({ db, clock, endDataAccess });
  // Invitation links are read and accepted per IP; invitations are sent per team and hour.
  const invitationLinkLimit = rateLimit(
    { db, clock },
    {
      bucket: 'invitation-link',
      perMinute: config.rateLimitInvitationLinksPerMinute,
      message: 'Too many invitation requests. Please wait a minute and try again.',
    },
  );
  const teamInvitationLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-invitations',
      limit: config.rateLimitInvitationsPerHour,
      windowMs: HOUR_MS,
      message:
        'Your team has sent the most invitations allowed in an hour. Please try again later.',
    },
  );
  const teamRoleChangeLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-role-changes',
      limit: config.rateLimitRoleChangesPerHour,
      windowMs: HOUR_MS,
      message:
        'Your team has created, changed or deleted the most roles allowed in an hour. Please try again later.',
    },
  );
  // Webhooks are the team's own addresses: delivered on their own loop, so a slow or failing
  // one holds up nothing else.
  const rules = webhookAddressRules({
    sandbox: config.sandbox,
    production: config.nodeEnv === 'production',
  });
  const webhookWorker = createWebhookDeliveryWorker({
    db,
    clock,
    cipher,
    rules,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    leaseMs: 4 * WEBHOOK_TIMEOUT_MS,
  });
  const webhookLoop = createQueueLoop({
    name: 'team-webhooks',
    intervalMs: WEBHOOK_INTERVAL_MS,
    runOnce: (signal) => webhookWorker.runOnce(signal),
    outcomes: { delivered: 'succeeded', failed: 'failed', retried: 'retried' },
    metrics: metrics.jobs,
    log: app.log,
  });
  return {
    acceptance,
    webhookDeliveries: { loop: webhookLoop, runOnce: () => webhookWorker.runOnce() },
    purges: [(signal: AbortSignal) => webhookWorker.purge(signal)],
    handlers: {
      ...teamHandlers({ teams, mailPreferences: createMailPreferencesService({ db }) }),
      ...membersHandlers({ members: createMembersService({ db, clock, endDataAccess }), cookie }),
      ...rolesHandlers({ roles: createRolesService({ db }), teamLimit: teamRoleChangeLimit }),
      ...invitationsHandlers({
        config,
        invitations: createInvitationsService({ db, clock, mailer }),
        acceptance,
        sessions,
        cookie,
        teamLimit: teamInvitationLimit,
      }),
      ...activityHandlers({ activity: createActivityService({ db }) }),
      ...teamWebhooksHandlers({
        webhooks: createTeamWebhooksService({ db, clock, cipher, rules, kick: webhookLoop.kick }),
      }),
    },
    gates: {
      getInvitationInfo: invitationLinkLimit,
      acceptInvitation: invitationLinkLimit,
    } satisfies Gates,
  };
}
