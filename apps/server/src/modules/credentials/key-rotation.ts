import { assertServersHoldKey } from '../../crypto/key-rotation-guard.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createKeyRotationRepository } from './key-rotation.repository.ts';
import { sealContext } from './seal-context.ts';

/**
 * Re-encrypts every credential that is not under the current key, online (keys can be
 * rotated while the servers run):
 * small batches, each row locked only while its batch runs (rows a refresher holds are
 * skipped and retried), and idempotent (a second run finds nothing to do). Refused while a live
 * server lacks the current key, checked before every batch so a server started meanwhile with
 * an older key set stops the run rather than losing the credentials re-encrypted after it.
 */
export async function rotateTokenKeys(
  db: Db,
  cipher: TokenCipher,
  options: { batchSize?: number; maxWaits?: number } = {},
): Promise<{ reencrypted: number }> {
  const batchSize = options.batchSize ?? 100;
  let reencrypted = 0;
  let waits = 0;
  for (;;) {
    await assertServersHoldKey(db, cipher.currentVersion);
    const done = await db.transaction().execute(async (tx) => {
      const repo = createKeyRotationRepository(tx);
      const rows = await repo.lockBatchNotUnder(cipher.currentVersion, batchSize);
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
    });
    reencrypted += done;
    if (done > 0) continue;
    const left = await createKeyRotationRepository(db).countNotUnder(cipher.currentVersion);
    if (left === 0) return { reencrypted };
    // Rows locked by a refresh in flight: wait for it to finish (it writes the new key too).
    waits += 1;
    if (waits > (options.maxWaits ?? 50)) {
      throw new Error(`${left} credentials stayed locked; run rotate-keys again later.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
