import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A sign-in started from an invitation link keeps the link's token with its OAuth state until
 * the callback, sealed (AES-256-GCM) under a key derived from the state value. The state row
 * stores only the state's hash, so the table alone never yields an invitation link; the
 * callback, which brings the state back, opens it.
 */
const keyOf = (state: string) => createHash('sha256').update(`invitation-seal:${state}`).digest();

export function sealWithState(token: string, state: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(state), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed token, or undefined when the seal is damaged or the state is not its own. */
export function openWithState(sealed: string, state: string): string | undefined {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(state), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
