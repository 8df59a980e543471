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

/** Runs a trivial query: resolves when the database answers, throws why it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
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
