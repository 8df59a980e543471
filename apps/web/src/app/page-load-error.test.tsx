import { LAZY_PAGE_LOAD_TIMEOUT_MS } from '@gds/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { lazyPage, loadPage, type PageModule } from '../lib/lazy-page.ts';
import { appConfig, sessionUser, teamInfo, teamUsersBody } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { guardFor } from './route-guards.ts';
import { Screen } from './screen.tsx';
import { ROUTES } from '../lib/routes.ts';

// The Stats screen's chunk cannot be fetched (a dropped connection, or a release that removed it).
vi.mock('./routes/stats-route.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/stats-route.js');
});

function renderLazy(load: () => Promise<PageModule>) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={<Screen guard={guardFor(ROUTES.NotFound)} page={lazyPage(load)} />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('page chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('a chunk that fails to load shows a reload message, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('gives up on a hung chunk after the lazy page load timeout and shows the reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const page = loadPage(() => new Promise<never>(() => undefined));
    let settled = false;
    void page.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(LAZY_PAGE_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    vi.useRealTimers();

    renderLazy(() => page);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });
});

describe('a screen whose chunk fails inside the signed-in layout', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
    mockApi({
      getConfig: { body: appConfig },
      getConnectorConfig: { body: {} },
      getTeamInfo: { body: teamInfo({ edit_team: true }) },
      getTeamUsers: { body: teamUsersBody() },
    });
    useAppStore.getState().setUser(sessionUser({ edit_team: true }));
    // React and the router report the caught error; the screen is what this test looks at.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the load error with Reload in the content area, not a blank page', async () => {
    renderApp('/team');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: /Stats/ }));

    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the load error when the app opens on that screen', async () => {
    renderApp('/stats');
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
