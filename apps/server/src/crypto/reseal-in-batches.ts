import type { Db } from '../db/database.ts';
import { assertServersHoldKey } from './key-rotation-guard.ts';
import type { TokenCipher } from './token-cipher.ts';

/** How many sealed values of one kind are under each key version other than the current one. */
export type LeftByKey = ReadonlyArray<{ key_version: string; n: number }>;

/** One kind of sealed value key rotation re-seals: its rows, and what people call them. */
export interface SealedKind {
  /** Plural, as an operator reads it: "credentials", "webhook signing secrets". */
  what: string;
  /** Re-seals up to `limit` rows not under the current key (locked ones skipped); answers how many. */
  resealBatch(tx: Db, limit: number): Promise<number>;
  /** The rows still under another key, counted by key version. */
  left(db: Db): Promise<LeftByKey>;
}

/**
 * Re-seals every value of one kind under the cipher's current key, online (keys can be rotated
 * while the servers run): small batches, each row locked only while its batch runs (rows held
 * elsewhere are skipped and retried), and idempotent (a second run finds nothing to do).
 * Refused before anything changes when a value is under a key the cipher lacks (the key was
 * dropped too early: it must come back before the rotation can finish), and while a live
 * server lacks the current key, checked before every batch so a server started meanwhile with
 * an older key set stops the run rather than losing the values re-sealed after it.
 */
export async function resealInBatches(
  db: Db,
  cipher: TokenCipher,
  kind: SealedKind,
  options: { batchSize?: number; maxWaits?: number } = {},
): Promise<number> {
  assertKeysHeld(cipher, kind.what, await kind.left(db));
  const batchSize = options.batchSize ?? 100;
  let resealed = 0;
  let waits = 0;
  for (;;) {
    await assertServersHoldKey(db, cipher.currentVersion);
    const done = await db.transaction().execute((tx) => kind.resealBatch(tx, batchSize));
    resealed += done;
    if (done > 0) continue;
    const left = (await kind.left(db)).reduce((sum, v) => sum + v.n, 0);
    if (left === 0) return resealed;
    // Rows locked by a change in flight: wait for it to finish (it writes the new key too).
    waits += 1;
    if (waits > (options.maxWaits ?? 50)) {
      throw new Error(`${left} ${kind.what} stayed locked; run rotate-keys again later.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function assertKeysHeld(cipher: TokenCipher, what: string, left: LeftByKey): void {
  const missing = left.filter((v) => !cipher.has(v.key_version));
  if (missing.length === 0) return;
  const versions = missing.map((v) => v.key_version);
  throw new Error(
    [
      `${missing.map((v) => `${v.n} ${what} are sealed under token key ${v.key_version}`).join('; ')}, which is not among the keys given (${cipher.versions.join(', ')}).`,
      `Add ${versions.join(', ')} back to TOKEN_ENCRYPTION_KEYS and run rotate-keys again; drop a key only once rotate-keys has re-sealed everything under it.`,
    ].join('\n'),
  );
}
