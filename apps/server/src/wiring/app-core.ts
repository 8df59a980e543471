import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { KeyRing } from '../crypto/key-ring.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Mailer } from '../modules/mail/mailer.ts';

/**
 * What every area's wiring is built from: the app with its settings, database and time, and
 * the few services all areas share (the token cipher, the mailer, the metrics).
 */
export interface AppCore {
  app: FastifyInstance;
  config: Config;
  db: Db;
  clock: Clock;
  cipher: KeyRing;
  mailer: Mailer;
  metrics: Metrics;
}

/** Background work run hourly; a purge that fails does not keep the others from running. */
export type Purge = (signal: AbortSignal) => Promise<unknown>;
