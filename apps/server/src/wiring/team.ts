import { rateLimit, rateLimiter } from '../http/rate-limit.ts';
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

/** The team screen: the team itself, its members, roles, invitations and activity. */
export function wireTeam(core: AppCore, deps: { session: SessionWiring }) {
  const { config, db, clock, mailer } = core;
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
  return {
    acceptance,
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
    },
    gates: {
      getInvitationInfo: invitationLinkLimit,
      acceptInvitation: invitationLinkLimit,
    } satisfies Gates,
  };
}
