import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, startConnect, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/**
 * Text that cannot be stored (NUL in PostgreSQL) or sent on (a line break, DEL or a non-Latin-1
 * character in an HTTP header) is refused where it comes in: 400 naming the field, never a
 * 5xx, nothing changed and no call to a provider.
 */
describeEachDatabase('control characters in requests', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'controls@example.com');
  });
  afterAll(() => ctx.app.close());

  const teamName = async () =>
    (
      await db()
        .selectFrom('teams')
        .select('name')
        .where('id', '=', owner.team.id)
        .executeTakeFirstOrThrow()
    ).name;

  it.each([
    ['NUL', 'Acme\u0000'],
    ['a line break', 'Acme\nCorp'],
    ['DEL', 'Acme\u007f'],
    ['a C1 control', 'Acme\u009b'],
  ])('a team name with %s: 400 naming the field, the name unchanged', async (_, name) => {
    const before = await teamName();
    const response = await callAt(ctx, ENDPOINTS.updateTeamInfo, {
      cookie: owner.cookie,
      form: { name },
    });
    expect(response.statusCode, response.body).toBe(400);
    // NUL is refused by the form parser's backstop before the contract sees it: same field.
    expect(response.error()).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'name',
      message: name.includes('\u0000')
        ? 'The form holds a NUL character, which no field accepts. Remove it and try again.'
        : 'name: Team name cannot contain line breaks or other control characters.',
    });
    expect(await teamName()).toBe(before);
  });

  it('a NUL in the public sign-in’s partner key: 400, no sign-in started', async () => {
    const response = await callAt(ctx, ENDPOINTS.login, { form: { partnerKey: 'partner\u0000' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.error()).toMatchObject({ field: 'partnerKey' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('queries and path parameters follow the same rule', async () => {
    const cookie = owner.cookie;
    for (const response of [
      await callAt(ctx, ENDPOINTS.startConnection, {
        query: { integration_type: 1, redirectUri: 'https://x.example/\u0000' },
        cookie,
      }),
      await callAt(ctx, ENDPOINTS.loginCallback, { query: { code: 'x\r\ny', state: 's' }, cookie }),
      await callAt(ctx, ENDPOINTS.loginCallback, {
        query: { code: 'x', state: 's', session_state: '\u007f' },
        cookie,
      }),
      await callAt(ctx, ENDPOINTS.restoreAccount, { params: { accountId: 'abc\u0000' }, cookie }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.error().code).toBe('VALIDATION_FAILED');
    }
  });

  const submitKey = async (apiKey: string) => {
    const state = (await startConnect(ctx, owner.cookie, { integration_type: 11 })).state ?? '';
    const response = await callAt(ctx, ENDPOINTS.submitFormLogin, {
      form: { state, apiKey, accountId: '7' },
      cookie: owner.cookie,
    });
    return { state, response };
  };

  it.each([
    ['NUL', 'demo-key\u0000', 'VALIDATION_FAILED'],
    ['a line break', 'demo\n-key', 'VALIDATION_FAILED'],
    ['DEL', 'demo-key\u007f', 'VALIDATION_FAILED'],
    ['a non-Latin-1 character', 'demo-key€', 'LOGIN_FAILED'],
    ['an accented letter', 'démo-key', 'LOGIN_FAILED'],
  ])('an API key with %s: 400 on the key, no provider call', async (_, apiKey, code) => {
    const calls = ctx.control.calls.length;
    const { state, response } = await submitKey(apiKey);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.error()).toMatchObject({ code, field: 'apiKey' });
    expect(ctx.control.calls.length).toBe(calls);
    // A mistyped key does not use up the form: the right one still connects with it.
    const retry = await callAt(ctx, ENDPOINTS.submitFormLogin, {
      form: { state, apiKey: 'demo-key', accountId: '7' },
      cookie: owner.cookie,
    });
    expect(retry.json().success).toBe(true);
  });
});
