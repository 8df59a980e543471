/**
 * How the server calls each connector's provider (OAuth2 addresses, scopes, verification and
 * discovery calls), by connector. A separate entry point (`@gds/contract/providers`) so the web
 * bundle never carries the provider catalog; the connectors themselves are `CONNECTORS`.
 */
import type { ProviderApi } from './provider-api-types.ts';
import { PROVIDER_APIS } from './provider-apis/index.ts';
import type { ConnectorDefinition } from './connectors.ts';

export * from './provider-api-types.ts';
export { PROVIDER_APIS } from './provider-apis/index.ts';

/**
 * The API of a connector's provider. Undefined for a deprecated connector: it can no longer be
 * newly connected, so nothing may call its provider.
 */
export function providerApiOf(
  connector: Pick<ConnectorDefinition, 'nameSimple' | 'deprecated'>,
): ProviderApi | undefined {
  if (connector.deprecated || !Object.hasOwn(PROVIDER_APIS, connector.nameSimple)) return undefined;
  return PROVIDER_APIS[connector.nameSimple];
}
