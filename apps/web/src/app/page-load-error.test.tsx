import { LAZY_PAGE_LOAD_TIMEOUT_MS } from '@gds/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, PageLoadError } from '../lib/lazy-page.ts';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';

function renderLazy(load: () => Promise<{ Component: () => null }>) {
  const router = createMemoryRouter(
    [{ path: '/', lazy: lazyPage(load), ErrorBoundary: RouteErrorBoundary }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
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

  it('gives up on a chunk after the lazy page load timeout', async () => {
    vi.useFakeTimers();
    const pending = lazyPage(() => new Promise<never>(() => undefined))();
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LAZY_PAGE_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(PageLoadError);
  });
});
