import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.ts';

const key = (version: string, fill: number) => ({ version, key: Buffer.alloc(32, fill) });

describe('token cipher: secrets at rest are sealed per row and column', () => {
  const cipher = createTokenCipher([key('v1', 1)]);

  it('round-trips, with a fresh IV per value (same input, different ciphertext)', () => {
    const a = cipher.encrypt('secret-token', 'row-1:access');
    const b = cipher.encrypt('secret-token', 'row-1:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-token');
    expect(cipher.decrypt(a, 'v1', 'row-1:access')).toBe('secret-token');
  });

  it('refuses a value moved to another row or column, or tampered with', () => {
    const sealed = cipher.encrypt('secret-token', 'row-1:access');
    expect(() => cipher.decrypt(sealed, 'v1', 'row-2:access')).toThrow();
    expect(() => cipher.decrypt(sealed, 'v1', 'row-1:refresh')).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(bytes.toString('base64'), 'v1', 'row-1:access')).toThrow();
  });

  it('encrypts with the last key and still reads older versions', () => {
    const rotated = createTokenCipher([key('v1', 1), key('v2', 2)]);
    expect(rotated.currentVersion).toBe('v2');
    const old = cipher.encrypt('old', 'ctx');
    expect(rotated.decrypt(old, 'v1', 'ctx')).toBe('old');
    expect(() => rotated.decrypt(old, 'v2', 'ctx')).toThrow();
    expect(() => cipher.decrypt(rotated.encrypt('new', 'ctx'), 'v9', 'ctx')).toThrow(/v9/);
  });
});
