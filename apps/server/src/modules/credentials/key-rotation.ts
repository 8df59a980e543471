import { resealInBatches } from '../../crypto/reseal-in-batches.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createKeyRotationRepository } from './key-rotation.repository.ts';
import { sealContext } from './seal-context.ts';

/**
 * Re-encrypts every credential that is not under the current key, online and in batches (rows
 * a refresher holds are skipped and retried; the refresh writes the new key itself). Refused
 * while a live server lacks the current key, or a credential is under a key the cipher lacks.
 */
export async function rotateTokenKeys(
  db: Db,
  cipher: TokenCipher,
  options: { batchSize?: number; maxWaits?: number } = {},
): Promise<{ reencrypted: number }> {
  const reencrypted = await resealInBatches(
    db,
    cipher,
    {
      what: 'credentials',
      async resealBatch(tx, limit) {
        const repo = createKeyRotationRepository(tx);
        const rows = await repo.lockBatchNotUnder(cipher.currentVersion, limit);
        for (const row of rows) {
          const reseal = (sealed: string, column: 'access' | 'refresh') =>
            cipher.encrypt(
              cipher.decrypt(sealed, row.key_version, sealContext(row.id, column)),
              sealContext(row.id, column),
            );
          await repo.reseal(row, {
            access: reseal(row.access_token_enc, 'access'),
            refresh: row.refresh_token_enc ? reseal(row.refresh_token_enc, 'refresh') : null,
            version: cipher.currentVersion,
          });
        }
        return rows.length;
      },
      left: (reader) => createKeyRotationRepository(reader).countNotUnder(cipher.currentVersion),
    },
    options,
  );
  return { reencrypted };
}
