import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The team webhook in demo mode, against the sandbox's own receiver: a credential revoked at
 * the sandbox provider is delivered once, signed so that a receiver following the guide
 * verifies it; a failing receiver is retried with back-off and every attempt is in the log.
 */
describeEachDatabase('team webhooks', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
  });
  afterAll(() => ctx.app.close());

  const deliver = () => backgroundJobs(ctx.app).deliverWebhooks();
  const inbox = (path: string) =>
    db()
      .selectFrom('sandbox_webhook_inbox' as never)
      .selectAll()
      .where('path' as never, '=', path as never)
      .execute() as Promise<
      Array<{ headers: Record<string, string>; body: string; received_at: Date }>
    >;

  it('a credential revoked in the sandbox is delivered once, signed, to the sandbox inbox', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'hook-owner@example.com');
    const { result } = await connectOAuth(ctx, owner.cookie, 1, {
      login: 'hook-owner@example.com',
    });
    expect(result.status).toBe('connected');

    const url = `${ctx.base}/sandbox/webhook-inbox/receive`;
    const saved = await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { secret, webhook } = saved.json();
    expect(webhook.url).toBe(url);
    expect(secret).toMatch(/^whsec_/);
    // Shown once: stored sealed, never in clear, and not answered again.
    const stored = await db().selectFrom('team_webhooks').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const again = await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url },
    });
    expect(again.json().secret).toBeNull();

    ctx.control.revoke('google-analytics', 'hook-owner@example.com');
    clock.advance(HOUR);
    expect((await backgroundJobs(ctx.app).refreshTokens()).revoked).toBe(1);
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    // Told once: another run (another instance) finds nothing new.
    expect(await deliver()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    const received = await inbox('/sandbox/webhook-inbox/receive');
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const timestamp = delivery?.headers[WEBHOOK_TIMESTAMP_HEADER] ?? '';
    const expected = createHmac('sha256', secret ?? '')
      .update(`${timestamp}.${delivery?.body ?? ''}`)
      .digest('hex');
    expect(delivery?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(`v1=${expected}`);
    expect(Math.abs(Number(timestamp) * 1000 - clock().getTime())).toBeLessThan(5 * MINUTE);
    const body = JSON.parse(delivery?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'credential.revoked',
      team: { id: owner.team.id },
      connector: { id: 1, name: 'Google Analytics' },
      credential: { name: expect.any(String) as string },
    });
    expect((body.accounts as unknown[]).length).toBeGreaterThan(0);

    // The sandbox page checks the signature with the secret typed in.
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/webhook-inbox',
      headers: { host: ctx.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ secret: secret ?? '' }).toString(),
    });
    expect(page.body).toContain('Signature: valid');

    const log = await callAt(ctx, ENDPOINTS.getTeamWebhook, { cookie: owner.cookie });
    expect(log.json().deliveries).toMatchObject([
      { kind: 'revoked', status: 'delivered', attempts: 1, httpStatus: 200, error: null },
    ]);
  });

  it('a failing receiver is retried with back-off, each attempt logged, and given up in the end', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'hook-failing@example.com');
    await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url: `${ctx.base}/sandbox/webhook-inbox/failing` },
    });
    const test = await callAt(ctx, ENDPOINTS.sendTeamWebhookTest, { cookie: owner.cookie });
    expect(test.statusCode, test.body).toBe(200);
    const id = test.json().delivery.id;
    const entry = async () => {
      const log = await callAt(ctx, ENDPOINTS.getTeamWebhook, { cookie: owner.cookie });
      return log.json().deliveries.find((d) => d.id === id);
    };

    await deliver();
    const first = await entry();
    expect(first).toMatchObject({
      kind: 'test',
      status: 'pending',
      attempts: 1,
      httpStatus: 503,
      error: 'The webhook answered HTTP 503.',
    });
    expect(Date.parse(first?.nextAttemptAt ?? '') - clock().getTime()).toBe(MINUTE);
    // Not due yet: nothing is sent.
    await deliver();
    expect((await entry())?.attempts).toBe(1);
    clock.advance(MINUTE);
    await deliver();
    const second = await entry();
    expect(second?.attempts).toBe(2);
    expect(Date.parse(second?.nextAttemptAt ?? '') - clock().getTime()).toBe(4 * MINUTE);

    for (let i = 0; i < 10; i += 1) {
      clock.advance(6 * HOUR);
      await deliver();
    }
    // Read from the table: the session has long ended after two days of retries.
    expect(
      await db()
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts', 'http_status'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ status: 'failed', attempts: 8, http_status: 503 });
    expect((await inbox('/sandbox/webhook-inbox/failing')).length).toBe(8);
  });

  it('sends no week-old event late, and ended deliveries leave the log after 30 days', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'hook-late@example.com');
    await connectOAuth(ctx, owner.cookie, 1, { login: 'hook-late@example.com' });
    await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url: `${ctx.base}/sandbox/webhook-inbox/receive` },
    });
    ctx.control.revoke('google-analytics', 'hook-late@example.com');
    clock.advance(HOUR);
    await backgroundJobs(ctx.app).refreshTokens();
    const events = await db()
      .selectFrom('credential_events')
      .select('kind')
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(events.map((e) => e.kind)).toContain('revoked');
    const ids = async () =>
      (
        await db()
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('team_id', '=', owner.team.id)
          .orderBy('created_at')
          .execute()
      ).map((d) => d.id);
    // The worker was down for eight days: the revocation is no news to send now.
    clock.advance(8 * 24 * HOUR);
    await deliver();
    expect(await ids()).toEqual([]);

    const { cookie } = await signIn(ctx.app, ctx.identity, 'hook-late@example.com');
    const sent = await callAt(ctx, ENDPOINTS.sendTeamWebhookTest, { cookie });
    await deliver();
    const waiting = await callAt(ctx, ENDPOINTS.sendTeamWebhookTest, { cookie });
    expect(await ids()).toEqual([sent.json().delivery.id, waiting.json().delivery.id]);
    clock.advance(29 * 24 * HOUR);
    await backgroundJobs(ctx.app).purge();
    expect(await ids()).toHaveLength(2);
    clock.advance(2 * 24 * HOUR);
    await backgroundJobs(ctx.app).purge();
    // The delivered one went; the one still waiting to be sent stays.
    expect(await ids()).toEqual([waiting.json().delivery.id]);
  });

  it('refuses an address that is not a web address, and rotating or testing needs a webhook', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'hook-refused@example.com');
    const bad = await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url: 'ftp://files.example.com/in' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
    const rotate = await callAt(ctx, ENDPOINTS.rotateTeamWebhookSecret, { cookie: owner.cookie });
    expect(rotate.statusCode).toBe(404);

    await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url: 'https://hooks.example.com/in' },
    });
    const rotated = await callAt(ctx, ENDPOINTS.rotateTeamWebhookSecret, { cookie: owner.cookie });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    const removed = await callAt(ctx, ENDPOINTS.deleteTeamWebhook, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    const none = await callAt(ctx, ENDPOINTS.getTeamWebhook, { cookie: owner.cookie });
    expect(none.json().webhook).toBeNull();
    const audit = await auditOf(db(), owner.team.id);
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('team_webhook.'))).toEqual([
      'team_webhook.save',
      'team_webhook.rotate_secret',
      'team_webhook.delete',
    ]);
  });
});
