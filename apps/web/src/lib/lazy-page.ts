import { LAZY_PAGE_LOAD_TIMEOUT_MS } from '@gds/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page chunk (script or its styles) that failed or took too long to load. */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
  }
}

/** What a route module gives the router: the screen's component. */
export interface PageModule {
  Component: ComponentType;
}

/** A stand-in screen that raises the load error where the route's error boundary catches it. */
function failedPage(error: PageLoadError): PageModule {
  return {
    Component: () => {
      throw error;
    },
  };
}

/**
 * Loads a route module. A chunk that fails, or has not arrived within
 * LAZY_PAGE_LOAD_TIMEOUT_MS, becomes a screen that throws PageLoadError when rendered, so the
 * screen's error boundary offers a reload.
 *
 * It never rejects: React.lazy remembers a rejected load for good, so the screen could never
 * be retried without a reload; an error screen that says "reload" is what the person needs.
 */
export function loadPage(
  load: () => Promise<PageModule>,
  timeoutMs: number = LAZY_PAGE_LOAD_TIMEOUT_MS,
): Promise<PageModule> {
  return new Promise<PageModule>((resolve) => {
    const timer = setTimeout(
      () => resolve(failedPage(new PageLoadError('The page took too long to load'))),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        resolve(failedPage(new PageLoadError('The page could not be loaded', { cause })));
      },
    );
  });
}

/** A screen whose module (its own chunk) is loaded on first render, through loadPage. */
export function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await loadPage(load)).Component }));
}

/** True for errors that mean "the app files changed or the network dropped": reload helps. */
export function isPageLoadError(error: unknown): boolean {
  if (error instanceof PageLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
    message,
  );
}
