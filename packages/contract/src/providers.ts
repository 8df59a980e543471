/**
 * The server's view of the connectors catalog: each connector with its provider settings
 * (OAuth2 addresses, scopes, verification and discovery calls). A separate entry point
 * (`@gds/contract/providers`) so the web bundle never carries the provider catalog.
 */
import type { ConnectorApi } from './connector-api-types.ts';
import { CONNECTOR_APIS } from './connector-apis/index.ts';
import { CONNECTORS, type ConnectorDefinition } from './connectors.ts';

export * from './connector-api-types.ts';
export { CONNECTOR_APIS } from './connector-apis/index.ts';

export interface ProviderConnector extends ConnectorDefinition {
  /** Absent for deprecated connectors, which cannot be newly connected. */
  api?: ConnectorApi;
}

export const PROVIDER_CONNECTORS: readonly ProviderConnector[] = CONNECTORS.map((connector) => {
  const api = CONNECTOR_APIS[connector.nameSimple];
  return api ? { ...connector, api } : connector;
});

export function findProviderConnector(id: number): ProviderConnector | undefined {
  return PROVIDER_CONNECTORS.find((connector) => connector.id === id);
}

export function findProviderConnectorByName(nameSimple: string): ProviderConnector | undefined {
  return PROVIDER_CONNECTORS.find((connector) => connector.nameSimple === nameSimple);
}
