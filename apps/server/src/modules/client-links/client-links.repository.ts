import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for client connect links. Team-scoped statements name the team; links are found by hash only. */
export function createClientLinksRepository(db: Db) {
  const withTeam = () =>
    db
      .selectFrom('client_links as l')
      .innerJoin('teams as t', 't.id', 'l.team_id')
      .leftJoin('data_source_credentials as c', (join) =>
        join.onRef('c.id', '=', 'l.credential_id').onRef('c.team_id', '=', 'l.team_id'),
      )
      .select([
        'l.id',
        'l.team_id',
        'l.connector_id',
        'l.recipient_email',
        'l.multi_use',
        'l.uses',
        'l.created_by',
        'l.created_at',
        'l.expires_at',
        'l.revoked_at',
        'l.credential_id',
        'c.display_name as credential_name',
        't.name as team_name',
        't.business_unit',
      ]);

  return {
    async insert(row: {
      teamId: string;
      connectorId: number;
      tokenHash: string;
      recipientEmail: string | null;
      multiUse: boolean;
      createdBy: string;
      now: Date;
      expiresAt: Date;
      /** A reconnect link's credential. */
      credentialId?: string | null;
    }): Promise<string> {
      const inserted = await db
        .insertInto('client_links')
        .values({
          team_id: row.teamId,
          connector_id: row.connectorId,
          token_hash: row.tokenHash,
          recipient_email: row.recipientEmail,
          multi_use: row.multiUse,
          created_by: row.createdBy,
          created_at: row.now,
          expires_at: row.expiresAt,
          credential_id: row.credentialId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** The team's links made or still working since `since`, newest first. */
    listRecent(teamId: string, since: Date) {
      return withTeam()
        .where('l.team_id', '=', teamId)
        .where((eb) => eb.or([eb('l.created_at', '>=', since), eb('l.expires_at', '>=', since)]))
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id')
        .execute();
    },

    find(teamId: string, id: string) {
      if (!isUuid(id)) return Promise.resolve(undefined);
      return withTeam().where('l.team_id', '=', teamId).where('l.id', '=', id).executeTakeFirst();
    },

    /**
     * The link a token names, whatever its state (the page says why it no longer works). Spans
     * all teams on purpose: the token itself is what names the team.
     */
    findByTokenHash(tokenHash: string) {
      return withTeam().where('l.token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks an unrevoked link revoked; answers whether it was. */
    async revoke(teamId: string, id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('client_links')
        .set({ revoked_at: now })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Counts one use of a link that still works (unrevoked, unexpired, and unused when
     * single-use), in one statement, so two clients racing for a single-use link cannot both
     * win. Answers the uses after counting, or undefined when the link no longer works.
     */
    async claimUse(teamId: string, id: string, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('client_links')
        .set({ uses: sql<number>`uses + 1`, last_used_at: now })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) => eb.or([eb('multi_use', '=', true), eb('uses', '=', 0)]))
        .returning('uses')
        .executeTakeFirst();
      return row?.uses;
    },
  };
}

export type ClientLinksRepository = ReturnType<typeof createClientLinksRepository>;
export type ClientLinkView = NonNullable<Awaited<ReturnType<ClientLinksRepository['find']>>>;
