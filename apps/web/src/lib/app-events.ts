/**
 * App-wide events: the api client announces an expired session, the logout
 * screen announces that the user's state was cleared. A tiny typed emitter keeps lib code
 * free of router knowledge: the app decides what an event means (e.g. navigate to /logout).
 */
export interface AppEventMap {
  apiLogout: { status: number };
  userLogout: undefined;
}

type Listener<K extends keyof AppEventMap> = (payload: AppEventMap[K]) => void;

const listeners = new Map<keyof AppEventMap, Set<(payload: unknown) => void>>();

/** Subscribes to an app event; returns the unsubscribe function (handy as an effect cleanup). */
export function onAppEvent<K extends keyof AppEventMap>(
  name: K,
  listener: Listener<K>,
): () => void {
  const set = listeners.get(name) ?? new Set();
  listeners.set(name, set);
  const wrapped = listener as (payload: unknown) => void;
  set.add(wrapped);
  return () => {
    set.delete(wrapped);
  };
}

export function emitAppEvent<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
  listeners.get(name)?.forEach((listener) => listener(payload));
}
