import { PERSISTED_STATE_EXPIRY_MS } from '@gds/contract';
import type { StateStorage } from 'zustand/middleware';
import { getStateKey } from './state-key.ts';

/** What localStorage holds: ciphertext only, with the moment it stops being valid. */
interface Envelope {
  iv: string;
  data: string;
  expiresAt: number;
}

export interface EncryptedStorageOptions {
  storage?: Storage;
  getKey?: () => Promise<CryptoKey>;
  now?: () => number;
  ttlMs?: number;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function isEnvelope(value: unknown): value is Envelope {
  const v = value as Partial<Envelope> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.iv === 'string' &&
    typeof v.data === 'string' &&
    typeof v.expiresAt === 'number'
  );
}

/**
 * A zustand StateStorage that AES-GCM encrypts every value (fresh IV per write, the item name
 * as additional data) and forgets it after a 12-hour expiry. Anything expired,
 * malformed or tampered with reads as empty and is removed.
 */
export function createEncryptedStorage(options: EncryptedStorageOptions = {}): StateStorage {
  const storage = options.storage ?? localStorage;
  const getKey = options.getKey ?? getStateKey;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? PERSISTED_STATE_EXPIRY_MS;
  const encoder = new TextEncoder();
  // Encryption is async: chain writes per item so an older value never lands after a newer one.
  const pending = new Map<string, Promise<void>>();

  async function read(name: string): Promise<string | null> {
    const stored = storage.getItem(name);
    if (stored === null) return null;
    try {
      const envelope: unknown = JSON.parse(stored);
      if (!isEnvelope(envelope) || envelope.expiresAt <= now()) throw new Error('expired');
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(envelope.iv), additionalData: encoder.encode(name) },
        await getKey(),
        fromBase64(envelope.data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      storage.removeItem(name);
      return null;
    }
  }

  async function write(name: string, value: string): Promise<void> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
      await getKey(),
      encoder.encode(value),
    );
    const envelope: Envelope = {
      iv: toBase64(iv),
      data: toBase64(new Uint8Array(data)),
      expiresAt: now() + ttlMs,
    };
    storage.setItem(name, JSON.stringify(envelope));
  }

  return {
    getItem: (name) => {
      // Writes issued while a read is in flight wait for it, so hydration sees the stored value.
      const result = (pending.get(name) ?? Promise.resolve()).then(() => read(name));
      pending.set(
        name,
        result.then(() => undefined),
      );
      return result;
    },
    setItem: (name, value) => {
      const next = (pending.get(name) ?? Promise.resolve()).then(() => write(name, value));
      pending.set(
        name,
        next.catch((error: unknown) => console.warn('Could not persist state', error)),
      );
      return next;
    },
    removeItem: async (name) => {
      await pending.get(name);
      storage.removeItem(name);
    },
  };
}
