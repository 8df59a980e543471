import type { TokenCipher } from '../../crypto/token-cipher.ts';
import { UnknownKeyVersionError } from '../../crypto/token-cipher.ts';

/** Which body of a message a sealed text is: the additional data binds it to that place. */
type Part = 'text' | 'html';

/** A sealed body reads `sealed:<key version>:<base64 of iv | tag | data>`. */
const SEALED = /^sealed:([^:]+):(.+)$/s;

const contextOf = (to: string, part: Part) => `mail_outbox:${part}:${to}`;

/**
 * An outbox message's body as stored: sealed with the token key, since invitation and client
 * link emails carry a live link, and the tables keep only the links' hashes so that a
 * database dump opens nothing. The outbox page opens it again with the same key.
 */
export function sealOutboxBody(cipher: TokenCipher, to: string, part: Part, body: string): string {
  return `sealed:${cipher.currentVersion}:${cipher.encrypt(body, contextOf(to, part))}`;
}

/**
 * A stored body as the outbox page shows it. A body sealed under a key this server no longer
 * holds says so instead of failing the page; one stored before bodies were sealed is as stored.
 */
export function openOutboxBody(
  cipher: TokenCipher,
  to: string,
  part: Part,
  stored: string,
): string {
  const sealed = SEALED.exec(stored);
  if (!sealed) return stored;
  const [, version = '', data = ''] = sealed;
  try {
    return cipher.decrypt(data, version, contextOf(to, part));
  } catch (error) {
    if (error instanceof UnknownKeyVersionError) {
      return `(This message was sealed with token key ${version}, which this server no longer holds.)`;
    }
    return '(This message cannot be opened: it was not sealed for this address.)';
  }
}
