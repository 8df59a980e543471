import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TokenKey } from '../config/config-connectors.ts';

const FILE = 'token-keys.json';

interface StoredKeys {
  keys: Array<{ version: string; key: string }>;
}

/**
 * The key ring: TOKEN_ENCRYPTION_KEYS when set; in demo mode a generated key kept under
 * DATA_DIR/keys (owner-only file), so a restart can still read the tokens it stored.
 */
export function loadTokenKeys(
  configured: readonly TokenKey[] | undefined,
  keysDir: string,
): readonly TokenKey[] {
  if (configured) return configured;
  const file = path.join(keysDir, FILE);
  if (!fs.existsSync(file)) writeKeys(file, { keys: [newKey('v1')] });
  return readKeys(file);
}

/** Demo mode only: appends a fresh key (it becomes current); rotate-keys then re-encrypts. */
export function addDemoTokenKey(keysDir: string): string {
  const file = path.join(keysDir, FILE);
  const stored = storedKeys(file);
  const version = nextVersion(stored);
  writeKeys(file, { keys: [...stored.keys, newKey(version)] });
  return version;
}

/** The version addDemoTokenKey would add next. */
export function nextDemoTokenKeyVersion(keysDir: string): string {
  return nextVersion(storedKeys(path.join(keysDir, FILE)));
}

function storedKeys(file: string): StoredKeys {
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys)
    : { keys: [] };
}

const nextVersion = (stored: StoredKeys) => `v${stored.keys.length + 1}`;

function newKey(version: string) {
  return { version, key: randomBytes(32).toString('base64') };
}

function readKeys(file: string): TokenKey[] {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  return stored.keys.map((k) => ({ version: k.version, key: Buffer.from(k.key, 'base64') }));
}

function writeKeys(file: string, keys: StoredKeys): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write then rename: two instances starting together never read half a file.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(keys, null, 2), { mode: 0o600 });
  fs.renameSync(temp, file);
}
