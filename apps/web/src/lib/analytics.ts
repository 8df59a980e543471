import { ANALYTICS_EVENTS, type AnalyticsEventKey } from '@gds/contract';

/**
 * Tag-manager tracking: a pageview on every route change and the 'GDS -' events
 * into window.dataLayer, and the tag manager script itself only when a container id is
 * configured. Without a container nothing reads the dataLayer and nothing leaves the browser.
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

/**
 * Pushes one 'GDS -' event the moment a person does the thing, in the shape GTM containers
 * read: `event` fires a Custom Event trigger of that name, and eventCategory / eventAction /
 * eventLabel are Data Layer Variables for the tag's category, action and label fields:
 *
 *   { event: 'GDS - Contact Support', eventCategory: 'click',
 *     eventAction: 'GDS - Contact Support', eventLabel: 'faq' }
 *
 * eventLabel is always pushed (undefined when there is none) because GTM merges every push
 * into one data model: a key left out would keep the previous event's label.
 */
export function trackEvent(key: AnalyticsEventKey, label?: string): void {
  const { name, category } = ANALYTICS_EVENTS[key];
  dataLayer().push({ event: name, eventCategory: category, eventAction: name, eventLabel: label });
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
