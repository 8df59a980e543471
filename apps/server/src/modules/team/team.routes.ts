import type { Handlers } from '../../http/route.ts';
import type { MailPreferencesService } from './mail-preferences.service.ts';
import { toAdminInfo } from './team.mappers.ts';
import type { TeamService } from './team.service.ts';

/**
 * The caller's team and own profile: read, rename, and the mail the caller receives. Private
 * routes; the user is always set.
 */
export function teamHandlers(deps: {
  teams: TeamService;
  mailPreferences: MailPreferencesService;
}): Pick<
  Handlers,
  'getTeamInfo' | 'updateTeamInfo' | 'getMailPreferences' | 'updateMailPreferences'
> {
  const { teams, mailPreferences } = deps;
  return {
    getTeamInfo: ({ user, auth }) =>
      Promise.resolve({ ...teams.getInfo(user), admin: toAdminInfo(auth) }),
    updateTeamInfo: async ({ user, body }) => teams.rename(user, body.name),
    getMailPreferences: ({ user }) => mailPreferences.get(user),
    updateMailPreferences: ({ user, body }) =>
      mailPreferences.update(user, { credentialDigest: body.credentialDigest === 'true' }),
  };
}
