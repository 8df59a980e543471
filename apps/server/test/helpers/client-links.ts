import type { Db } from '../../src/db/database.ts';
import { hashToken, newToken } from '../../src/modules/sessions/session-token.ts';

/** A client link of `teamId` written directly, in the state a test needs; answers its token. */
export async function seedClientLink(
  db: Db,
  link: {
    teamId: string;
    connectorId?: number;
    createdBy?: string | null;
    multiUse?: boolean;
    uses?: number;
    expiresInMs?: number;
    revoked?: boolean;
    recipientEmail?: string | null;
  },
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const now = new Date();
  const row = await db
    .insertInto('client_links')
    .values({
      team_id: link.teamId,
      connector_id: link.connectorId ?? 1,
      token_hash: hashToken(token),
      recipient_email: link.recipientEmail ?? null,
      multi_use: link.multiUse ?? false,
      uses: link.uses ?? 0,
      created_by: link.createdBy ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + (link.expiresInMs ?? 24 * 60 * 60 * 1000)),
      revoked_at: link.revoked ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}
