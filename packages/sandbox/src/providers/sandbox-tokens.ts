import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox providers' tokens and codes are signed, self-contained values, so they stay
 * valid across a restart of the demo server; revocation and rotation are checked against the
 * control's memory. The prefix says what a value is (the connector code never looks inside).
 */
export interface SandboxGrant {
  /** Connector nameSimple. */
  c: string;
  /** The login (identity typed on the consent page). */
  l: string;
  /** Indexes of the accounts chosen on the consent page. */
  a: number[];
  /** Revocation generation at issue. */
  g: number;
  /**
   * Issued and expires at (ms); refresh tokens expire only where the console set a lifetime
   * for their connector, counted from the consent (a rotated one keeps the consent's end).
   */
  iat: number;
  exp?: number;
  /** Unique id (refresh-token rotation). */
  j: string;
}

export type SandboxTokenKind = 'at' | 'rt';

export function signGrant(
  key: Buffer,
  kind: SandboxTokenKind,
  grant: Omit<SandboxGrant, 'j'>,
): string {
  const payload = Buffer.from(
    JSON.stringify({ ...grant, j: randomBytes(9).toString('base64url') }),
  ).toString('base64url');
  return `sbx_${kind}.${payload}.${signature(key, kind, payload)}`;
}

/** The grant of a well-signed token of this kind, else undefined. */
export function readGrant(
  key: Buffer,
  kind: SandboxTokenKind,
  token: string,
): SandboxGrant | undefined {
  const [prefix, payload, sig] = token.split('.');
  if (prefix !== `sbx_${kind}` || !payload || !sig) return undefined;
  const expected = Buffer.from(signature(key, kind, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxGrant;
  } catch {
    return undefined;
  }
}

function signature(key: Buffer, kind: string, payload: string): string {
  return createHmac('sha256', key).update(`${kind}.${payload}`).digest('base64url');
}

/** Access tokens found in any request header, whatever the connector's header template. */
export function findAccessToken(headers: Record<string, string | string[] | undefined>) {
  for (const value of Object.values(headers)) {
    const match = /sbx_at\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec([value].flat().join(' '));
    if (match) return match[0];
  }
  return undefined;
}
