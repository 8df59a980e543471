import { PROVIDER_CONNECTORS } from '@gds/contract/providers';
import type { ConnectorApi, ProviderConnector } from '@gds/contract/providers';
import type { Config } from '../../config.ts';
import {
  SANDBOX_DEVELOPER_TOKEN,
  sandboxApi,
  sandboxClientId,
  sandboxClientSecret,
  sandboxProviderBase,
} from '../../sandbox/providers/sandbox-addresses.ts';

/** A connector ready to be called: its settings and our registration, real or sandbox. */
export interface ConnectorProvider {
  connector: ProviderConnector;
  sandbox: boolean;
  api: ConnectorApi;
  clientId: string;
  clientSecret: string;
  /** Template values every call may use besides tokens and login fields. */
  values: { clientId: string; developerToken: string };
}

/**
 * Which provider serves each connector. A connector with its CONNECTOR_<NAME>_CLIENT_ID set
 * talks to the real provider; form-login connectors need no registration and are real when
 * the sandbox is off. Otherwise, in demo mode, the sandbox stands in; else it is unavailable.
 */
export function createProviderDirectory(config: Config, sandboxKey: Buffer | undefined) {
  const providers = new Map<number, ConnectorProvider>();
  for (const connector of PROVIDER_CONNECTORS) {
    const api = connector.api;
    if (!api || connector.deprecated) continue;
    const real = config.connectorCredentials[connector.nameSimple];
    if (real || (connector.auth === 'form' && !sandboxKey)) {
      providers.set(connector.id, {
        connector,
        sandbox: false,
        api,
        clientId: real?.clientId ?? '',
        clientSecret: real?.clientSecret ?? '',
        values: { clientId: real?.clientId ?? '', developerToken: real?.developerToken ?? '' },
      });
    } else if (sandboxKey) {
      const clientId = sandboxClientId(connector.nameSimple);
      providers.set(connector.id, {
        connector,
        sandbox: true,
        api: sandboxApi(api, sandboxProviderBase(config.publicUrl, connector.nameSimple)),
        clientId,
        clientSecret: sandboxClientSecret(sandboxKey, connector.nameSimple),
        values: { clientId, developerToken: SANDBOX_DEVELOPER_TOKEN },
      });
    }
  }
  return {
    /** The provider of a connector; undefined when it cannot be connected on this server. */
    find: (connectorId: number): ConnectorProvider | undefined => providers.get(connectorId),
  };
}

export type ProviderDirectory = ReturnType<typeof createProviderDirectory>;
