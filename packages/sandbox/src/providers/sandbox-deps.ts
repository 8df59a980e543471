import type { FastifyReply, FastifyRequest } from 'fastify';
import { findConnectorByName } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import type { ProviderApi } from '@gds/contract/providers';
import type { Clock, PagePolicy, SandboxConfig } from '../host/sandbox-host.ts';
import type { SandboxCallKind, SandboxProviderControl } from './sandbox-control.ts';

export interface SandboxProviderDeps {
  config: SandboxConfig;
  /** The security policy of the consent page. */
  pagePolicy: PagePolicy;
  key: Buffer;
  control: SandboxProviderControl;
  clock: Clock;
}

/** A connector the sandbox stands in for, with the provider API it imitates. */
export interface SandboxConnector extends ConnectorDefinition {
  api: ProviderApi;
}

/** The connector a sandbox route serves, or undefined (unknown, deprecated, no API). */
export function sandboxConnector(req: FastifyRequest): SandboxConnector | undefined {
  const { connector } = req.params as { connector: string };
  const found = findConnectorByName(connector);
  const api = found ? providerApiOf(found) : undefined;
  return found && api ? { ...found, api } : undefined;
}

/**
 * Records the call and plays the fault the control set for it: a status to answer, or a
 * hang. Answers true when the fault has been answered (the route stops there).
 */
export async function recordCall(
  deps: SandboxProviderDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  connector: string,
  kind: SandboxCallKind,
): Promise<boolean> {
  deps.control.calls.push({ connector, kind });
  const fault = deps.control.fault(kind);
  if (fault === undefined) return false;
  if (typeof fault === 'object') {
    await reply
      .code(429)
      .header('retry-after', String(fault.rateLimitSeconds))
      .send({ error: 'rate_limited', error_description: 'Sandbox fault: too many requests' });
  } else if (fault === 'reset') {
    reply.hijack();
    req.raw.socket.destroy();
  } else if (fault === 'not-json') {
    await reply.code(200).type('text/html').send('<html><body>Sandbox fault</body></html>');
  } else if (fault === 'echo') {
    await reply.code(400).send({ error: credentialsOf(req), error_description: 'Sandbox fault' });
  } else {
    if (fault === 'hang') await deps.control.hold(req.raw);
    await reply
      .code(fault === 'hang' ? 503 : fault)
      .send({ error: 'temporarily_unavailable', error_description: 'Sandbox fault' });
  }
  return true;
}

/** The credentials a request carried, as a provider quoting them in an error would. */
function credentialsOf(req: FastifyRequest): string {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
    string,
    unknown
  >;
  const sent = [req.headers.authorization, body.code, body.refresh_token, body.client_secret];
  return sent.filter((value) => typeof value === 'string' && value !== '').join(' ');
}

export const oauthError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).send({ error });
