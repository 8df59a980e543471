import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import { loadTokenKeys } from '../../src/crypto/token-keys.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import { testConfig } from './test-app.ts';

/** The test apps' key ring (demo keys under the worker's DATA_DIR). */
export function testCipher() {
  return createTokenCipher(loadTokenKeys(undefined, path.join(testConfig().dataDir, 'keys')));
}

/** A login's stored secrets, decrypted as the server would. */
export async function storedSecrets(db: Db, credentialId: string) {
  const row = await db
    .selectFrom('data_source_credentials')
    .selectAll()
    .where('id', '=', credentialId)
    .executeTakeFirstOrThrow();
  const cipher = testCipher();
  return {
    row,
    access: cipher.decrypt(row.access_token_enc, row.key_version, sealContext(row.id, 'access')),
    refresh: row.refresh_token_enc
      ? cipher.decrypt(row.refresh_token_enc, row.key_version, sealContext(row.id, 'refresh'))
      : null,
  };
}

/** A secret value no code or fixture holds, so finding it anywhere means it leaked. */
export const distinctSecret = () => `sk_${randomBytes(18).toString('hex')}`;

const PIECE = 12;

/**
 * Fails when any secret, or any 12-character piece of one, is in the text: a provider quoting
 * a token back may cut it short, and part of a secret is a leak too.
 */
export function expectNoSecretIn(text: string, secrets: readonly string[]): void {
  for (const secret of new Set(secrets)) {
    const starts = Array.from({ length: Math.max(1, secret.length - PIECE + 1) }, (_, i) => i);
    for (const start of starts) {
      const piece = secret.slice(start, start + PIECE);
      const at = text.indexOf(piece);
      if (at === -1) continue;
      const end = text.indexOf('\n', at);
      const line = text.slice(text.lastIndexOf('\n', at) + 1, end === -1 ? undefined : end);
      expect.fail(`"${piece}", a piece of a secret, is in: ${line}`);
    }
  }
}

/** Log lines as text, and the strings inside them decoded (a secret's escapes undone). */
export function readableLog(lines: readonly string[]): string {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const line of lines) collect(JSON.parse(line));
  return `${lines.join('')}\n${strings.join('\n')}`;
}
