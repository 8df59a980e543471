import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ConnectorDefinition, LoginField } from '@gds/contract';
import type { ProviderApi, ProviderLookup, ProviderRequest } from '@gds/contract/providers';

/**
 * The sandbox data-source providers' addresses and demo credentials, apart from their
 * implementation so the connector code only needs this. In demo mode a connector keeps all of
 * its catalog settings (PKCE, scopes, client authentication, header templates, JSON shapes)
 * and only its URLs point here: the server runs the same code path as for the real provider.
 */
export const SANDBOX_PROVIDERS_PATH = '/sandbox/providers';
export const SANDBOX_CONSOLE_PATH = `${SANDBOX_PROVIDERS_PATH}/console`;
export const SANDBOX_DEVELOPER_TOKEN = 'sandbox-developer-token';

/** Demo credentials of form-login connectors (README): a `password` field, other secrets. */
export const SANDBOX_DEMO_PASSWORD = 'demo-password';
export const SANDBOX_DEMO_KEY = 'demo-key';

/** What the sandbox accepts for a secret login field (type password). */
export const sandboxDemoSecret = (field: LoginField) =>
  field.fieldName === 'password' ? SANDBOX_DEMO_PASSWORD : SANDBOX_DEMO_KEY;

export const sandboxProviderBase = (publicUrl: string, nameSimple: string) =>
  `${publicUrl}${SANDBOX_PROVIDERS_PATH}/${nameSimple}`;

/** Where a sandbox provider answers its reporting API's documented paths. */
export const sandboxReportBase = (publicUrl: string, nameSimple: string) =>
  `${sandboxProviderBase(publicUrl, nameSimple)}/reports`;

export const sandboxClientId = (nameSimple: string) => `sandbox-${nameSimple}`;

/** Derived from the sandbox key, so the server and the sandbox agree without storing it. */
export function sandboxClientSecret(key: Buffer, nameSimple: string): string {
  return createHmac('sha256', key).update(`client-secret:${nameSimple}`).digest('base64url');
}

/** The connector's settings with every URL on the sandbox. */
export function sandboxApi(api: ProviderApi, base: string): ProviderApi {
  const at = (request: ProviderRequest | undefined, endpoint: string) =>
    request ? { ...request, url: `${base}/${endpoint}` } : undefined;
  const lookup = (l: ProviderLookup, endpoint: string): ProviderLookup => {
    const request = at(l.request, endpoint);
    return { ...l, ...(request ? { request } : {}) };
  };
  const verify = at(api.verify, 'verify');
  return {
    ...(api.oauth2
      ? {
          oauth2: {
            ...api.oauth2,
            authorizeUrl: `${base}/authorize`,
            tokenUrl: `${base}/token`,
            revokeUrl: `${base}/revoke`,
          },
        }
      : {}),
    ...(verify ? { verify } : {}),
    identity: lookup(api.identity, 'userinfo'),
    accounts: lookup(api.accounts, 'accounts'),
    ...(api.accountDetails
      ? {
          accountDetails: {
            ...api.accountDetails,
            request: {
              ...api.accountDetails.request,
              url: `${base}/account-details?account={accountId}`,
            },
          },
        }
      : {}),
    ...(api.reports ? { reports: { ...api.reports, baseUrl: `${base}/reports` } } : {}),
  };
}

/**
 * Our registration at the sandbox provider of each connector, in the shape the provider
 * directory takes for a stand-in: app.ts passes it in demo mode, so no module knows the sandbox.
 */
export function sandboxRegistration(publicUrl: string, key: Buffer) {
  return (connector: ConnectorDefinition, api: ProviderApi) => {
    const clientId = sandboxClientId(connector.nameSimple);
    return {
      api: sandboxApi(api, sandboxProviderBase(publicUrl, connector.nameSimple)),
      clientId,
      clientSecret: sandboxClientSecret(key, connector.nameSimple),
      developerToken: SANDBOX_DEVELOPER_TOKEN,
    };
  };
}

const KEY_FILE = 'sandbox-providers.key';

/** The sandbox providers' secret (signs their tokens), kept under DATA_DIR/keys. */
export function loadSandboxProviderKey(keysDir: string): Buffer {
  const file = path.join(keysDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, randomBytes(32).toString('base64'), { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  return Buffer.from(fs.readFileSync(file, 'utf8'), 'base64');
}
