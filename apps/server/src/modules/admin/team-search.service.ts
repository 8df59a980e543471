import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { displayName, toTeam } from '../team/team.mappers.ts';
import { createAdminRepository } from './admin.repository.ts';

/** /admin's search: teams of the unit by name or member email, each with its members. */
export async function searchTeams(db: Db, unit: BusinessUnit, text: string) {
  const repo = createAdminRepository(db);
  const teams = await repo.searchTeams(unit, text);
  const members = await repo.membersOf(teams.map((team) => team.id));
  return {
    teams: teams.map((row) => {
      const { id, name, businessUnit, createdAt } = toTeam(row);
      return {
        id,
        name,
        businessUnit,
        createdAt,
        members: members
          .filter((member) => member.team_id === id)
          .map((member) => ({
            id: member.id,
            email: member.email,
            name: displayName({
              name: member.name,
              firstName: member.first_name,
              lastName: member.last_name,
            }),
            roleName: member.role_name,
          })),
      };
    }),
  };
}
