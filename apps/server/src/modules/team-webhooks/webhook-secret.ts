import type { TokenCipher } from '../../crypto/token-cipher.ts';

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
