import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createMembersRepository } from './members.repository.ts';

interface Someone {
  id: string;
  email: string;
}

/**
 * A member leaving a team (removed, leaving, or moving to another team by invitation) leaves
 * the data-source logins they authorised with the team: they become `to`'s, so every account
 * keeps working, and the team's log says how many moved. Run inside the change's transaction.
 */
export async function handOverCredentials(
  tx: Db,
  input: { teamId: string; from: Someone; to: Someone; actorUserId: string },
): Promise<number> {
  const count = await createMembersRepository(tx).transferCredentials(
    input.teamId,
    input.from.id,
    input.to.id,
  );
  if (count > 0) {
    await recordAudit(tx, {
      teamId: input.teamId,
      actorUserId: input.actorUserId,
      action: 'credential.transfer',
      details: {
        fromUserId: input.from.id,
        fromEmail: input.from.email,
        toUserId: input.to.id,
        toEmail: input.to.email,
        count,
      },
    });
  }
  return count;
}

/**
 * Who takes over from a member leaving on their own: the longest-standing other Super Admin.
 * Undefined when nobody else is in the team (the team then stays as it is, with its data).
 * A team always keeps a Super Admin while it has members, so the rule is checked here too:
 * the last one cannot go while others stay.
 */
export async function successorOf(
  tx: Db,
  teamId: string,
  leaving: Someone,
  blockedMessage: string,
): Promise<Someone | undefined> {
  const repo = createMembersRepository(tx);
  const others = (await repo.superAdmins(teamId)).filter((admin) => admin.id !== leaving.id);
  if (others[0]) return others[0];
  if ((await repo.count(teamId)) > 1) throw new AppError('CONFLICT', blockedMessage);
  return undefined;
}
