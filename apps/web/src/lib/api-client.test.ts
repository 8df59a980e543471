import { ENDPOINT_ROUTES, MESSAGES, TOAST_DURATION_MS } from '@gds/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { mockApi, offContract } from '../test/mock-api.ts';
import { appConfig, sessionUser, team } from '../test/fixtures.ts';
import { apiCall, setApiBusinessUnit } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { onAppEvent } from './app-events.ts';
import { useAppStore, whenHydrated } from './app-store.ts';
import { useToastStore } from './toast-store.ts';

const unauthenticated = { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } };
const expired = { status: 440, body: { error: { code: 'SESSION_EXPIRED', message: 'x' } } };

describe('api client', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
    useToastStore.setState({ toasts: [] });
    setApiBusinessUnit('MEGALYTIC_GDS');
  });
  afterEach(() => vi.useRealTimers());

  it('sends the business unit, credentials and JSON accept header on every call', async () => {
    setApiBusinessUnit('RAVEN_GDS');
    const requests = mockApi({
      getConfig: { body: appConfig },
      logout: { body: { success: true } },
    });
    await apiCall(ENDPOINT_ROUTES.getConfig);
    await apiCall(ENDPOINT_ROUTES.logout);

    expect(requests).toHaveLength(2);
    for (const req of requests) {
      expect(req.headers.get('x-gds-businessUnit')).toBe('RAVEN_GDS');
      expect(req.headers.get('accept')).toBe('application/json');
      expect(req.credentials).toBe('include');
    }
  });

  it('form-encodes bodies and URL-encodes query values', async () => {
    const requests = mockApi({
      login: { body: { authUri: 'https://idp.test/auth' } },
      updateTeamInfo: { body: { team } },
    });
    await apiCall(ENDPOINT_ROUTES.login, {
      query: { nextUrl: 'Billing' },
      body: { partnerKey: 'a&b c' },
    });
    await apiCall(ENDPOINT_ROUTES.updateTeamInfo, { body: { name: 'Acme & Co' } });

    const [login, rename] = requests;
    expect(login?.query.get('nextUrl')).toBe('Billing');
    expect(login?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(login?.body).toBe('partnerKey=a%26b+c');
    expect(rename?.method).toBe('PUT');
    expect(new URLSearchParams(rename?.body).get('name')).toBe('Acme & Co');
  });

  it('refuses a 2xx answer the contract does not allow (development and tests check every answer)', async () => {
    mockApi({ getTeamInfo: offContract({ team: 'Acme', user: null }) });
    await expect(apiCall(ENDPOINT_ROUTES.getTeamInfo)).rejects.toBeInstanceOf(ZodError);
  });

  it('throws ApiError with the code, message, field and request id of an error answer', async () => {
    mockApi({
      updateTeamInfo: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Too long',
            field: 'name',
            requestId: '3f1c2a9e-0b7d-4c55-9a61-2d8e4f6b7c10',
          },
        },
      },
    });
    const error = await apiCall(ENDPOINT_ROUTES.updateTeamInfo, { body: { name: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Too long',
      field: 'name',
      // Kept so support can find the server's log lines for it.
      requestId: '3f1c2a9e-0b7d-4c55-9a61-2d8e4f6b7c10',
    });
  });

  it.each([
    ['401', unauthenticated],
    ['440', expired],
  ])(
    'on %s: one inactivity toast for 2 s and one logout event, and the error still thrown',
    async (_, reply) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      useAppStore.getState().setUser(sessionUser());
      mockApi({ getTeamInfo: reply, getTeamUsers: reply });
      const logouts = vi.fn();
      const stop = onAppEvent('apiLogout', logouts);

      const results = await Promise.allSettled([
        apiCall(ENDPOINT_ROUTES.getTeamInfo),
        apiCall(ENDPOINT_ROUTES.getTeamUsers),
      ]);
      stop();

      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(logouts).toHaveBeenCalledTimes(1);
      const toasts = useToastStore.getState().toasts;
      expect(toasts).toHaveLength(1);
      expect(toasts[0]?.message).toBe(MESSAGES.loggedOutInactivity);
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
      expect(useToastStore.getState().toasts).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(useToastStore.getState().toasts).toHaveLength(0);
    },
  );

  it('stays quiet on 401 when nobody is signed in, and for the logout call itself', async () => {
    mockApi({ getTeamInfo: unauthenticated, logout: unauthenticated });
    const logouts = vi.fn();
    const stop = onAppEvent('apiLogout', logouts);

    await expect(apiCall(ENDPOINT_ROUTES.getTeamInfo)).rejects.toBeInstanceOf(ApiError);
    useAppStore.getState().setUser(sessionUser());
    await expect(apiCall(ENDPOINT_ROUTES.logout)).rejects.toBeInstanceOf(ApiError);
    stop();

    expect(logouts).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
