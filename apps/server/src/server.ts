import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { configuredDatabase, createDatabase, databaseLocation } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { waitForDatabase } from './db/wait-for-database.ts';

/**
 * Starts the server as `npm start` does: config, wait for the database, migrations, listen,
 * graceful close.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const target = configuredDatabase(
    config,
    `the server listening on ${config.host}:${config.port}`,
  );
  const db = createDatabase(target);
  // Building the app touches no database, so its logger can report the wait below.
  const app = await buildApp({ config, db, maintenance: true });

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, finish in-flight requests, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    void app
      .close()
      .then(() => db.destroy())
      .then(() => {
        clearTimeout(force);
        process.exit(0);
      });
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));

  await waitForDatabase(db, { log: app.log, where: databaseLocation(target) });
  await migrate(db);
  await app.listen({ port: config.port, host: config.host });
  const mode = config.google ? 'Google sign-in' : 'demo mode (sandbox sign-in)';
  app.log.info(`GDS server on ${config.publicUrl} (${mode}), data in ${config.dataDir}`);
}

main().catch((error: unknown) => {
  // A refusal that explains itself needs no stack trace.
  const reason = error instanceof DataDirInUseError ? error.message : error;
  console.error('The server could not start:', reason);
  process.exit(1);
});
