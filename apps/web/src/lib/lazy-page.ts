import { LAZY_PAGE_LOAD_TIMEOUT_MS } from '@gds/contract';

/** A page chunk (script or its styles) that failed or took too long to load (spec §8). */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
  }
}

/**
 * Wraps a route module import: rejects with PageLoadError when the chunk fails or when it
 * has not arrived within LAZY_PAGE_LOAD_TIMEOUT_MS, so the error boundary can offer a reload.
 */
export function lazyPage<T>(
  load: () => Promise<T>,
  timeoutMs: number = LAZY_PAGE_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PageLoadError('The page took too long to load')),
        timeoutMs,
      );
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (cause: unknown) => {
          clearTimeout(timer);
          reject(new PageLoadError('The page could not be loaded', { cause }));
        },
      );
    });
}

/** True for errors that mean "the app files changed or the network dropped": reload helps. */
export function isPageLoadError(error: unknown): boolean {
  if (error instanceof PageLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
    message,
  );
}
