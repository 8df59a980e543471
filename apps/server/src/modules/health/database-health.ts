import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { onConnectionLost } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { pingDatabase } from '../../db/wait-for-database.ts';
import type { ReadinessCheck } from './health.routes.ts';

/**
 * Logs each pooled connection the database drops, once, for as long as the app runs. Only the
 * code and message: a pg error carries its client, whose settings include the password.
 */
export function logLostConnections(app: FastifyInstance, db: Db): void {
  const stop = onConnectionLost(db, (error) => {
    app.log.warn(
      { code: error.code },
      `lost a database connection (${error.code ?? error.message}); the pool opens a new one when needed`,
    );
  });
  app.addHook('onClose', (_instance, done) => {
    stop();
    done();
  });
}

/** Readiness: the database answers a trivial query. */
export function databaseCheck(db: Db): ReadinessCheck {
  return { name: 'database', run: () => pingDatabase(db) };
}

/**
 * Readiness: every migration this build ships is recorded in the database. Once true it stays
 * true (migrations are only ever added), so later probes cost nothing.
 */
export function migrationsCheck(db: Db): ReadinessCheck {
  let upToDate = false;
  return {
    name: 'migrations',
    run: async () => {
      if (upToDate) return;
      const pending = await pendingMigrations(db);
      if (pending.length > 0) throw new Error(`migrations not applied: ${pending.join(', ')}`);
      upToDate = true;
    },
  };
}

/** Readiness: every background loop this instance started has run on time. */
export function backgroundLoopsCheck(stalled: () => readonly string[]): ReadinessCheck {
  return {
    name: 'background loops',
    run: () => {
      const names = stalled();
      return names.length > 0
        ? Promise.reject(new Error(`stalled: ${names.join(', ')}`))
        : Promise.resolve();
    },
  };
}
