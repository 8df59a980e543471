import { randomUUID } from 'node:crypto';
import type { TokenCipher } from '../../src/crypto/token-cipher.ts';
import type { Db } from '../../src/db/database.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import type { SandboxContext } from './connections.ts';
import { connectOAuth } from './connections.ts';
import { signIn } from './sign-in.ts';

/** A fixed token key (32 bytes of `fill`), as one entry of TOKEN_ENCRYPTION_KEYS. */
export const tokenKey = (version: string, fill: number) => ({
  version,
  key: Buffer.alloc(32, fill),
});

/** TOKEN_ENCRYPTION_KEYS for these keys, the last one current. */
export const envKeys = (...keys: Array<ReturnType<typeof tokenKey>>) =>
  keys.map((k) => `${k.version}:${k.key.toString('base64')}`).join(',');

/** A new team with one Google Analytics login connected through `ctx`; answers its id. */
export async function connectedLogin(ctx: SandboxContext, db: Db, email: string) {
  const owner = await signIn(ctx.app, ctx.identity, email);
  await connectOAuth(ctx, owner.cookie, 1, { login: email });
  const row = await db
    .selectFrom('data_source_credentials')
    .select('id')
    .where('team_id', '=', owner.team.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes a login's access token expire now, so the next refresh run picks it. */
export async function makeDue(db: Db, credentialId: string) {
  await db
    .updateTable('data_source_credentials')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', credentialId)
    .execute();
}

/** The stored login row. */
export const loginRow = (db: Db, credentialId: string) =>
  db
    .selectFrom('data_source_credentials')
    .selectAll()
    .where('id', '=', credentialId)
    .executeTakeFirstOrThrow();

/** A team with one login whose tokens are sealed by `cipher` (no provider behind it). */
export async function sealedLogin(db: Db, cipher: TokenCipher, secret = 'sealed-access') {
  const team = await db
    .insertInto('teams')
    .values({
      business_unit: 'MEGALYTIC_GDS',
      name: 't',
      plan_id: 'basic-plan',
      user_limit: 1,
      account_limit: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: team.id,
      connector_id: 1,
      external_user_id: `ext-${id}`,
      display_name: 'x',
      access_token_enc: cipher.encrypt(secret, sealContext(id, 'access')),
      refresh_token_enc: null,
      key_version: cipher.currentVersion,
      created_by: null,
    })
    .execute();
  return id;
}
