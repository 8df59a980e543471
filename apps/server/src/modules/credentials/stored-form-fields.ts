import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import { sealContext } from './seal-context.ts';

/**
 * The login fields a form credential was stored with (sealed as its access token, as JSON),
 * or none when the credential is gone, is not a form login, or cannot be opened here. Only the
 * server reads them: replacing one key of a login keeps the others it does not retype.
 */
export async function storedFormFields(
  deps: { db: Db; cipher: TokenCipher },
  teamId: string,
  credentialId: string,
): Promise<Readonly<Record<string, string>>> {
  const row = await createCredentialsRepository(deps.db).find(teamId, credentialId);
  if (!row) return {};
  try {
    return formLoginFields(
      deps.cipher.decrypt(row.access_token_enc, row.key_version, sealContext(row.id, 'access')),
    );
  } catch {
    return {};
  }
}

/** A form login's fields as its sealed secret holds them (JSON), or none when it is a plain token. */
export function formLoginFields(secret: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(secret);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
