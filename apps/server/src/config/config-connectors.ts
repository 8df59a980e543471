import { CONNECTORS } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import { parseUrlList } from './config-parsers.ts';

/** Parsers for the data-source settings; each throws a readable message naming the variable. */

/** A connector's app registration at its provider. */
export interface ConnectorCredentials {
  clientId: string;
  clientSecret: string;
  /** Google Ads and Microsoft Advertising also need a developer token on every API call. */
  developerToken?: string;
}

/** One key of the token-encryption key ring; the last one is current. */
export interface TokenKey {
  version: string;
  key: Buffer;
}

/** "google-ads" → "CONNECTOR_GOOGLE_ADS": the prefix of a connector's variables. */
export function connectorEnvPrefix(nameSimple: string): string {
  return `CONNECTOR_${nameSimple.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

const usesDeveloperToken = (connector: ConnectorDefinition) =>
  JSON.stringify(providerApiOf(connector) ?? {}).includes('{developerToken}');

/**
 * CONNECTOR_<NAME>_CLIENT_ID / _CLIENT_SECRET (/ _DEVELOPER_TOKEN where the API needs one)
 * for each OAuth connector. Half a registration is an error, not a silently missing connector.
 */
export function parseConnectorCredentials(
  env: Record<string, string | undefined>,
): Record<string, ConnectorCredentials> {
  const found: Record<string, ConnectorCredentials> = {};
  for (const connector of CONNECTORS) {
    const oauth2 = providerApiOf(connector)?.oauth2;
    if (!oauth2) continue;
    const prefix = connectorEnvPrefix(connector.nameSimple);
    const read = (suffix: string) => env[`${prefix}_${suffix}`]?.trim() || undefined;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    const developerToken = read('DEVELOPER_TOKEN');
    if (!clientId && !clientSecret) continue;
    if (!clientId)
      throw new Error(`${prefix}_CLIENT_ID: required when ${prefix}_CLIENT_SECRET is set`);
    // A public client (PKCE only, e.g. Etsy) has no secret to send.
    if (!clientSecret && oauth2.clientAuth !== 'none') {
      throw new Error(`${prefix}_CLIENT_SECRET: required when ${prefix}_CLIENT_ID is set`);
    }
    if (usesDeveloperToken(connector) && !developerToken) {
      throw new Error(`${prefix}_DEVELOPER_TOKEN: ${connector.name} needs a developer token`);
    }
    found[connector.nameSimple] = {
      clientId,
      clientSecret: clientSecret ?? '',
      ...(developerToken ? { developerToken } : {}),
    };
  }
  return found;
}

/** "v1:<base64 of 32 bytes>,v2:…" → the key ring, oldest first (the last is current). */
export function parseTokenKeys(text: string): TokenKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [version, encoded, ...rest] = entry.split(':');
      const key = Buffer.from(encoded ?? '', 'base64');
      if (
        !version ||
        !/^[A-Za-z0-9_-]{1,16}$/.test(version) ||
        rest.length > 0 ||
        key.length !== 32
      ) {
        throw new Error(
          `entries must be VERSION:<base64 of 32 random bytes> (openssl rand -base64 32)`,
        );
      }
      return { version, key };
    });
  if (keys.length === 0) throw new Error('needs at least one key');
  if (new Set(keys.map((k) => k.version)).size !== keys.length) {
    throw new Error('key versions must be unique');
  }
  return keys;
}

/** Comma-separated origins or URL prefixes (absolute http(s) URLs). */
export function parseRedirectAllowlist(text: string): string[] {
  return parseUrlList(text, 'https://lookerstudio.google.com/', (url, entry) => {
    if (url.username || url.password) {
      throw new Error(`"${entry}" must be an http(s) origin or URL prefix`);
    }
    return url.href;
  });
}
