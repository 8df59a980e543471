import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets of the demo identity provider, kept under DATA_DIR/keys so a restart reuses them. */
export interface SandboxKeys {
  /** Signs oidc-provider's own cookies. */
  cookieKeys: string[];
  /** The provider's ID-token signing key (private JWK). */
  signingJwk: Record<string, unknown>;
  /** Secret of the one registered client (our server). */
  clientSecret: string;
}

const FILE = 'sandbox-idp.json';

/** Loads the keys, or generates and stores them (owner-only file) on first start. */
export function loadSandboxKeys(keysDir: string | undefined): SandboxKeys {
  const file = keysDir ? path.join(keysDir, FILE) : undefined;
  if (file && fs.existsSync(file)) {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxKeys;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const keys: SandboxKeys = {
    cookieKeys: [randomBytes(32).toString('base64url')],
    signingJwk: { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') },
    clientSecret: randomBytes(32).toString('base64url'),
  };
  if (file && keysDir) {
    fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  }
  return keys;
}
