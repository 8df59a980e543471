import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import path from 'node:path';
import { hashToken } from '../../src/modules/sessions/session-token.ts';
import { loadSandboxProviderKey, sandboxClientSecret } from '@gds/sandbox';
import {
  browserWith,
  connectOAuth,
  consent,
  startConnect,
  startSandboxApp,
} from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/**
 * The sandbox providers as demo mode runs them: the refresh loop on its timer, the provider
 * console's "Revoke access" leading to Reconnect, and the sandbox refusing what a real
 * provider refuses (unknown client, unregistered redirect, missing PKCE, wrong secret).
 */
describeEachDatabase('sandbox providers (demo mode)', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), {
      maintenance: true,
      env: { CONNECTOR_REFRESH_INTERVAL_SECONDS: '1', SANDBOX_TOKEN_TTL_SECONDS: '1' },
    });
    owner = await signIn(ctx.app, ctx.identity, 'demo-person@example.com');
  });
  afterAll(() => ctx.app.close());

  const statusOf = async (teamId: string) =>
    (
      await db()
        .selectFrom('data_source_credentials')
        .select('status')
        .where('team_id', '=', teamId)
        .executeTakeFirst()
    )?.status;

  const within = { timeout: 8000, interval: 100 };

  it('the server refreshes on its own; revoking in the provider console leads to "needs reconnect"', async () => {
    await connectOAuth(ctx, owner.cookie, 1, { login: 'console"<b>@example.com' });
    await vi.waitFor(
      () => expect(ctx.control.count('refresh', 'google-analytics')).toBeGreaterThan(0),
      within,
    );

    const browser = browserWith(owner.cookie);
    const consolePage = await browser.fetch(`${ctx.base}/sandbox/providers/console`);
    const html = await consolePage.text();
    expect(html).toContain('<strong>Google Analytics</strong>: console&quot;&lt;b&gt;@example.com');
    expect(html).not.toContain('<b>@');
    const revoked = await browser.fetch(`${ctx.base}/sandbox/providers/console/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        connector: 'google-analytics',
        login: 'console"<b>@example.com',
      }).toString(),
    });
    expect(revoked.status).toBe(303);
    await vi.waitFor(
      async () => expect(await statusOf(owner.team.id)).toBe('needs_reconnect'),
      within,
    );
  });

  it('refuses an unknown client, an unregistered redirect_uri and a missing PKCE challenge', async () => {
    const start = await startConnect(ctx, owner.cookie, { integration_type: '3' });
    const good = new URL(start.authUri ?? '');
    const variants: Array<[string, (q: URLSearchParams) => void]> = [
      ['Unknown client.', (q) => q.set('client_id', 'someone-else')],
      [
        'The redirect_uri is not registered.',
        (q) => q.set('redirect_uri', 'https://evil.example/cb'),
      ],
      ['PKCE with S256 is required.', (q) => q.delete('code_challenge')],
    ];
    for (const [message, change] of variants) {
      const url = new URL(good);
      change(url.searchParams);
      const page = await browserWith(owner.cookie).fetch(url.toString());
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain(message);
    }
  });

  it('escapes what comes from the address into the consent page', async () => {
    const start = await startConnect(ctx, owner.cookie, { integration_type: '3' });
    const url = new URL(start.authUri ?? '');
    url.searchParams.set('state', '"><script>alert(1)</script>');
    const html = await (await browserWith(owner.cookie).fetch(url.toString())).text();
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert');
  });

  it('the token endpoint refuses a wrong client secret, a wrong PKCE verifier and a code used twice', async () => {
    const tokenUrl = `${ctx.base}/sandbox/providers/google-ads/token`;
    const post = (form: Record<string, string>) =>
      fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const wrong = await post({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: 'sandbox-google-ads',
      client_secret: 'wrong',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client' });

    // A real code, redeemed by hand: once with the right verifier, then never again.
    const start = await startConnect(ctx, owner.cookie, { integration_type: '3' });
    const back = new URL(await consent(browserWith(owner.cookie), start.authUri ?? ''));
    const row = await db()
      .selectFrom('oauth_states')
      .select(['code_verifier', 'redirect_uri'])
      .where('state_hash', '=', hashToken(back.searchParams.get('state') ?? ''))
      .executeTakeFirstOrThrow();
    const key = loadSandboxProviderKey(path.join(ctx.config.dataDir, 'keys'));
    const form = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: row.redirect_uri,
      client_id: 'sandbox-google-ads',
      client_secret: sandboxClientSecret(key, 'google-ads'),
    };
    expect((await post({ ...form, code_verifier: 'b'.repeat(43) })).status).toBe(400);
    const again = new URL(await consent(browserWith(owner.cookie), start.authUri ?? ''));
    const redeem = {
      ...form,
      code: again.searchParams.get('code') ?? '',
      code_verifier: row.code_verifier,
    };
    expect((await post(redeem)).status).toBe(200);
    const twice = await post(redeem);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: 'invalid_grant' });
  });
});
