import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import { outboxFor } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';

const DAY = 24 * 3600 * 1000;

/**
 * One login about to expire, told everywhere the team listens, once: a sandbox provider whose
 * refresh tokens last 5 days shows the forecast on Data Sources, puts one digest in the outbox
 * and sends one signed delivery to the team's webhook (the sandbox's receiver), however often
 * the background work comes round.
 */
describeEachDatabase('an expiring login, told on screen, by mail and by webhook', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
  });
  afterAll(() => ctx.app.close());

  it('a 5-day refresh token: forecast, one digest, one signed webhook delivery', async () => {
    ctx.control.setRefreshLifetime('google-analytics', (5 * DAY) / 1000);
    const owner = await signIn(ctx.app, ctx.identity, 'told-owner@example.com');
    const url = `${ctx.base}/sandbox/webhook-inbox/receive`;
    const saved = await callAt(ctx, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().secret ?? '';

    const { result } = await connectOAuth(ctx, owner.cookie, 1, { login: 'told@example.com' });
    expect(result.status).toBe('connected');
    const grouped = await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie });
    const credential = grouped.json().groups[0]?.credentials[0];
    expect(Date.parse(credential?.expiresAt ?? '')).toBe(clock().getTime() + 5 * DAY);

    for (let round = 0; round < 2; round += 1) {
      await backgroundJobs(ctx.app).warnCredentials();
      await backgroundJobs(ctx.app).deliverWebhooks();
    }

    const mail = await outboxFor(db(), 'told-owner@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain(
      'Google Analytics login told@example.com expires in 5 days',
    );

    const received = (await db()
      .selectFrom('sandbox_webhook_inbox' as never)
      .selectAll()
      .execute()) as Array<{ path: string; headers: Record<string, string>; body: string }>;
    const ours = received.filter((r) => r.body.includes(owner.team.id));
    expect(ours).toHaveLength(1);
    const [delivery] = ours;
    const timestamp = delivery?.headers[WEBHOOK_TIMESTAMP_HEADER] ?? '';
    const signature = createHmac('sha256', secret)
      .update(`${timestamp}.${delivery?.body ?? ''}`)
      .digest('hex');
    expect(delivery?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(`v1=${signature}`);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'credential.expiring_soon',
      credential: { id: credential?.id },
    });
  });
});
