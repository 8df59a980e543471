import type { Db } from '../../db/database.ts';

/** SQL of the authorization server's one key row (not tenant data: shared by all teams). */
export function createOauthKeysRepository(db: Db) {
  return {
    /** Stores the keys unless another instance stored its own first. */
    async insertOnce(keysEnc: string, keyVersion: string) {
      await db
        .insertInto('connector_oauth_keys')
        .values({ id: 1, keys_enc: keysEnc, key_version: keyVersion })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** Seals the row again under another key, unless another instance did first. */
    async reseal(fromVersion: string, keysEnc: string, keyVersion: string) {
      await db
        .updateTable('connector_oauth_keys')
        .set({ keys_enc: keysEnc, key_version: keyVersion })
        .where('id', '=', 1)
        .where('key_version', '=', fromVersion)
        .execute();
    },

    find() {
      return db
        .selectFrom('connector_oauth_keys')
        .select(['keys_enc', 'key_version'])
        .where('id', '=', 1)
        .executeTakeFirst();
    },
  };
}
