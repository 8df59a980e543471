import { PERSISTED_STATE_EXPIRY_MS } from '@gds/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedStorage } from './encrypted-storage.ts';

const key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
  'encrypt',
  'decrypt',
]);

describe('encrypted persisted storage', () => {
  let clock = Date.parse('2026-11-21T08:00:00Z');
  const storage = () => createEncryptedStorage({ getKey: () => key, now: () => clock });

  beforeEach(() => {
    clock = Date.parse('2026-11-21T08:00:00Z');
  });

  it('reads back what it wrote, while localStorage holds only ciphertext', async () => {
    const store = storage();
    await store.setItem('gds-state', '{"email":"ann@acme.test"}');

    expect(await store.getItem('gds-state')).toBe('{"email":"ann@acme.test"}');
    const raw = localStorage.getItem('gds-state') ?? '';
    expect(raw).not.toContain('ann@acme.test');
    const envelope = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(envelope).sort()).toEqual(['data', 'expiresAt', 'iv']);
    expect(envelope.expiresAt).toBe(clock + PERSISTED_STATE_EXPIRY_MS);
  });

  it('uses a fresh IV on every write', async () => {
    const store = storage();
    await store.setItem('gds-state', 'same');
    const first = JSON.parse(localStorage.getItem('gds-state') ?? '{}') as { iv: string };
    await store.setItem('gds-state', 'same');
    const second = JSON.parse(localStorage.getItem('gds-state') ?? '{}') as { iv: string };
    expect(second.iv).not.toBe(first.iv);
  });

  it('forgets the state 12 hours after it was written', async () => {
    const store = storage();
    await store.setItem('gds-state', 'value');

    clock += PERSISTED_STATE_EXPIRY_MS - 1;
    expect(await store.getItem('gds-state')).toBe('value');
    clock += 1;
    expect(await store.getItem('gds-state')).toBeNull();
    expect(localStorage.getItem('gds-state')).toBeNull();
  });

  it('starts empty when the stored data was tampered with', async () => {
    const store = storage();
    await store.setItem('gds-state', '{"isLoggedIn":false}');
    const envelope = JSON.parse(localStorage.getItem('gds-state') ?? '{}') as { data: string };
    const bytes = Uint8Array.from(atob(envelope.data), (c) => c.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    envelope.data = btoa(String.fromCharCode(...bytes));
    localStorage.setItem('gds-state', JSON.stringify(envelope));

    expect(await store.getItem('gds-state')).toBeNull();
  });

  it('starts empty for plain text, a foreign key, or data moved to another name', async () => {
    localStorage.setItem('gds-state', '{"state":{"isLoggedIn":true}}');
    expect(await storage().getItem('gds-state')).toBeNull();

    const otherKey = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await createEncryptedStorage({ getKey: () => otherKey }).setItem('gds-state', 'secret');
    expect(await storage().getItem('gds-state')).toBeNull();

    await storage().setItem('other', 'value');
    localStorage.setItem('gds-state', localStorage.getItem('other') ?? '');
    expect(await storage().getItem('gds-state')).toBeNull();
  });
});
