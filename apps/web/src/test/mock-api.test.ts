import { ENDPOINTS, buildPath } from '@gds/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, offContract } from './mock-api.ts';

const call = async (method: string, path: string) => {
  const response = await fetch(path, { method });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('the mocked API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers each request from its contract endpoint, told apart by method and path', async () => {
    const requests = mockApi({
      loginCallback: offContract({ which: 'sign-in callback' }),
      submitFormLogin: offContract({ which: 'form credentials' }),
      startConnection: offContract({ which: 'start' }),
    });
    expect(await call('GET', `${ENDPOINTS.loginCallback.path}?code=x`)).toEqual({
      status: 200,
      body: { which: 'sign-in callback' },
    });
    expect((await call('POST', ENDPOINTS.submitFormLogin.path)).body).toEqual({
      which: 'form credentials',
    });
    expect((await call('GET', ENDPOINTS.startConnection.path)).body).toEqual({ which: 'start' });
    expect(requests.map((r) => r.endpoint)).toEqual([
      'loginCallback',
      'submitFormLogin',
      'startConnection',
    ]);
    expect(requests[0]?.query.get('code')).toBe('x');
  });

  it('matches path parameters and records them decoded', async () => {
    const requests = mockApi({
      deleteAccount: (req) => offContract({ deleted: req.params.accountId }),
    });
    const path = buildPath(ENDPOINTS.deleteAccount.path, { accountId: 'a/1 b' });
    expect((await call('DELETE', path)).body).toEqual({ deleted: 'a/1 b' });
    expect(requests[0]).toMatchObject({
      endpoint: 'deleteAccount',
      params: { accountId: 'a/1 b' },
    });
  });

  it('answers 404 for an endpoint left out and for a path no endpoint has', async () => {
    const requests = mockApi({});
    expect((await call('GET', ENDPOINTS.getTeamInfo.path)).status).toBe(404);
    expect((await call('GET', '/api/no/such/thing')).status).toBe(404);
    expect((await call('PUT', ENDPOINTS.getTeamInfo.path.replace('info', 'users'))).status).toBe(
      404,
    );
    expect(requests.map((r) => r.endpoint)).toEqual(['getTeamInfo', null, null]);
  });
});
