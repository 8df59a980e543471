import type { TokenKey } from '../config/config-connectors.ts';
import { openKeyRing } from '../crypto/key-ring.ts';
import { assertServersHoldKey } from '../crypto/key-rotation-guard.ts';
import { addDemoTokenKey, nextDemoTokenKeyVersion } from '../crypto/token-keys.ts';
import type { Db } from '../db/database.ts';
import { resealOauthKeys } from '../modules/connector-authorization/oauth-keys.ts';
import { rotateTokenKeys } from '../modules/credentials/key-rotation.ts';
import { resealWebhookSecrets } from '../modules/team-webhooks/webhook-secret.ts';

/**
 * What `npm run rotate-keys` does once the database is open: in demo mode with `addKey`, adds
 * a generated key to the key file (only if no running server would be cut off by it), then
 * seals every stored secret under the current key: the credentials' tokens, the team webhooks'
 * signing secrets and the connector OAuth keys. Afterwards no row needs an older key, so it can
 * be taken out of the key set; while one still does (a key dropped too early), the run refuses,
 * naming what is sealed under which key.
 */
export async function rotateKeys(
  db: Db,
  input: { tokenKeys: readonly TokenKey[] | undefined; keysDir: string; addKey: boolean },
): Promise<{
  added: string | undefined;
  reencrypted: number;
  webhookSecretsResealed: number;
  oauthKeysResealed: boolean;
  version: string;
}> {
  let added: string | undefined;
  if (input.addKey) {
    // Checked before the key file changes: a refused run leaves everything as it was.
    await assertServersHoldKey(db, nextDemoTokenKeyVersion(input.keysDir));
    added = addDemoTokenKey(input.keysDir);
  }
  const ring = openKeyRing(input.tokenKeys, input.keysDir);
  const { reencrypted } = await rotateTokenKeys(db, ring);
  const webhookSecretsResealed = await resealWebhookSecrets(db, ring);
  const oauthKeysResealed = await resealOauthKeys(db, ring);
  return {
    added,
    reencrypted,
    webhookSecretsResealed,
    oauthKeysResealed,
    version: ring.currentVersion,
  };
}
