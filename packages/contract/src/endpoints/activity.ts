import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { idSchema, personSchema } from './schemas.ts';

/**
 * Every action the activity log records, with the words the Activity view shows. These are the
 * names the server writes (its audit writer only takes one of them), and rows already written
 * keep their names for good: the log is append-only. Adding an action here is how a new module
 * gets its entries named.
 */
export const ACTIVITY_ACTIONS = {
  'team.create': 'Created the team',
  'team.rename': 'Renamed the team',
  'team_webhook.save': 'Set the team webhook',
  'team_webhook.rotate_secret': "Replaced the team webhook's signing secret",
  'team_webhook.delete': 'Removed the team webhook',
  'member.join': 'Joined the team',
  'member.role_change': "Changed a member's role",
  'member.remove': 'Removed a member',
  'member.leave': 'Left the team',
  'credential.transfer': 'Transferred data-source logins',
  'invitation.create': 'Invited someone',
  'invitation.resend': 'Resent an invitation',
  'invitation.revoke': 'Revoked an invitation',
  'role.create': 'Created a role',
  'role.update': 'Changed a role',
  'role.delete': 'Deleted a role',
  'client_link.create': 'Created a client connect link',
  'client_link.revoke': 'Revoked a client connect link',
  'client_link.use': 'A client connected accounts through a link',
  'data_source.connect': 'Connected a data-source login',
  'data_source.reconnect': 'Reconnected a data-source login',
  'data_source.refresh_failed': 'A data-source login could not be refreshed',
  'data_source.account_delete': 'Deleted an account',
  'data_source.account_restore': 'Restored an account',
  'data_source.account_purge': 'Removed a deleted account for good',
  'billing.plan_change': 'Changed the plan',
  'billing.cancel': 'Scheduled the cancellation of the subscription',
  'billing.resume': 'Took back the scheduled cancellation',
  'billing.card_update': 'Updated the card on file',
  'connector_grant.created': 'Allowed the Looker Studio connector to read data',
  'connector_grant.revoked': "Revoked the Looker Studio connector's access",
  'admin_switch.start': 'A platform admin started acting as a member',
  'admin_switch.end': 'A platform admin stopped acting as a member',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_NAMES = Object.keys(ACTIVITY_ACTIONS) as ActivityAction[];

/** One entry, newest first. `actingAdmin` is set when a platform admin acted as the actor. */
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** The sentence the view shows, e.g. "Invited ana@agency.com as Admin". */
  summary: z.string(),
  actor: personSchema.nullable(),
  actingAdmin: z.object({ email: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/**
 * The team's activity log, newest first, filtered by person, action and date range (days in
 * UTC, both ends included), one page at a time: pass `before` = the last entry's id for the next
 * page. The CSV export asks for pages until `nextBefore` is null.
 */
export const getActivity = defineEndpoint({
  name: 'getActivity',
  method: 'GET',
  path: '/api/team/activity',
  access: privateAccess('view_activity'),
  query: z.object({
    actor: idSchema.optional(),
    action: z.enum(ACTIVITY_ACTION_NAMES as [ActivityAction, ...ActivityAction[]]).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    before: z
      .string()
      .regex(/^\d{1,19}$/, 'must be an entry id')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({
    entries: z.array(activityEntrySchema),
    nextBefore: z.string().nullable(),
    /** Everyone who appears in the team's log, for the person filter. */
    actors: z.array(personSchema),
  }),
  errors: ['VALIDATION_FAILED'],
});
