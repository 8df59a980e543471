import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FoundItem } from '@gds/contract/json-path';
import { writeItem, writePath } from '@gds/contract/json-path';
import { findConnectorByName } from '@gds/contract';
import {
  SANDBOX_CONSOLE_PATH,
  SANDBOX_PROVIDERS_PATH,
  sandboxReportBase,
} from './sandbox-addresses.ts';
import { sandboxAccounts, sandboxDetail, sandboxIdentity, shapeAnswer } from './sandbox-answers.ts';
import { sandboxCaller } from './sandbox-caller.ts';
import { googleAdsAccessible } from './sandbox-google-ads-accounts.ts';
import { pageToken, readPageToken } from './sandbox-report-api.ts';
import { renderConsolePage } from './console-page.ts';
import type { SandboxCallKind } from './sandbox-control.ts';
import type { SandboxConnector, SandboxProviderDeps } from './sandbox-deps.ts';
import { oauthError, recordCall, sandboxConnector } from './sandbox-deps.ts';

const ACCOUNTS_PAGE = 2;

const queryOf = (req: FastifyRequest) => new URLSearchParams(req.raw.url?.split('?')[1] ?? '');

/** The accounts a provider's listing call names (Google Ads: the customers reached directly). */
const listedAccounts = (connector: SandboxConnector, accounts: FoundItem[]) =>
  connector.nameSimple === 'google-ads' ? googleAdsAccessible(accounts) : accounts;

/**
 * The sandbox providers' APIs: identity ("userinfo"), account listing, a form login's
 * verification call, and the provider console. Each answers in the connector's own JSON
 * shape; GET and POST both work, as the connector's template says which.
 */
export function registerSandboxApiRoutes(app: FastifyInstance, deps: SandboxProviderDeps): void {
  const base = `${SANDBOX_PROVIDERS_PATH}/:connector`;

  const serve = (kind: SandboxCallKind) => async (req: FastifyRequest, reply: FastifyReply) => {
    const connector = sandboxConnector(req);
    if (!connector) return oauthError(reply, 404, 'not_found');
    if (await recordCall(deps, req, reply, connector.nameSimple, kind)) return reply;
    const who = sandboxCaller(deps, connector, req);
    if (!who)
      return oauthError(
        reply,
        401,
        connector.auth === 'form' ? 'invalid_credentials' : 'invalid_token',
      );
    const identity = sandboxIdentity(connector, who.login);
    const accounts = listedAccounts(connector, sandboxAccounts(connector, who.login, who.accounts));
    const api = connector.api;
    // An answer carries what the connector reads from it: the identity (from userinfo, or
    // from a form login's verification) and the accounts when they have no call of their own.
    const withIdentity = kind === 'userinfo' || (kind === 'verify' && !api?.identity.request);
    const withAccounts = kind === 'accounts' || (withIdentity && !api?.accounts.request);
    // A provider that pages its accounts by token answers them two a page.
    const paging = kind === 'accounts' ? api?.accounts.nextPage : undefined;
    const offset = paging ? readPageToken(queryOf(req).get(paging.param)) : 0;
    const page = paging ? accounts.slice(offset, offset + ACCOUNTS_PAGE) : accounts;
    let answer = shapeAnswer(connector, {
      ...(withIdentity ? { identity } : {}),
      ...(withAccounts ? { accounts: page } : {}),
    });
    if (paging && offset + ACCOUNTS_PAGE < accounts.length) {
      answer = writePath(answer, paging.tokenField, pageToken(offset + ACCOUNTS_PAGE));
    }
    // Where a provider's identity answer names the login's own API host (Mailchimp's data
    // centre), the sandbox names its report endpoints there.
    const baseField = api?.reports?.baseUrlField;
    return withIdentity && baseField
      ? writePath(answer, baseField, sandboxReportBase(deps.config.publicUrl, connector.nameSimple))
      : answer;
  };

  // One account's details, where the connector reads them apart from the listing (GA4's
  // properties.get): the account must be one the login reaches, as the provider checks.
  app.get(`${base}/account-details`, async (req, reply) => {
    const connector = sandboxConnector(req);
    const lookup = connector?.api?.accountDetails;
    if (!connector || !lookup) return oauthError(reply, 404, 'not_found');
    if (await recordCall(deps, req, reply, connector.nameSimple, 'account-details')) return reply;
    const who = sandboxCaller(deps, connector, req);
    if (!who) return oauthError(reply, 401, 'invalid_token');
    const id = queryOf(req).get('account') ?? '';
    const reached = sandboxAccounts(connector, who.login, who.accounts).some((a) => a.id === id);
    if (!reached) return oauthError(reply, 403, 'permission_denied');
    const details: Record<string, string> = {};
    for (const name of Object.keys(lookup.details)) {
      details[name] = sandboxDetail(connector.nameSimple, name, id);
    }
    return writeItem({}, { idField: 'name', details: lookup.details }, { id, name: id, details });
  });

  for (const [path, kind] of [
    ['userinfo', 'userinfo'],
    ['accounts', 'accounts'],
    ['verify', 'verify'],
  ] as const) {
    app.route({ method: ['GET', 'POST'], url: `${base}/${path}`, handler: serve(kind) });
  }

  app.get(SANDBOX_CONSOLE_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const notice = (req.query as Record<string, string | undefined>).notice;
    return reply.type('text/html').send(
      renderConsolePage({
        logins: deps.control.logins(),
        lifetimes: deps.control.refreshLifetimes(),
        action: `${SANDBOX_CONSOLE_PATH}/revoke`,
        lifetimeAction: `${SANDBOX_CONSOLE_PATH}/refresh-lifetime`,
        ...(notice ? { notice } : {}),
      }),
    );
  });

  const backToConsole = (reply: FastifyReply, notice: string) =>
    reply.redirect(`${SANDBOX_CONSOLE_PATH}?${new URLSearchParams({ notice }).toString()}`, 303);

  app.post(`${SANDBOX_CONSOLE_PATH}/revoke`, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    if (body.connector && body.login) deps.control.revoke(body.connector, body.login);
    return backToConsole(reply, `Access of ${body.login ?? ''} was revoked.`);
  });

  app.post(`${SANDBOX_CONSOLE_PATH}/refresh-lifetime`, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const connector = findConnectorByName(body.connector ?? '');
    if (connector?.auth !== 'oauth2')
      return backToConsole(reply, 'Choose a provider that signs in with OAuth.');
    const text = (body.days ?? '').trim();
    const days = Number(text);
    if (text !== '' && !(Number.isFinite(days) && days > 0)) {
      return backToConsole(
        reply,
        `"${text}" is not a number of days: type a number above 0, or nothing for tokens that never lapse.`,
      );
    }
    deps.control.setRefreshLifetime(
      connector.nameSimple,
      text === '' ? undefined : Math.round(days * 86_400),
    );
    return backToConsole(
      reply,
      text === ''
        ? `${connector.name} refresh tokens now last until revoked.`
        : `${connector.name} refresh tokens now last ${days} days from the next connection.`,
    );
  });
}
