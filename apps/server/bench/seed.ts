import { randomUUID } from 'node:crypto';
import type { BusinessUnit } from '@gds/contract';
import { systemClock } from '../src/lib/clock.ts';
import type { Db } from '../src/db/database.ts';
import { createSessionService } from '../src/modules/sessions/sessions.service.ts';
import { createTeamService } from '../src/modules/team/team.service.ts';

export interface SeededTeam {
  teamId: string;
  userId: string;
  /** Session cookie value of the team's owner. */
  sessionToken: string;
}

/** A team with its owner and `members` more members, through the same services sign-in uses. */
export async function seedTeam(
  db: Db,
  unit: BusinessUnit,
  label: string,
  members: number,
): Promise<SeededTeam> {
  const teams = createTeamService({ db, clock: systemClock });
  const identity = (n: number) => ({
    email: `${label}-${n}@bench.example`,
    firstName: `Bench${n}`,
    lastName: label,
    name: `Bench${n} ${label}`,
    image: '',
  });
  const { userId } = await teams.provisionUser(unit, identity(0), null);
  const owner = await db
    .selectFrom('users')
    .select(['team_id', 'role_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (members > 0) {
    await db
      .insertInto('users')
      .values(
        Array.from({ length: members }, (_, i) => ({
          business_unit: unit,
          email: identity(i + 1).email,
          first_name: identity(i + 1).firstName,
          last_name: label,
          name: identity(i + 1).name,
          team_id: owner.team_id,
          role_id: owner.role_id,
        })),
      )
      .execute();
  }
  const sessions = createSessionService({ db, clock: systemClock, idleSeconds: 7200 });
  const sessionToken = await sessions.start(unit, userId);
  return { teamId: owner.team_id, userId, sessionToken };
}

/**
 * `logins` logins of Google Analytics with `perLogin` accounts each, every `deletedEvery`-th
 * of them deleted (0: none). Answers the ids of the accounts left active.
 * The token columns hold placeholders: reading the grouped view never decrypts them, and with
 * no expiry and no refresh token the refresher leaves them alone.
 */
export async function seedAccounts(
  db: Db,
  team: SeededTeam,
  logins: number,
  perLogin: number,
  deletedEvery = 10,
): Promise<string[]> {
  const active: string[] = [];
  const connectorId = 1;
  for (let l = 0; l < logins; l += 1) {
    const credentialId = randomUUID();
    await db
      .insertInto('data_source_credentials')
      .values({
        id: credentialId,
        team_id: team.teamId,
        connector_id: connectorId,
        external_user_id: `bench-login-${l}`,
        display_name: `analytics-${l}@bench.example`,
        access_token_enc: 'bench-placeholder',
        key_version: 'bench',
        created_by: team.userId,
      })
      .execute();
    const rows = await db
      .insertInto('data_source_accounts')
      .values(
        Array.from({ length: perLogin }, (_, a) => ({
          team_id: team.teamId,
          credential_id: credentialId,
          connector_id: connectorId,
          external_id: `properties/${l}${String(a).padStart(5, '0')}`,
          name: `Bench property ${l}-${a}`,
          added_by: team.userId,
          ...(deletedEvery > 0 && a % deletedEvery === 0
            ? { deleted_at: new Date(), deleted_by: team.userId }
            : {}),
        })),
      )
      .returning(['id', 'deleted_at'])
      .execute();
    for (const row of rows) if (row.deleted_at === null) active.push(row.id);
  }
  return active;
}
