import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openKeyRing } from './key-ring.ts';
import { UnknownKeyVersionError } from './token-cipher.ts';
import { addDemoTokenKey } from './token-keys.ts';

const keysDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gds-key-ring-')), 'keys');

describe('key ring of a running server', () => {
  it('on the demo key file, learns a key added to the file when it meets its version', () => {
    const dir = keysDir();
    const ring = openKeyRing(undefined, dir);
    const other = openKeyRing(undefined, dir);
    expect(ring.versions).toEqual(['v1']);
    addDemoTokenKey(dir);
    other.reload();
    const sealed = other.encrypt('added-later', 'ctx');
    expect(other.currentVersion).toBe('v2');
    expect(ring.decrypt(sealed, 'v2', 'ctx')).toBe('added-later');
    expect(ring.versions).toEqual(['v1', 'v2']);
    expect(ring.currentVersion).toBe('v2');
  });

  it('from TOKEN_ENCRYPTION_KEYS, never changes: an unknown version is a missing key, damage is not', () => {
    const ring = openKeyRing([{ version: 'v1', key: Buffer.alloc(32, 1) }], keysDir());
    expect(ring.source).toBe('env');
    expect(ring.reload()).toBe(false);
    const sealed = ring.encrypt('secret', 'ctx');
    expect(() => ring.decrypt(sealed, 'v2', 'ctx')).toThrow(UnknownKeyVersionError);
    const damaged = () => ring.decrypt(sealed, 'v1', 'other-ctx');
    expect(damaged).toThrow();
    expect(damaged).not.toThrow(UnknownKeyVersionError);
  });
});
