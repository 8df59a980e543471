import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { sandboxClientSecret, loadSandboxProviderKey } from '@gds/sandbox';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startConnect, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';
import path from 'node:path';

/**
 * Tokens and API keys are stored only encrypted and never shown: after a full connect (OAuth
 * and form), a refresh and a failed refresh, no token or API key is in any table's text, in any
 * log line (at trace level, with the server's own logger settings), in an API answer, or in an
 * address the browser is sent to.
 */
describeEachDatabase('tokens and API keys stay secret', (db) => {
  const clock = testClock(new Date());
  const lines: string[] = [];
  const answers: string[] = [];
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), {
      clock,
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const owner = await signIn(ctx.app, ctx.identity, 'secretive@example.com');
    const oauth = await connectOAuth(ctx, owner.cookie, 1, { login: 'secretive@example.com' });
    answers.push(JSON.stringify(oauth.start), oauth.providerRedirect, JSON.stringify(oauth.result));
    const form = await startConnect(ctx, owner.cookie, { integration_type: '11' });
    const submitted = await callAt(ctx, ENDPOINTS.submitFormLogin, {
      form: { state: form.state ?? '', apiKey: 'demo-key', accountId: '77' },
      cookie: owner.cookie,
    });
    answers.push(JSON.stringify(form), submitted.body);
    expect(submitted.json().success).toBe(true);
    ctx.control.rotateRefreshTokens = true;
    clock.advance(60 * 60 * 1000);
    expect((await backgroundJobs(ctx.app).refreshTokens()).refreshed).toBe(1);
    ctx.control.revoke('google-analytics', 'secretive@example.com');
    clock.advance(60 * 60 * 1000);
    expect((await backgroundJobs(ctx.app).refreshTokens()).revoked).toBe(1);
    const grouped = await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie });
    answers.push(grouped.body);
  });
  afterAll(() => ctx.app.close());

  const secrets = () => {
    const key = loadSandboxProviderKey(path.join(ctx.config.dataDir, 'keys'));
    return [...ctx.control.issuedTokens, 'demo-key', sandboxClientSecret(key, 'google-analytics')];
  };

  it('the sandbox issued tokens (the test looks for real values)', () => {
    expect(ctx.control.issuedTokens.length).toBeGreaterThanOrEqual(4);
  });

  it('no table holds a token, refresh token or API key in clear (a database dump)', async () => {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db());
    expect(tables.rows.map((t) => t.table_name)).toContain('data_source_credentials');
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = await sql<{
        row: string;
      }>`SELECT t::text AS row FROM ${sql.table(table_name)} t`.execute(db());
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('secretive@example.com');
    for (const secret of secrets()) expect(dump).not.toContain(secret);
    const keyVersions = await db()
      .selectFrom('data_source_credentials')
      .select('key_version')
      .execute();
    expect(keyVersions.map((k) => k.key_version)).toEqual(['v1', 'v1']);
  });

  it('no log line holds one (with connect, form login, refresh and a refused refresh logged)', () => {
    const log = lines.join('');
    expect(log).toContain('/oauth/google-analytics/callback');
    expect(log).toContain('refresh refused');
    for (const secret of secrets()) expect(log).not.toContain(secret);
    // Nor the authorization code or state of the provider's redirect.
    const redirect = new URL(answers[1] ?? '');
    for (const name of ['code', 'state']) {
      expect(log).not.toContain(redirect.searchParams.get(name) ?? 'missing');
    }
  });

  it('no API answer or browser address holds one', () => {
    expect(answers.join('\n')).toContain('Demo CallRail login');
    for (const secret of secrets()) expect(answers.join('\n')).not.toContain(secret);
  });
});
