import { sql } from 'kysely';
import type { Db } from './database.ts';
import { isDatabaseUnavailable } from './database-errors.ts';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/** The few log methods start-up needs (the app's pino logger). */
export interface WaitLog {
  info(message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Runs a trivial query. With `timeoutMs`, a database slower than that counts as unavailable
 * (code ETIMEDOUT); the query itself is still bounded by the pool's own timeouts.
 */
export async function pingDatabase(db: Db, timeoutMs?: number): Promise<void> {
  const query = sql`SELECT 1`.execute(db);
  if (timeoutMs === undefined) {
    await query;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the database did not answer within ${timeoutMs} ms`);
      reject(Object.assign(error, { code: 'ETIMEDOUT' }));
    }, timeoutMs);
  });
  try {
    await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Start-up: returns once the database answers. While it cannot be reached (not up yet,
 * restarting) it logs and retries with back-off, 0.5 s doubling to 10 s, for as long as it
 * takes: a server started before its database must come up by itself, not exit. Any other
 * error (wrong password, no such database, data directory in use) is thrown at once.
 */
export async function waitForDatabase(
  db: Db,
  deps: { log: WaitLog; where: string },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pingDatabase(db);
      if (attempt > 1) deps.log.info(`the database at ${deps.where} answers`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);
      const code = (error as { code?: unknown }).code;
      const reason = typeof code === 'string' ? code : (error as Error).message;
      deps.log.warn(
        { attempt, retryInMs },
        `waiting for the database at ${deps.where} (${reason}); retrying in ${retryInMs / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
