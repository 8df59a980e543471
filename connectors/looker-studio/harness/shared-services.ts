/**
 * What Apps Script shares between a person's executions, kept on the harness's main thread:
 * script and user properties, script and user caches (with their expiry, on the harness's
 * clock), and the user lock, held by one execution at a time.
 */

type Scope = 'script' | 'user';

export interface ServiceCall {
  service: 'properties' | 'cache' | 'lock';
  scope?: Scope;
  op: string;
  args?: unknown[];
  ms?: number;
}

function propertyStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    run(op: string, args: unknown[]): unknown {
      const [key, value] = args as [string, string];
      switch (op) {
        case 'get':
          return values.get(key) ?? null;
        case 'set':
          values.set(key, value);
          return null;
        case 'delete':
          values.delete(key);
          return null;
        case 'all':
          return Object.fromEntries(values);
        case 'setAll':
          for (const [k, v] of Object.entries(args[0] as Record<string, unknown>)) {
            values.set(k, String(v));
          }
          return null;
        case 'clear':
          values.clear();
          return null;
        default:
          throw new Error(`Properties has no ${op}`);
      }
    },
  };
}

/** At most six hours, as CacheService keeps an entry. */
const CACHE_MAX_SECONDS = 6 * 60 * 60;
/**
 * CacheService refuses a value over 100 KB
 * (https://developers.google.com/apps-script/reference/cache/cache#putkey,-value,-expirationinseconds).
 */
const CACHE_MAX_VALUE_BYTES = 100 * 1024;

function cacheStore(now: () => number) {
  const values = new Map<string, { value: string; expiresAt: number }>();
  return {
    snapshot: () =>
      Object.fromEntries(
        [...values].filter(([, v]) => v.expiresAt > now()).map(([k, v]) => [k, v.value]),
      ),
    run(op: string, args: unknown[]): unknown {
      const [key, value, seconds] = args as [string, string, number];
      switch (op) {
        case 'get': {
          const entry = values.get(key);
          return entry && entry.expiresAt > now() ? entry.value : null;
        }
        case 'put':
          if (Buffer.byteLength(String(value)) > CACHE_MAX_VALUE_BYTES) {
            throw new Error('Argument too large: value');
          }
          values.set(key, {
            value,
            expiresAt: now() + Math.min(seconds, CACHE_MAX_SECONDS) * 1000,
          });
          return null;
        case 'remove':
          values.delete(key);
          return null;
        default:
          throw new Error(`Cache has no ${op}`);
      }
    },
  };
}

/** The user lock: its holder (an execution), and who waits for it, first come first served. */
function userLock() {
  let holder: number | undefined;
  const waiting: Array<{ execution: number; grant: (got: boolean) => void }> = [];
  const handOn = () => {
    const next = waiting.shift();
    if (!next) return;
    holder = next.execution;
    next.grant(true);
  };
  return {
    wait(execution: number, ms: number): Promise<boolean> {
      if (holder === undefined || holder === execution) {
        holder = execution;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const entry = {
          execution,
          grant: (got: boolean) => {
            clearTimeout(timer);
            resolve(got);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(false);
        }, ms);
        waiting.push(entry);
      });
    },
    holds: (execution: number) => holder === execution,
    release(execution: number) {
      if (holder !== execution) return;
      holder = undefined;
      handOn();
    },
  };
}

export function sharedServices(scriptProperties: Record<string, string>, now: () => number) {
  const props = { script: propertyStore(scriptProperties), user: propertyStore() };
  const caches = { script: cacheStore(now), user: cacheStore(now) };
  const lock = userLock();
  return {
    /** Runs one call an execution made; the lock's answer may wait. */
    run(execution: number, call: ServiceCall): Promise<unknown> {
      if (call.service === 'lock') {
        if (call.op === 'wait') return lock.wait(execution, call.ms ?? 0);
        lock.release(execution);
        return Promise.resolve(null);
      }
      const scope = call.scope ?? 'user';
      const store = call.service === 'properties' ? props[scope] : caches[scope];
      return Promise.resolve(store.run(call.op, call.args ?? []));
    },
    /** The execution ended: Apps Script releases a lock it still holds. */
    ended: (execution: number) => lock.release(execution),
    /** Whether the execution holds the user lock now. */
    holdsLock: (execution: number) => lock.holds(execution),
    setScriptProperty: (key: string, value: string) => void props.script.values.set(key, value),
    userProperties: () => Object.fromEntries(props.user.values),
    userCache: () => caches.user.snapshot(),
  };
}
