import { resealInBatches } from '../../crypto/reseal-in-batches.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createTeamWebhooksRepository } from './team-webhooks.repository.ts';

/**
 * What a team's signing secret is sealed for (the cipher's additional data): that team's
 * webhook row, so a sealed secret copied to another team's row cannot be opened there.
 */
const context = (teamId: string) => `team-webhook:${teamId}:secret`;

/** Seals a secret for the team's row under the ring's current key. */
export function sealWebhookSecret(cipher: TokenCipher, teamId: string, secret: string) {
  return { secretEnc: cipher.encrypt(secret, context(teamId)), keyVersion: cipher.currentVersion };
}

/** Opens the team's sealed secret (throws when its key is missing or it was tampered with). */
export function openWebhookSecret(
  cipher: TokenCipher,
  teamId: string,
  stored: { secret_enc: string; key_version: string },
): string {
  return cipher.decrypt(stored.secret_enc, stored.key_version, context(teamId));
}

/**
 * `npm run rotate-keys`: seals every team's signing secret again under the ring's current key,
 * like the credentials (online, in batches, idempotent), so the older key can be dropped and
 * every webhook still signs. The secrets stay the same: receivers notice nothing.
 */
export async function resealWebhookSecrets(
  db: Db,
  cipher: TokenCipher,
  options: { batchSize?: number } = {},
): Promise<number> {
  return resealInBatches(
    db,
    cipher,
    {
      what: 'webhook signing secrets',
      async resealBatch(tx, limit) {
        const repo = createTeamWebhooksRepository(tx);
        const rows = await repo.lockSecretsNotUnder(cipher.currentVersion, limit);
        for (const row of rows) {
          const secret = openWebhookSecret(cipher, row.team_id, row);
          await repo.resealSecret(row.team_id, sealWebhookSecret(cipher, row.team_id, secret));
        }
        return rows.length;
      },
      left: (reader) =>
        createTeamWebhooksRepository(reader).countSecretsNotUnder(cipher.currentVersion),
    },
    options,
  );
}
