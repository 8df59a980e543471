import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { startSmtpServer } from '../helpers/smtp-server.ts';
import { call } from '../helpers/contract-call.ts';
import { invite, outboxFor } from '../helpers/team-management.ts';
import {
  api,
  createTestApp,
  fakeIdentity,
  testConfig,
  CHARGEBEE_LIVE_ENV,
} from '../helpers/test-app.ts';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const LIVE = {
  SANDBOX: '0',
  ...CHARGEBEE_LIVE_ENV,
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 's',
  TOKEN_ENCRYPTION_KEYS: `v1:${Buffer.alloc(32, 7).toString('base64')}`,
};

describeEachDatabase('invitation mail', (db) => {
  const identity = fakeIdentity();
  const apps: FastifyInstance[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp.close();
  });

  async function appWith(env: Record<string, string>, lines?: string[]) {
    const app = await createTestApp(db(), {
      identity,
      config: testConfig(env),
      ...(lines ? { logStream: { write: (line: string) => void lines.push(line) } } : {}),
    });
    apps.push(app);
    return app;
  }

  it('with SMTP_URL the invitation goes out over SMTP, branded, with a text and an HTML part', async () => {
    const app = await appWith({ ...LIVE, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const owner = await signIn(app, identity, 'smtp-owner@example.com', 'RAVEN_GDS');
    const response = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      unit: 'RAVEN_GDS',
      form: {
        email: 'smtp-invitee@example.com',
        roleId: (
          await db()
            .selectFrom('roles')
            .select('id')
            .where('team_id', '=', owner.team.id)
            .where('name', '=', 'Member')
            .executeTakeFirstOrThrow()
        ).id,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json();
    expect(sent.emailSent).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes('smtp-invitee@example.com'));
    expect(mail?.from).toBe('support@raventools.com');
    expect(mail?.data).toMatch(/^From: "?Raven"? <support@raventools.com>/m);
    expect(mail?.data).toMatch(/^Subject: .*on Raven/m);
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('Content-Type: text/html');
    expect(mail?.data.replace(/=\r\n/g, '')).toContain(sent.acceptUrl.split('/invite/')[1]);
    // The sandbox is off: nothing is kept in an outbox.
    expect(await outboxFor(db(), 'smtp-invitee@example.com')).toEqual([]);
  });

  it('MAIL_FROM replaces the unit’s support address as sender', async () => {
    const app = await appWith({
      ...LIVE,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Agency Tools <no-reply@agency.example>',
    });
    const owner = await signIn(app, identity, 'from-owner@example.com');
    await invite(app, db(), owner, 'from-invitee@example.com');
    const mail = smtp.mails.find((m) => m.to.includes('from-invitee@example.com'));
    expect(mail?.from).toBe('no-reply@agency.example');
  });

  it('a failing SMTP server loses no invitation: it is created, emailSent is false, the log names no secret', async () => {
    const lines: string[] = [];
    const app = await appWith(
      {
        ...LIVE,
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://mailer:Secr3tPass@127.0.0.1:${await closedPort()}`,
      },
      lines,
    );
    const owner = await signIn(app, identity, 'down-owner@example.com');
    const sent = await invite(app, db(), owner, 'down-invitee@example.com');
    expect(sent.emailSent).toBe(false);
    const page = await call(app, ENDPOINTS.getInvitationInfo, { query: { token: sent.token } });
    expect(page.json()).toMatchObject({ status: 'pending' });
    const warning = lines.find((line) => line.includes('mail not sent'));
    expect(warning).toContain('ECONNREFUSED');
    expect(lines.join('\n')).not.toContain('Secr3tPass');
  });

  it('a server refusing the login is a failure too, and the password stays out of the log', async () => {
    const refusing = await startSmtpServer({ refuseAuth: true });
    try {
      const lines: string[] = [];
      const app = await appWith(
        {
          ...LIVE,
          LOG_LEVEL: 'info',
          SMTP_URL: `smtp://mailer:Secr3tPass@127.0.0.1:${refusing.port}`,
        },
        lines,
      );
      const owner = await signIn(app, identity, 'auth-owner@example.com');
      const sent = await invite(app, db(), owner, 'auth-invitee@example.com');
      expect(sent.emailSent).toBe(false);
      expect(lines.find((line) => line.includes('mail not sent'))).toContain('EAUTH');
      expect(lines.join('\n')).not.toContain('Secr3tPass');
      expect(lines.join('\n')).not.toContain(
        Buffer.from('\u0000mailer\u0000Secr3tPass').toString('base64'),
      );
    } finally {
      await refusing.close();
    }
  });

  it('without SMTP_URL and with the sandbox off nothing is sent: the link is answered to copy', async () => {
    const app = await appWith(LIVE);
    const owner = await signIn(app, identity, 'nomail-owner@example.com');
    const sent = await invite(app, db(), owner, 'nomail-invitee@example.com');
    expect(sent.emailSent).toBe(false);
    expect(sent.acceptUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(await outboxFor(db(), 'nomail-invitee@example.com')).toEqual([]);
    expect((await api(app, { url: '/sandbox/outbox', unit: null })).statusCode).toBe(404);
  });

  it('demo mode: /sandbox/outbox lists every message, newest first, its links clickable', async () => {
    const app = await appWith({});
    const owner = await signIn(app, identity, 'demo-owner@example.com');
    const first = await invite(app, db(), owner, 'demo-first@example.com');
    const second = await invite(app, db(), owner, 'demo-second@example.com');
    const page = await api(app, { url: '/sandbox/outbox', unit: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html.indexOf('demo-second@example.com')).toBeLessThan(
      html.indexOf('demo-first@example.com'),
    );
    for (const sent of [first, second]) {
      expect(html).toContain(`<a href="${sent.acceptUrl}">${sent.acceptUrl}</a>`);
    }
    expect(html).toContain('invited you to join demo-owner&#39;s team on Megalytic');
  });

  it('demo mode: a database dump of the outbox holds no usable link; the page still shows it', async () => {
    const app = await appWith({});
    const owner = await signIn(app, identity, 'sealed-owner@example.com');
    const sent = await invite(app, db(), owner, 'sealed-invitee@example.com');
    const link = await call(app, ENDPOINTS.createClientLink, {
      cookie: owner.cookie,
      form: { connectorId: '1', recipientEmail: 'sealed-client@example.com' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const links = [sent.acceptUrl, link.json().url];
    const tokens = links.map((url) => url.split('/').at(-1) ?? '');
    const dump = JSON.stringify(await db().selectFrom('mail_outbox').selectAll().execute());
    expect(dump).toContain('sealed-client@example.com');
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(20);
      expect(dump).not.toContain(token);
    }
    const page = (await api(app, { url: '/sandbox/outbox', unit: null })).body;
    for (const url of links) expect(page).toContain(`<a href="${url}">`);
  });
});
