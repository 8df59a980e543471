import type { Db } from '../db/database.ts';
import type { RunningServer } from './server-key-rings.repository.ts';
import { LIVE_SERVER_WINDOW_SECONDS, liveServersLacking } from './server-key-rings.repository.ts';

/**
 * Rotation would seal credentials under a key a running server cannot read: refused, naming those
 * servers and what to do, before anything is re-encrypted.
 */
export class KeyRotationRefused extends Error {
  override name = 'KeyRotationRefused';
  constructor(
    readonly keyVersion: string,
    readonly servers: readonly RunningServer[],
  ) {
    const list = servers.map(
      (s) =>
        `  - ${s.label}: keys ${s.keyVersions.join(', ')}; started ${s.startedAt.toISOString()}, last seen ${s.seenAt.toISOString()}`,
    );
    const one = servers.length === 1;
    super(
      [
        `${servers.length} running ${one ? 'server does' : 'servers do'} not have token key ${keyVersion}, so ${one ? 'it' : 'they'} could not read the credentials re-encrypted under it:`,
        ...list,
        `Add ${keyVersion} to TOKEN_ENCRYPTION_KEYS on every server and restart them, then run rotate-keys again.`,
        `(A server stopped without shutting down stops counting ${LIVE_SERVER_WINDOW_SECONDS} seconds after its last heartbeat.)`,
      ].join('\n'),
    );
  }
}

/** Throws KeyRotationRefused while a live server could not read values sealed under `version`. */
export async function assertServersHoldKey(db: Db, version: string): Promise<void> {
  const lacking = await liveServersLacking(db, version);
  if (lacking.length > 0) throw new KeyRotationRefused(version, lacking);
}
