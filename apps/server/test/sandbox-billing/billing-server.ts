import http from 'node:http';
import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Chargebee from 'chargebee';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { FORM_BODY_LIMIT, parseForm, parseQueryString } from '../../src/http/form-body.ts';
import { registerApiGuards } from '../../src/http/guards.ts';
import { registerSecurityHeaders, returningFormPolicy } from '../../src/http/security-headers.ts';
import { unitOriginOf } from '../../src/http/app-origin.ts';
import { openSandboxBilling } from '@gds/sandbox';
import type { SandboxBilling } from '@gds/sandbox';
import { freePort } from '../helpers/browser.ts';
import { testClock, testConfig } from '../helpers/test-app.ts';

/** A webhook as the test receiver got it. */
export interface ReceivedWebhook {
  authorization: string | undefined;
  body: { id: string; event_type: string; content: Record<string, unknown> };
}

/** A tiny webhook receiver: records every post; `failNext` answers 500 that many times first. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const receiver = { received, failNext: 0, url: '', close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({
        authorization: req.headers.authorization,
        body: JSON.parse(text) as ReceivedWebhook['body'],
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/billing/webhook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

export interface BillingServer {
  app: FastifyInstance;
  base: string;
  billing: SandboxBilling;
  chargebee: Chargebee;
  clock: ReturnType<typeof testClock>;
}

/**
 * The server's HTTP layer (form bodies, query parser, security headers, guards, errors) with
 * the sandbox billing provider on it, listening on loopback, and the official client pointed
 * at it with the settings the sandbox hands the app.
 */
export async function startBillingServer(db: Db, webhookUrl: string): Promise<BillingServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const config = testConfig({ PORT: String(port), PUBLIC_URL: base, APP_ORIGINS: base });
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const app = Fastify({
    logger: process.env.BILLING_TEST_LOG ? { level: 'error' } : false,
    bodyLimit: FORM_BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
    forceCloseConnections: true,
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: parseForm });
  registerApiGuards(app, config);
  const billing = openSandboxBilling({
    db,
    config,
    pagePolicy: returningFormPolicy(config),
    unitOrigin: (unit) => unitOriginOf(unit, config),
    clock,
    log: app.log,
    key: randomBytes(32),
    options: { webhookUrl, retryDelaysMs: [50, 100] },
  });
  await billing.register(app);
  await app.listen({ port, host: '127.0.0.1' });
  const { apiPath, ...client } = billing.settings.client;
  const chargebee = new Chargebee({
    ...client,
    // The client's type lists Chargebee's own paths only; the sandbox serves the same API under its own.
    apiPath: apiPath as '/api/v2',
    sdkTelemetryEnabled: false,
  });
  return { app, base, billing, chargebee, clock };
}

/** What the official client throws for an API error. */
export async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error as {
      api_error_code?: string;
      http_status_code?: number;
      param?: string;
      message: string;
    };
  }
  throw new Error('the call succeeded');
}
