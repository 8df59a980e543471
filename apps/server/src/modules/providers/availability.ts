import type { ConnectorDefinition } from '@gds/contract';
import type { ProviderDirectory } from './provider-directory.ts';

export type Availability =
  { allowed: true; sandbox: boolean } | { allowed: false; sandbox: boolean; reason: string };

/**
 * Whether a team may connect a connector now: not deprecated, its add-on owned when it is
 * sold as one, and a provider to talk to (real credentials, or the sandbox in demo mode).
 */
export function connectorAvailability(
  connector: ConnectorDefinition,
  addons: ReadonlySet<string>,
  providers: ProviderDirectory,
): Availability {
  const provider = providers.find(connector.id);
  const sandbox = provider?.sandbox ?? false;
  if (connector.deprecated) {
    return { allowed: false, sandbox, reason: `${connector.name} can no longer be connected.` };
  }
  if (connector.addon && !addons.has(connector.nameSimple)) {
    return {
      allowed: false,
      sandbox,
      reason: `${connector.name} is not included in your plan. Add it in Billing to connect it.`,
    };
  }
  if (!provider) {
    return {
      allowed: false,
      sandbox,
      reason: `${connector.name} is not available on this server yet.`,
    };
  }
  return { allowed: true, sandbox };
}
