import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PROVIDERS_PATH, sandboxReportBase } from './sandbox-addresses.ts';
import { sandboxAccounts } from './sandbox-answers.ts';
import { sandboxCaller } from './sandbox-caller.ts';
import type { SandboxProviderDeps } from './sandbox-deps.ts';
import { oauthError, recordCall, sandboxConnector } from './sandbox-deps.ts';
import type { SandboxReportAnswer, SandboxReportApi } from './sandbox-report-api.ts';
import { SANDBOX_REPORT_APIS } from './sandbox-report-apis.ts';

/**
 * The sandbox providers' reporting APIs, at `<connector>/reports/` followed by each
 * provider's documented path, so the server's real fetchers run unchanged in demo mode. Each
 * call is counted and may be broken by the control (kind 'report': an outage, a rate limit,
 * a hang), and needs a valid token of the connector, like the real APIs.
 */
export function registerSandboxReportRoutes(app: FastifyInstance, deps: SandboxProviderDeps): void {
  const sign = (text: string) =>
    createHmac('sha256', deps.key).update(`report:${text}`).digest('base64url');

  async function serve(req: FastifyRequest, reply: FastifyReply) {
    const connector = sandboxConnector(req);
    const api: SandboxReportApi | undefined = connector
      ? SANDBOX_REPORT_APIS[connector.nameSimple]
      : undefined;
    if (!connector || !api) return oauthError(reply, 404, 'not_found');
    if (await recordCall(deps, req, reply, connector.nameSimple, 'report')) return reply;
    const path = (req.params as { '*'?: string })['*'] ?? '';
    let accounts = new Set<string>();
    if (!api.publicPath?.test(path)) {
      const who = sandboxCaller(deps, connector, req);
      if (!who) {
        return reply.code(401).send({
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        });
      }
      accounts = new Set(sandboxAccounts(connector, who.login, who.accounts).map((a) => a.id));
    }
    let body: unknown;
    if (typeof req.body === 'string' && req.body !== '') {
      try {
        body = JSON.parse(req.body) as unknown;
      } catch {
        return reply.code(400).send({ error: { code: 400, message: 'The body is not JSON.' } });
      }
    }
    const query = new URLSearchParams(req.raw.url?.split('?')[1] ?? '');
    const answer: SandboxReportAnswer = api.answer({
      connector,
      method: req.method,
      path,
      query,
      headers: req.headers as Record<string, string | undefined>,
      body,
      accounts,
      base: sandboxReportBase(deps.config.publicUrl, connector.nameSimple),
      sign,
      now: deps.clock().getTime(),
      realNow: Date.now(),
      quota: deps.control,
    });
    reply.code(answer.status ?? 200).header('cache-control', 'no-store');
    if (answer.file) return reply.type(answer.file.type).send(answer.file.bytes);
    return reply.send(answer.json ?? {});
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${SANDBOX_PROVIDERS_PATH}/:connector/reports/*`,
    handler: serve,
  });
}
