import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { KeyRing, KeySource } from './key-ring.ts';

/** How often a running server records its key versions. */
export const KEY_RING_HEARTBEAT_MS = 30_000;

/**
 * A server counts as running while its last heartbeat is newer than three heartbeats: one
 * missed beat (a slow database) does not make it vanish, and a server that died without
 * deleting its row stops counting within a minute and a half. Database time, not each
 * machine's clock, so servers and the rotation script agree.
 */
export const LIVE_SERVER_WINDOW_SECONDS = 90;
export const isLiveServer = sql<boolean>`server_key_rings.seen_at > now() - make_interval(secs => ${LIVE_SERVER_WINDOW_SECONDS})`;

/** Rows of servers that died unannounced are deleted after a day (they no longer count anyway). */
const FORGET_DEAD_AFTER = sql<Date>`now() - interval '1 day'`;

export interface RunningServer {
  label: string;
  keySource: KeySource;
  keyVersions: string[];
  startedAt: Date;
  seenAt: Date;
}

/**
 * This server's row in server_key_rings: which key versions it holds, so the rotation script
 * can refuse a key a live server lacks and other servers leave it credentials it cannot read.
 */
export function createServerKeyRings(db: Db, ring: KeyRing) {
  const id = randomUUID();
  const label = `${os.hostname()} pid ${process.pid}`;
  let beat: Promise<void> | undefined;
  let closed = false;

  async function write(): Promise<void> {
    const versions = JSON.stringify(ring.versions);
    await db
      .insertInto('server_key_rings')
      .values({ id, label, key_source: ring.source, key_versions: versions })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ key_versions: versions, seen_at: sql<Date>`now()` }),
      )
      .execute();
    await db.deleteFrom('server_key_rings').where('seen_at', '<', FORGET_DEAD_AFTER).execute();
  }

  return {
    /** Records (or refreshes) this server's key versions: its heartbeat. */
    async announce(): Promise<void> {
      if (closed) return;
      beat = write();
      await beat;
    },

    /** On shutdown: stops counting at once rather than when its heartbeat ages out. */
    async forget(): Promise<void> {
      closed = true;
      if (!beat) return;
      // A heartbeat still in flight would otherwise write the row back after the delete.
      await beat.catch(() => undefined);
      await db.deleteFrom('server_key_rings').where('id', '=', id).execute();
    },
  };
}

export type ServerKeyRings = ReturnType<typeof createServerKeyRings>;

/**
 * Live servers that cannot decrypt a value sealed under `version`: they lack it and read their
 * keys from TOKEN_ENCRYPTION_KEYS, which they only re-read on restart. Servers using the demo
 * key file re-read it when they meet an unknown version, so they learn it by themselves.
 */
export async function liveServersLacking(db: Db, version: string): Promise<RunningServer[]> {
  const rows = await db
    .selectFrom('server_key_rings')
    .select(['label', 'key_source', 'key_versions', 'started_at', 'seen_at'])
    .where(isLiveServer)
    .where('key_source', '=', 'env')
    .where(sql<boolean>`NOT (key_versions @> jsonb_build_array(${version}::text))`)
    .orderBy('started_at')
    .execute();
  return rows.map((row) => ({
    label: row.label,
    keySource: row.key_source,
    keyVersions: row.key_versions,
    startedAt: row.started_at,
    seenAt: row.seen_at,
  }));
}
