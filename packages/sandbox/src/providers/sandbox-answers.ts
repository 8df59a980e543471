import { createHash } from 'node:crypto';
import type { LoginField } from '@gds/contract';
import type { FoundItem } from '@gds/contract/json-path';
import { writeItem, writePath } from '@gds/contract/json-path';
import { sandboxDemoSecret } from './sandbox-addresses.ts';
import type { SandboxConnector } from './sandbox-deps.ts';
import { sandboxLocale } from './sandbox-account-locale.ts';

/**
 * The sandbox's deterministic data: a login's identity and accounts derive from its name, so
 * reconnecting the same login finds the same accounts and another login finds others. Answers
 * are written in each connector's own JSON shape, the mirror of how the server reads them.
 */

/** The identity of form logins (the sandbox cannot tell two API keys apart). */
export const FORM_LOGIN = 'demo';

const slug = (connector: string, login: string) =>
  createHash('sha256').update(`${connector}:${login.toLowerCase()}`).digest('hex').slice(0, 10);

export const defaultLogin = (connector: SandboxConnector) => `demo@${connector.nameSimple}.example`;

export function sandboxIdentity(connector: SandboxConnector, login: string): FoundItem {
  const name = login === FORM_LOGIN ? `Demo ${connector.name} login` : login;
  return { id: `sbx-${slug(connector.nameSimple, login)}`, name };
}

/** How many accounts a login offers: a list, or the login itself as its one account. */
export function accountSlots(connector: SandboxConnector, perLogin: number): number {
  return connector.api?.accounts.listPath === undefined ? 1 : perLogin;
}

export function sandboxAccounts(
  connector: SandboxConnector,
  login: string,
  chosen: readonly number[],
): FoundItem[] {
  const detailKeys = Object.keys(connector.api?.accounts.details ?? {});
  return chosen.map((n) => {
    const id = `${slug(connector.nameSimple, login)}-${n}`;
    const account: FoundItem = { id, name: `${connector.name} demo ${n}` };
    if (detailKeys.length === 0) return account;
    return {
      ...account,
      details: Object.fromEntries(
        detailKeys.map((k) => [k, sandboxDetail(connector.nameSimple, k, id)]),
      ),
    };
  });
}

/**
 * A sandbox account's detail (what its connector's lookup reads besides the id): its currency
 * and the time zone its reports are dated in (sandboxLocale); anything else (Microsoft's
 * customer id) derives from the account, so the sandbox's reporting API can check the value
 * it gets back.
 */
export function sandboxDetail(connector: string, key: string, accountId: string): string {
  if (key === 'currency') return sandboxLocale(connector, accountId).currency;
  if (key === 'timeZone') return sandboxLocale(connector, accountId).timeZone;
  return `${key}-${accountId}`;
}

/** An answer holding the identity and/or accounts where the connector's lookups read them. */
export function shapeAnswer(
  connector: SandboxConnector,
  parts: { identity?: FoundItem; accounts?: FoundItem[] },
): unknown {
  const api = connector.api;
  if (!api) return {};
  let answer: unknown = {};
  if (parts.identity) {
    // Where a provider names a login by its id (Pinterest's username), the id is the name the
    // person typed, so the app shows that rather than an opaque sandbox id.
    const { identity } = parts;
    const sameField = api.identity.idField === api.identity.nameField;
    answer = writeItem(
      answer,
      api.identity,
      sameField ? { ...identity, id: identity.name } : identity,
    );
  }
  if (parts.accounts) {
    const lookup = api.accounts;
    if (lookup.listPath === undefined) {
      const first = parts.accounts[0];
      if (first) answer = writeItem(answer, lookup, first);
    } else {
      const items = parts.accounts.map((account) => writeItem({}, lookup, account));
      // Grouped lists (GA4's account summaries): one group holding them all.
      answer = lookup.groupPath
        ? writePath(answer, lookup.groupPath, [writePath({}, lookup.listPath, items)])
        : writePath(answer, lookup.listPath, items);
    }
  }
  return answer;
}

/**
 * Whether a form login's secrets are the demo ones: each password-type field's demo value
 * must appear in the request, wherever the connector's template put it (a header, Basic
 * auth, a JSON body).
 */
export function hasDemoSecrets(
  loginFields: readonly LoginField[],
  headers: Record<string, string | string[] | undefined>,
  jsonBody: unknown,
): boolean {
  const words = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    const text = [value].flat().join(' ');
    for (const word of text.split(/[\s=,;"]+/)) words.add(word);
    const basic = name === 'authorization' ? /^Basic\s+(\S+)/i.exec(text) : null;
    if (basic?.[1]) {
      for (const part of Buffer.from(basic[1], 'base64').toString('utf8').split(':'))
        words.add(part);
    }
  }
  if (typeof jsonBody === 'string') {
    for (const word of jsonBody.split(/[\s"{},:]+/)) words.add(word);
  }
  return loginFields
    .filter((field) => field.type === 'password')
    .every((field) => words.has(sandboxDemoSecret(field)));
}
