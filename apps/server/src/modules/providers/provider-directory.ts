import { CONNECTORS } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import type { ProviderApi } from '@gds/contract/providers';
import type { Config } from '../../config/config.ts';

/** A connector ready to be called: its provider's API and our registration there, real or sandbox. */
export interface Provider {
  connector: ConnectorDefinition;
  sandbox: boolean;
  api: ProviderApi;
  clientId: string;
  clientSecret: string;
  /** Template values every call may use besides tokens and login fields. */
  values: { clientId: string; developerToken: string };
}

/**
 * Our registration at a stand-in provider (demo mode): the connector's API on the stand-in's
 * addresses. app.ts passes the sandbox's, so this module never depends on the sandbox.
 */
export type ProviderStandIn = (
  connector: ConnectorDefinition,
  api: ProviderApi,
) => { api: ProviderApi; clientId: string; clientSecret: string; developerToken: string };

/**
 * Which provider serves each connector. A connector with its CONNECTOR_<NAME>_CLIENT_ID set
 * talks to the real provider; form-login connectors need no registration and are real when
 * there is no stand-in. Otherwise, in demo mode, the stand-in serves it; else it is unavailable.
 */
export function createProviderDirectory(
  config: Pick<Config, 'connectorCredentials'>,
  standIn: ProviderStandIn | undefined,
) {
  const providers = new Map<number, Provider>();
  for (const connector of CONNECTORS) {
    const api = providerApiOf(connector);
    if (!api) continue;
    const real = config.connectorCredentials[connector.nameSimple];
    if (real || (connector.auth === 'form' && !standIn)) {
      providers.set(connector.id, {
        connector,
        sandbox: false,
        api,
        clientId: real?.clientId ?? '',
        clientSecret: real?.clientSecret ?? '',
        values: { clientId: real?.clientId ?? '', developerToken: real?.developerToken ?? '' },
      });
    } else if (standIn) {
      const registration = standIn(connector, api);
      providers.set(connector.id, {
        connector,
        sandbox: true,
        api: registration.api,
        clientId: registration.clientId,
        clientSecret: registration.clientSecret,
        values: { clientId: registration.clientId, developerToken: registration.developerToken },
      });
    }
  }
  return {
    /** The provider of a connector; undefined when it cannot be connected on this server. */
    find: (connectorId: number): Provider | undefined => providers.get(connectorId),
  };
}

export type ProviderDirectory = ReturnType<typeof createProviderDirectory>;
