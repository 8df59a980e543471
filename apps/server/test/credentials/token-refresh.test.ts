import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { storedSecrets } from '../helpers/secrets.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/**
 * The background refresher, against the sandbox token endpoint: it keeps the old refresh token
 * when the provider sends none, stores a rotated one before use, and tells "revoked" (the user
 * must reconnect) from "provider down" (retry with back-off).
 */
describeEachDatabase('refreshing data-source tokens', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), {
      clock,
      env: { CONNECTOR_REFRESH_INTERVAL_SECONDS: '60', CONNECTOR_REFRESH_MAX_ATTEMPTS: '3' },
    });
  });
  afterAll(() => ctx.app.close());
  afterEach(() => {
    ctx.control.heal();
    ctx.control.rotateRefreshTokens = false;
  });

  const refresh = () => backgroundJobs(ctx.app).refreshTokens();

  /** The credential's health happenings the team is told about, oldest first. */
  const events = (id: string) =>
    db()
      .selectFrom('credential_events')
      .select(['kind', 'details'])
      .where('credential_id', '=', id)
      .orderBy('occurred_at')
      .execute();

  /** A fresh team with one connected Google Analytics login; answers its credential id. */
  async function connected(email: string) {
    const owner = await signIn(ctx.app, ctx.identity, email);
    const { result } = await connectOAuth(ctx, owner.cookie, 1, { login: email });
    expect(result.status).toBe('connected');
    const row = await db()
      .selectFrom('data_source_credentials')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .executeTakeFirstOrThrow();
    return { owner, id: row.id };
  }

  it('refreshes only what is about to expire, once, keeping the refresh token the provider did not replace', async () => {
    const { id } = await connected('keeper@example.com');
    const before = await storedSecrets(db(), id);
    const calls = ctx.control.count('refresh');
    expect(await refresh()).toEqual({ refreshed: 0, revoked: 0, failed: 0 });

    clock.advance(HOUR - 200 * SECOND); // within the 5-minute margin
    expect((await refresh()).refreshed).toBeGreaterThanOrEqual(1);
    expect(ctx.control.count('refresh')).toBeGreaterThan(calls);
    const after = await storedSecrets(db(), id);
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).toBe(before.refresh);
    expect(after.row).toMatchObject({
      status: 'connected',
      refresh_attempts: 0,
      refresh_claimed_until: null,
    });
    expect(after.row.last_refreshed_at?.getTime()).toBe(clock().getTime());
    expect(after.row.expires_at?.getTime()).toBe(clock().getTime() + HOUR);
    expect(await refresh()).toEqual({ refreshed: 0, revoked: 0, failed: 0 });
  });

  it('a rotated refresh token is stored, and the next refresh uses it', async () => {
    const { id } = await connected('rotator@example.com');
    ctx.control.rotateRefreshTokens = true;
    const first = await storedSecrets(db(), id);
    clock.advance(HOUR);
    await refresh();
    const second = await storedSecrets(db(), id);
    expect(second.refresh).not.toBe(first.refresh);
    expect(ctx.control.issuedTokens).toContain(second.refresh);
    clock.advance(HOUR);
    await refresh();
    const third = await storedSecrets(db(), id);
    expect(third.row.status).toBe('connected');
    expect(third.refresh).not.toBe(second.refresh);
  });

  it('revoked at the provider: needs reconnect with the reason, audited, not retried; reconnect heals it', async () => {
    const { owner, id } = await connected('revoked@example.com');
    ctx.control.revoke('google-analytics', 'revoked@example.com');
    clock.advance(HOUR);
    const summary = await refresh();
    expect(summary.revoked).toBeGreaterThanOrEqual(1);
    const { row } = await storedSecrets(db(), id);
    expect(row).toMatchObject({
      status: 'needs_reconnect',
      status_reason: 'Access was revoked or expired at Google Analytics. Reconnect to resume.',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_user_id'])
      .where('team_id', '=', owner.team.id)
      .where('action', '=', 'data_source.refresh_failed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({
      credentialId: id,
      reason: 'revoked',
      status: 'needs_reconnect',
    });

    const told = await events(id);
    expect(told.map((e) => e.kind)).toEqual(['revoked']);
    expect(told[0]?.details).toMatchObject({ status: 'needs_reconnect' });

    // Not retried: only the user can fix a revoked grant.
    clock.advance(HOUR);
    expect((await refresh()).revoked).toBe(0);
    expect((await storedSecrets(db(), id)).row.status).toBe('needs_reconnect');

    const session = await signIn(ctx.app, ctx.identity, 'revoked@example.com');
    const grouped = await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: session.cookie });
    expect(grouped.json().groups[0]?.credentials[0]).toMatchObject({
      id,
      status: 'needs_reconnect',
    });
    const again = await connectOAuth(ctx, session.cookie, 1, {
      login: 'revoked@example.com',
      query: { credentialId: id },
    });
    expect(again.result.status).toBe('connected');
    expect((await storedSecrets(db(), id)).row).toMatchObject({
      status: 'connected',
      status_reason: null,
    });
    expect((await events(id)).map((e) => e.kind)).toEqual(['revoked', 'reconnected']);
  });

  it('provider down: stays connected and backs off exponentially; after 3 attempts "error"; recovers', async () => {
    const { id } = await connected('backoff@example.com');
    clock.advance(HOUR);
    ctx.control.fail('refresh', 503);
    const attempts: Array<{ status: string; attempts: number; wait: number }> = [];
    for (let i = 0; i < 3; i += 1) {
      await refresh();
      const { row } = await storedSecrets(db(), id);
      attempts.push({
        status: row.status,
        attempts: row.refresh_attempts,
        wait: (row.next_refresh_at?.getTime() ?? 0) - clock().getTime(),
      });
      expect(await refresh()).toMatchObject({ failed: 0 }); // backing off: not claimed again yet
      clock.advance(attempts.at(-1)?.wait ?? 0);
    }
    expect(attempts).toEqual([
      { status: 'connected', attempts: 1, wait: 60 * SECOND },
      { status: 'connected', attempts: 2, wait: 120 * SECOND },
      { status: 'error', attempts: 3, wait: 240 * SECOND },
    ]);
    expect((await storedSecrets(db(), id)).row.status_reason).toBe(
      'Google Analytics has not answered for a while. We keep trying; reconnect if this lasts.',
    );
    ctx.control.heal();
    ctx.control.hang('refresh');
    await refresh(); // a hang is a timeout: retried too
    expect((await storedSecrets(db(), id)).row.refresh_attempts).toBe(4);
    // Told once when it turned to "error" (not on the retries before, nor again on the 4th).
    const told = await events(id);
    expect(told.map((e) => e.kind)).toEqual(['failed']);
    expect(told[0]?.details).toMatchObject({ reason: 'unavailable', status: 'error' });
    ctx.control.heal();
    clock.advance(HOUR);
    await refresh();
    expect((await storedSecrets(db(), id)).row).toMatchObject({
      status: 'connected',
      status_reason: null,
      refresh_attempts: 0,
      next_refresh_at: null,
    });
  });

  it('a token under a key this server lacks (dropped too early) waits for the key, not revoked', async () => {
    const { id } = await connected('unreadable@example.com');
    await db()
      .updateTable('data_source_credentials')
      .set({ key_version: 'gone' })
      .where('id', '=', id)
      .execute();
    clock.advance(HOUR);
    await refresh();
    const row = await db()
      .selectFrom('data_source_credentials')
      .select(['status', 'status_reason', 'refresh_attempts', 'next_refresh_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'error',
      status_reason:
        'The stored access to Google Analytics is waiting for maintenance on our side. It resumes by itself; you do not need to reconnect.',
      refresh_attempts: 0,
      next_refresh_at: null,
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'data_source.refresh_failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      credentialId: id,
      reason: 'key_missing',
      keyVersion: 'gone',
    });
  });

  it('a token its own key cannot decrypt (damaged) asks to reconnect', async () => {
    const { id } = await connected('damaged@example.com');
    await db()
      .updateTable('data_source_credentials')
      .set({ refresh_token_enc: Buffer.alloc(48, 7).toString('base64') })
      .where('id', '=', id)
      .execute();
    clock.advance(HOUR);
    await refresh();
    const row = await db()
      .selectFrom('data_source_credentials')
      .select(['status', 'status_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'needs_reconnect',
      status_reason:
        'The stored access to Google Analytics could not be read on our side. Reconnect to resume.',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'data_source.refresh_failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ credentialId: id, reason: 'unreadable' });
  });
});
