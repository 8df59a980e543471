/**
 * Tag-manager tracking (spec §1): a pageview on every route change into window.dataLayer, and
 * the tag manager script itself only when a container id is configured.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function trackPageView(page: string, title: string): void {
  dataLayer().push({ event: 'pageview', page, title });
}

const loaded = new Set<string>();

/** Injects the tag manager script once per container id; an empty id loads nothing. */
export function loadTagManager(tagId: string): void {
  const id = tagId.trim();
  if (!id || loaded.has(id)) return;
  loaded.add(id);
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}
