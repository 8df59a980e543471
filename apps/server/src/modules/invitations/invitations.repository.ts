import type { Db } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for invitations. Team-scoped statements name the team; links are found by hash only. */
export function createInvitationsRepository(db: Db) {
  const withNames = () =>
    db
      .selectFrom('invitations as i')
      .innerJoin('teams as t', 't.id', 'i.team_id')
      .leftJoin('roles as r', (join) =>
        join.onRef('r.id', '=', 'i.role_id').onRef('r.team_id', '=', 'i.team_id'),
      )
      // The inviter is named while they are still in the team.
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'i.invited_by').onRef('u.team_id', '=', 'i.team_id'),
      )
      .select([
        'i.id',
        'i.team_id',
        'i.email',
        'i.role_id',
        'i.created_at',
        'i.expires_at',
        'i.accepted_at',
        'i.revoked_at',
        't.name as team_name',
        't.business_unit',
        'r.name as role_name',
        'u.id as inviter_id',
        'u.email as inviter_email',
        'u.name as inviter_name',
        'u.first_name as inviter_first_name',
        'u.last_name as inviter_last_name',
      ]);

  return {
    /** Open invitations (not accepted or revoked), pending and expired, newest first. */
    listOpen(teamId: string) {
      return withNames()
        .where('i.team_id', '=', teamId)
        .where('i.accepted_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id')
        .execute();
    },

    find(teamId: string, id: string) {
      if (!isUuid(id)) return Promise.resolve(undefined);
      return withNames().where('i.team_id', '=', teamId).where('i.id', '=', id).executeTakeFirst();
    },

    /** The invitation a link names, whatever its state (the page says why it no longer works). */
    findByTokenHash(tokenHash: string) {
      return withNames().where('i.token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** The team's open invitation for this email, if any (one per person and team). */
    findOpenByEmail(teamId: string, email: string) {
      return db
        .selectFrom('invitations')
        .select(['id', 'expires_at'])
        .where('team_id', '=', teamId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async insert(row: {
      teamId: string;
      email: string;
      roleId: string;
      tokenHash: string;
      invitedBy: string;
      now: Date;
      expiresAt: Date;
    }): Promise<string> {
      const inserted = await db
        .insertInto('invitations')
        .values({
          team_id: row.teamId,
          email: row.email,
          role_id: row.roleId,
          token_hash: row.tokenHash,
          invited_by: row.invitedBy,
          created_at: row.now,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** A new link for an open invitation: the old one stops working at once. */
    async renew(
      teamId: string,
      id: string,
      change: {
        tokenHash: string;
        expiresAt: Date;
        renewed?: { roleId: string; invitedBy: string; now: Date };
      },
    ): Promise<void> {
      await db
        .updateTable('invitations')
        .set({
          token_hash: change.tokenHash,
          expires_at: change.expiresAt,
          ...(change.renewed
            ? {
                role_id: change.renewed.roleId,
                invited_by: change.renewed.invitedBy,
                created_at: change.renewed.now,
              }
            : {}),
        })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revoke(teamId: string, id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: now })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Marks the invitation accepted if it is still pending, in one statement, so a link can
     * be used once even when two tabs race. Answers whether this call took it.
     */
    async claim(teamId: string, id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ accepted_at: now })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
export type InvitationView = NonNullable<Awaited<ReturnType<InvitationsRepository['find']>>>;
