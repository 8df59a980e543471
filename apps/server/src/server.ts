import type { Server } from 'node:http';
import module from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from './config/config.ts';

// Node 22+ keeps the compiled code of every module it loads from here on (in the OS's temp
// directory), so a start after the first skips most of the ~0.7 s of compiling; everything
// else is imported below, after this line. Node 20 has no such cache and starts as before.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const [
  { ConfigError, loadConfig },
  { DataDirInUseError },
  { configuredDatabase, createDatabase, databaseLocation },
  { migrate },
  { pingDatabase, waitForDatabase },
] = await Promise.all([
  import('./config/config.ts'),
  import('./db/data-dir-lock.ts'),
  import('./db/database.ts'),
  import('./db/migrate.ts'),
  import('./db/wait-for-database.ts'),
]);

/** How long after listening the timed background jobs first run on PGlite. */
const LOOPS_FIRST_RUN_AFTER_MS = 5_000;

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
  // Opening the database (PGlite's WASM start, a first connection) goes on while the app's
  // modules load. A failure here is left to waitForDatabase below, which retries what can be
  // retried, logs through the app's logger and throws the rest.
  const opening = pingDatabase(db).catch(() => undefined);
  const [{ appMetrics, beginDrain, buildApp }, { startMetricsServer }] = await Promise.all([
    import('./app.ts'),
    import('./http/metrics.routes.ts'),
  ]);
  // The app's logger reports the wait for the database; migrations run before the app is built
  // any further, since the sandbox billing provider stores its settings while it is.
  const app = await buildApp({
    config,
    db,
    maintenance: true,
    // PGlite has one connection: the first requests after a start are not queued behind an
    // hourly purge. PostgreSQL's pool serves both, and the jobs run at once as they always did.
    maintenanceFirstRunAfterMs: target.kind === 'pglite' ? LOOPS_FIRST_RUN_AFTER_MS : 0,
    prepareDatabase: async (log) => {
      await opening;
      await waitForDatabase(db, { log, where: databaseLocation(target) });
      await migrate(db);
    },
  });
  let metricsServer: Server | undefined;

  let closing = false;
  /**
   * SIGTERM (an orchestrator, a rolling restart): readiness fails at once, requests are still
   * served for SHUTDOWN_DRAIN_SECONDS while load balancers take this instance out, then it
   * stops accepting, answers what is in flight (cut after SHUTDOWN_TIMEOUT_SECONDS), stops the
   * background loops and gives their leases back, and closes the database. SIGINT (Ctrl-C)
   * skips the drain.
   */
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const giveUp = setTimeout(
      () => {
        app.log.error('shutdown did not finish in time; exiting anyway');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownTimeoutMs + 15_000,
    ).unref();
    beginDrain(app);
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
    const cut = setTimeout(() => {
      app.log.warn('requests still in flight at the shutdown timeout; closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
      clearTimeout(cut);
      metricsServer?.close();
      await db.destroy();
      clearTimeout(giveUp);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort) {
    metricsServer = await startMetricsServer(appMetrics(app), {
      port: config.metricsPort,
      host: config.host,
    });
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    app.log.warn(
      `Node ${process.versions.node} is past its end of life; this app supports Node 22 and 24 (package.json engines)`,
    );
  }
  const mode = config.google ? 'with Google sign-in' : 'in demo mode with the sandbox sign-in';
  const cpu = process.cpuUsage();
  app.log.info(
    // How long this start took (the start bench reads it): since the process began, to here.
    {
      startup: {
        ms: Math.round(performance.now()),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      },
    },
    `GDS server on ${config.publicUrl} ${mode}; data in ${config.dataDir}`,
  );
  if (config.nodeEnv !== 'production') process.stdout.write(`${welcome(config)}\n`);
}

/** What a person who just ran `npm start` needs: where the app is and how to get in. */
function welcome(config: Config): string {
  const lines = ['', `  The app is running at ${config.publicUrl}`];
  if (config.google) {
    lines.push('  Sign in with a Google account (GOOGLE_CLIENT_ID is set).');
  } else {
    lines.push(
      '  Sign in: press "Sign in with Google", then type any email on the sandbox page (demo mode:',
      '  no Google account is used; each new email gets a team of its own).',
    );
  }
  if (config.sandbox) {
    lines.push(`  Mail the app sends (invitations): ${config.publicUrl}/sandbox/outbox`);
  }
  if (config.platformAdminEmails.length > 0) {
    lines.push(
      `  Platform admins: ${config.platformAdminEmails.join(', ')} (${config.publicUrl}/admin)`,
    );
  }
  lines.push('  Stop it with Ctrl-C.', '');
  return lines.join('\n');
}

main().catch((error: unknown) => {
  // A refusal that explains itself needs no stack trace.
  const reason = error instanceof DataDirInUseError ? error.message : error;
  console.error('The server could not start:', reason);
  process.exit(1);
});
