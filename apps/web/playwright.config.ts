import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { STATS_TEAMS } from './e2e/stats-teams.ts';

// The real server, started as a user starts it (demo mode), on free ports with fresh data
// directories. Values go through process.env so Playwright's workers, which load this file
// again, see the same ports.
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const env = process.env;
env.E2E_PORT ??= String(await freePort());
env.E2E_SHORT_IDLE_PORT ??= String(await freePort());
env.E2E_FAST_PORT ??= String(await freePort());
env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gds-e2e-'));

const repoRoot = resolve(import.meta.dirname, '../..');
const serverCommand = 'node --import tsx apps/server/src/server.ts';

function server(
  port: string,
  dataDir: string,
  extra: Record<string, string> = {},
  before?: string,
) {
  return {
    command: before ? `${before} && ${serverCommand}` : serverCommand,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/skins/megalytic/favicon.svg`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The e2e run signs in far more often from 127.0.0.1 than a person would.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: env.CI ? 1 : 0,
  // A whole flow per test (a sign-in, then up to three OAuth connections or a payment) against
  // a server started for the run, two workers on two cores: the longest ones take 25–40 s on
  // CI's machine. Each assertion still waits only the expect timeout below.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${env.E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // *.localhost serves the other skins; pin every loopback name to IPv4 where we listen.
        '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
      ],
    },
  },
  webServer: [
    // The platform admins the team specs sign in as (e2e/team-support.ts), one per use so
    // parallel tests never share an admin's team.
    server(
      env.E2E_PORT,
      join(env.E2E_DATA_DIR, 'main'),
      {
        PLATFORM_ADMIN_EMAILS: [
          'admin-switch@example.com',
          'admin-megalytic@example.com',
          'admin-raven@example.com',
          'admin-tapclicks@example.com',
        ].join(','),
        // The Looker Studio connector's OAuth client (e2e/looker-studio.spec.ts plays it).
        LOOKER_STUDIO_CLIENT_ID: 'e2e-connector',
        LOOKER_STUDIO_CLIENT_SECRET: 'e2e-connector-secret-0123456789abcdefgh',
        LOOKER_STUDIO_REDIRECT_URIS: 'http://localhost/e2e-connector/usercallback',
      },
      // A year of history for the Stats spec's teams (e2e/stats.spec.ts), one per skin.
      `node --import tsx apps/server/src/scripts/seed-history.ts ${STATS_TEAMS.map(
        (team) => `--email ${team.email} --unit ${team.unit}`,
      ).join(' ')}`,
    ),
    // A second instance whose sessions go idle after 3 s, to see the 440 flow for real.
    server(env.E2E_SHORT_IDLE_PORT, join(env.E2E_DATA_DIR, 'short-idle'), {
      SESSION_IDLE_SECONDS: '3',
    }),
    // A third whose data-source tokens need refreshing within seconds (revoke → reconnect),
    // whose sandbox logins bring 10 accounts each (the plan's account limit), and whose
    // TapClicks skin loads a chat vendor (the spec stands in for it; nothing leaves loopback).
    server(env.E2E_FAST_PORT, join(env.E2E_DATA_DIR, 'fast'), {
      SANDBOX_TOKEN_TTL_SECONDS: '302',
      CONNECTOR_REFRESH_INTERVAL_SECONDS: '1',
      TOKEN_CHECK_INTERVAL_SECONDS: '2',
      SANDBOX_ACCOUNTS_PER_LOGIN: '10',
      CHAT_WIDGET_SCRIPT_URL: 'http://chat-vendor.localhost/widget.js',
      CHAT_WIDGET_ID: 'e2e-widget',
    }),
  ],
});
