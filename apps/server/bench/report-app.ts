import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BUSINESS_UNIT_HEADER, findConnectorByName } from '@gds/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import { TinyBrowser, freePort } from '../test/helpers/browser.ts';
import { authorizeBenchConnector } from './connector-authorization.ts';
import { DATA_PATH_ENV } from './data-path-seed.ts';
import { seedTeam } from './seed.ts';

/**
 * Real time, moved on by what the bench adds: the report's next day is the same server a day
 * later, its time still running (leases, retry times and freshness are measured by it).
 */
export interface MovableClock extends Clock {
  advance: (ms: number) => void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  clock.advance = (ms: number) => {
    offset += ms;
  };
  return clock;
}

/** The report's server: in this process (so its clock can move), in demo mode, listening. */
export interface ReportServer {
  app: FastifyInstance;
  db: Db;
  base: string;
  /** The Google Analytics account the charts read (our id). */
  accountId: string;
  /** The one grant every viewer of the shared report uses. */
  grant: { accessToken: string; refreshToken: string };
  close: () => Promise<void>;
}

/**
 * Builds the app as the server does (background loops on, so the data job worker runs) against
 * the bench's database, connects a sandbox Google Analytics login through the connect flow a
 * member clicks through, and authorizes the Looker Studio connector once.
 */
export async function startReportServer(
  env: Record<string, string>,
  clock: MovableClock,
): Promise<ReportServer> {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('The report bench runs on PostgreSQL: DATABASE_URL is missing.');
  const db = createDatabase({ kind: 'postgres', url });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const config = loadConfig({
    ...process.env,
    ...env,
    ...DATA_PATH_ENV,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({
    config,
    db,
    clock,
    logger: false,
    maintenance: true,
    forceCloseConnections: true,
    distDir: path.join(config.dataDir, 'no-dist'),
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const owner = await seedTeam(db, 'MEGALYTIC_GDS', 'report', 0);
    const accountId = await connectAnalytics(base, owner.sessionToken, db, owner.teamId);
    const grant = await authorizeBenchConnector(base, base, owner.sessionToken);
    return {
      app,
      db,
      base,
      accountId,
      grant,
      close: async () => {
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await app.close();
    await db.destroy();
    throw error;
  }
}

/**
 * Connects Google Analytics as a member does: the connect request, the sandbox provider's
 * consent page with every property ticked, and the provider's redirect back to our callback.
 */
async function connectAnalytics(
  base: string,
  sessionToken: string,
  db: Db,
  teamId: string,
): Promise<string> {
  const connector = findConnectorByName('google-analytics');
  if (!connector) throw new Error('no google-analytics connector');
  const browser = new TinyBrowser();
  browser.cookies.set('gds_session', sessionToken);
  const started = await browser.fetch(
    `${base}/api/auth/?type=reauth&integration_type=${connector.id}`,
    { headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' } },
  );
  const { authUri } = (await started.json()) as { authUri?: string };
  if (!authUri) throw new Error(`connecting Google Analytics: no consent page (${started.status})`);
  const page = await browser.fetch(authUri);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`connecting Google Analytics: no consent form (${page.status})`);
  const form = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="(\w+)" value="([^"]*)">/g,
  )) {
    form.set(name, value.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  form.set('login', /id="login"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? '');
  for (const [, n = ''] of html.matchAll(/name="account_(\d+)"/g)) form.set(`account_${n}`, 'on');
  form.set('decision', 'allow');
  const answer = await browser.fetch(new URL(action, authUri).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const back = answer.headers.get('location');
  if (!back) throw new Error(`connecting Google Analytics: consent answered ${answer.status}`);
  await (await browser.fetch(back)).arrayBuffer();
  const account = await db
    .selectFrom('data_source_accounts')
    .select('id')
    .where('team_id', '=', teamId)
    .where('connector_id', '=', connector.id)
    .orderBy('external_id')
    .executeTakeFirst();
  if (!account) throw new Error('connecting Google Analytics stored no account');
  return account.id;
}
