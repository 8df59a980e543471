import path from 'node:path';
import type { Db } from '../../src/db/database.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import { loadTokenKeys } from '../../src/crypto/token-keys.ts';
import { sealContext } from '../../src/modules/connections/store-connection.ts';
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
