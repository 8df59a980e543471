import { MESSAGES } from '@gds/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { useToastStore } from '../lib/toast-store.ts';
import { connectorConfig, groupedData, sampleGroups } from '../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../test/fixtures.ts';
import { mockApi, type EndpointName, type Reply } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

const MANAGE = { manage_data_sources: true };
const intervals = { loginCheckIntervalMs: 60_000, tokenCheckIntervalMs: 90_000 };

function mockSignedIn(session: Reply<'getSession'>) {
  return mockApi({
    getConfig: { body: { config: { ...appConfig.config, ...intervals } } },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(MANAGE) },
    getGroupedData: { body: groupedData(sampleGroups()) },
    getSession: session,
    logout: { body: { success: true } },
  });
}

describe('timed checks', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
    useToastStore.setState({ toasts: [] });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('checks the sign-in and refreshes data-source health quietly, on the configured rhythm', async () => {
    const requests = mockSignedIn({
      body: { expiresAt: '2026-03-21T22:00:00Z', idleExpiresAt: '2026-03-21T12:00:00Z' },
    });
    useAppStore.getState().setUser(sessionUser(MANAGE));
    renderApp('/data-sources');
    await screen.findAllByTestId('connector-group');
    const count = (endpoint: EndpointName) =>
      requests.filter((r) => r.endpoint === endpoint).length;
    const grouped = count('getGroupedData');

    await vi.advanceTimersByTimeAsync(intervals.loginCheckIntervalMs);
    await waitFor(() => expect(count('getSession')).toBe(1));
    expect(count('getGroupedData')).toBe(grouped);

    await vi.advanceTimersByTimeAsync(
      intervals.tokenCheckIntervalMs - intervals.loginCheckIntervalMs,
    );
    await waitFor(() => expect(count('getGroupedData')).toBe(grouped + 1));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('an ended session found by the check goes through the logged-out flow', async () => {
    mockSignedIn({ status: 440, body: { error: { code: 'SESSION_EXPIRED', message: 'x' } } });
    useAppStore.getState().setUser(sessionUser(MANAGE));
    const app = renderApp('/team');
    await screen.findByRole('navigation', { name: 'Main' });

    await vi.advanceTimersByTimeAsync(intervals.loginCheckIntervalMs);
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(useAppStore.getState().isLoggedIn).toBe(false);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      MESSAGES.loggedOutInactivity,
    );
  });
});
