import type { BusinessUnit } from '@gds/contract';
import { systemClock } from '../src/clock.ts';
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
  const userId = await teams.provisionUser(unit, identity(0), null);
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
