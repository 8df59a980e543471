/**
 * The chat vendor's script, injected once per page however often the signed-in layout mounts.
 * Vendor-neutral: the widget id travels as the script element's `data-widget-id` attribute
 * (the vendor reads document.currentScript.dataset.widgetId); vendors that take the id in
 * their script address simply leave CHAT_WIDGET_ID empty.
 */
export const CHAT_SCRIPT_ELEMENT_ID = 'gds-chat-widget-script';

const loads = new WeakMap<Element, Promise<void>>();

/** Resolves once the vendor script ran; rejects when it could not be fetched or was blocked. */
export function loadChatWidget(scriptUrl: string, widgetId: string): Promise<void> {
  const present = document.getElementById(CHAT_SCRIPT_ELEMENT_ID);
  const known = present && loads.get(present);
  if (known) return known;
  const script = document.createElement('script');
  const load = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Chat widget ${scriptUrl} failed`)));
  });
  loads.set(script, load);
  script.id = CHAT_SCRIPT_ELEMENT_ID;
  script.async = true;
  script.src = scriptUrl;
  if (widgetId) script.dataset.widgetId = widgetId;
  document.head.appendChild(script);
  return load;
}
