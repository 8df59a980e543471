/**
 * The AES-GCM key that encrypts persisted client state. It is generated non-extractable and
 * kept in IndexedDB, so script can use it but never read its bytes, and a copy of
 * localStorage alone is useless. Where IndexedDB is missing (some test environments) the key
 * lives in memory for the page's life: state then does not survive a reload, which is safe.
 */
const DB_NAME = 'gds-keys';
const STORE = 'keys';
const KEY_ID = 'persisted-state';

let keyPromise: Promise<CryptoKey> | undefined;

function generateKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function loadOrCreateKey(factory: IDBFactory): Promise<CryptoKey> {
  const db = await openDb(factory);
  try {
    const existing = (await request(
      db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID),
    )) as unknown;
    if (existing instanceof CryptoKey) return existing;
    const key = await generateKey();
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
    return key;
  } finally {
    db.close();
  }
}

/** The page's state key: from IndexedDB when available, otherwise an in-memory one. */
export function getStateKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const factory = globalThis.indexedDB as IDBFactory | undefined;
    if (!factory) return generateKey();
    try {
      return await loadOrCreateKey(factory);
    } catch (error) {
      // Private windows may refuse IndexedDB: fall back to a page-life key, never to clear text.
      console.warn('Persisted state key unavailable, state will not survive reloads', error);
      return generateKey();
    }
  })();
  return keyPromise;
}
