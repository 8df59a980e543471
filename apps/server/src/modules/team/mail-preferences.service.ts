import type { BusinessUnit, Permission } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { notFound } from '../../lib/errors.ts';
import { createMailPreferencesRepository } from './mail-preferences.repository.ts';
import { effectivePermissions } from './role-permissions.ts';
import { createTeamRepository } from './team.repository.ts';

/** The mail a member has chosen to receive, as the profile shows it. */
export interface MailPreferences {
  credentialDigest: boolean;
}

/** Reads and changes the caller's own mail choices (nobody changes another member's). */
export function createMailPreferencesService(deps: { db: Db }) {
  const repo = createMailPreferencesRepository(deps.db);
  return {
    async get(user: SessionUser): Promise<MailPreferences> {
      const on = await repo.credentialDigest(user.teamId, user.id);
      if (on === undefined) throw notFound('Your profile');
      return { credentialDigest: on };
    },
    async update(user: SessionUser, input: MailPreferences): Promise<MailPreferences> {
      if (!(await repo.setCredentialDigest(user.teamId, user.id, input.credentialDigest))) {
        throw notFound('Your profile');
      }
      return { credentialDigest: input.credentialDigest };
    },
  };
}

export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;

/**
 * Who reads a team's credential warnings: the members holding `permission` who have not
 * turned the digest off, with the team's name and brand. Undefined when the team is gone.
 */
export async function digestReadersOf(
  db: Db,
  teamId: string,
  permission: Permission,
): Promise<{ teamName: string; unit: BusinessUnit; emails: string[] } | undefined> {
  const team = await createTeamRepository(db).findById(teamId);
  if (!team) return undefined;
  const readers = await createMailPreferencesRepository(db).digestReaders(teamId);
  return {
    teamName: team.name,
    unit: team.business_unit,
    emails: readers
      .filter((r) => effectivePermissions(r.built_in, r.permissions)[permission] === true)
      .map((r) => r.email),
  };
}
