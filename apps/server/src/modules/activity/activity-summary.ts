import { ACTIVITY_ACTIONS, findConnector } from '@gds/contract';
import type { ActivityAction } from '@gds/contract';

type Details = Record<string, unknown>;

const text = (details: Details, key: string): string => {
  const value = details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Google Ads" for an entry naming a connector id, else the generic words. */
function connector(details: Details): string {
  const id = Number(details.connectorId);
  return (Number.isInteger(id) ? findConnector(id)?.name : undefined) ?? 'a data source';
}

/** A permission list as the log shows it: "view_stats, edit_team" or "none". */
const list = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? value.join(', ') : 'none';

/**
 * The sentence the activity view shows for one entry, built from what the entry recorded.
 * Entries missing a detail fall back to the action's own words, never to an error.
 */
const SENTENCES: { [A in ActivityAction]?: (d: Details) => string | undefined } = {
  'team.rename': (d) => `Renamed the team from ${text(d, 'from')} to ${text(d, 'to')}`,
  'team_webhook.save': (d) =>
    text(d, 'from')
      ? `Changed the team webhook from ${text(d, 'from')} to ${text(d, 'url')}`
      : `Set the team webhook to ${text(d, 'url')}`,
  'team_webhook.rotate_secret': (d) =>
    `Replaced the signing secret of the team webhook ${text(d, 'url')}`,
  'team_webhook.delete': (d) => `Removed the team webhook ${text(d, 'url')}`,
  'member.join': (d) => (text(d, 'role') ? `Joined the team as ${text(d, 'role')}` : undefined),
  'member.role_change': (d) =>
    `Changed the role of ${text(d, 'email')} from ${text(d, 'fromRole')} to ${text(d, 'toRole')}`,
  'member.remove': (d) => `Removed ${text(d, 'email')} from the team`,
  'member.leave': (d) =>
    d.joinedAnotherTeam === true ? 'Left the team to join another team' : 'Left the team',
  'credential.transfer': (d) =>
    `Transferred ${count(Number(d.count) || 0, 'data-source login', 'data-source logins')} from ${text(d, 'fromEmail')} to ${text(d, 'toEmail')}`,
  'invitation.create': (d) => `Invited ${text(d, 'email')} as ${text(d, 'role')}`,
  'invitation.resend': (d) =>
    d.emailed === false
      ? `Made a new invitation link for ${text(d, 'email')}`
      : `Resent the invitation to ${text(d, 'email')}`,
  'invitation.revoke': (d) => `Revoked the invitation to ${text(d, 'email')}`,
  'role.create': (d) => `Created the role ${text(d, 'name')} (${list(d.permissions)})`,
  'role.update': (d) =>
    [
      text(d, 'from')
        ? `Renamed the role ${text(d, 'from')} to ${text(d, 'name')}`
        : `Changed the role ${text(d, 'name')}`,
      Array.isArray(d.added) && d.added.length ? `gave ${list(d.added)}` : '',
      Array.isArray(d.removed) && d.removed.length ? `took away ${list(d.removed)}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  'role.delete': (d) => `Deleted the role ${text(d, 'name')}`,
  'client_link.create': (d) =>
    text(d, 'credentialName')
      ? `Asked ${text(d, 'email')} to reconnect ${connector(d)} login ${text(d, 'credentialName')}`
      : `Created a ${connector(d)} client link${text(d, 'email') ? ` for ${text(d, 'email')}` : ''}`,
  'client_link.revoke': (d) =>
    `Revoked the ${connector(d)} client link${text(d, 'email') ? ` for ${text(d, 'email')}` : ''}`,
  'client_link.use': (d) =>
    d.reconnected === true
      ? `${text(d, 'email')} reconnected ${connector(d)} login ${text(d, 'credentialName')} through a reconnect link`
      : `${text(d, 'email')} connected ${connector(d)} login ${text(d, 'credentialName')} through a client link (${count(Number(d.accountsAdded) || 0, 'account', 'accounts')} added)`,
  'data_source.connect': (d) =>
    `Connected ${connector(d)} login ${text(d, 'login')} (${count(Number(d.accountsAdded) || 0, 'account', 'accounts')} added)`,
  'data_source.reconnect': (d) => `Reconnected ${connector(d)} login ${text(d, 'login')}`,
  'data_source.refresh_failed': (d) =>
    `${connector(d)} login could not be refreshed (${text(d, 'reason') || 'provider error'})`,
  'billing.plan_change': (d) =>
    text(d, 'from') ? `Changed the plan to ${text(d, 'to')}` : `Bought the plan ${text(d, 'to')}`,
  'billing.cancel': (d) =>
    text(d, 'endsAt')
      ? `Scheduled the cancellation of the subscription for ${text(d, 'endsAt').slice(0, 10)}`
      : undefined,
  'billing.card_update': (d) =>
    text(d, 'last4') ? `Updated the card on file (ending ${text(d, 'last4')})` : undefined,
  'data_source.account_delete': (d) => `Deleted the ${connector(d)} account ${text(d, 'name')}`,
  'data_source.account_restore': (d) => `Restored the ${connector(d)} account ${text(d, 'name')}`,
  'data_source.account_purge': (d) =>
    `Removed the deleted ${connector(d)} account ${text(d, 'externalId')} for good`,
};

export function summarize(action: string, details: Details): string {
  const known = action in ACTIVITY_ACTIONS ? (action as ActivityAction) : undefined;
  if (!known) return action;
  return SENTENCES[known]?.(details) || ACTIVITY_ACTIONS[known];
}
