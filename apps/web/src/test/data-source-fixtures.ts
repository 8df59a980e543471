import {
  CONNECTORS,
  type Account,
  type ConnectorInfo,
  type ENDPOINTS,
  type ResponseOf,
} from '@gds/contract';
import type {
  ConnectorGroup,
  Credential,
  GroupedData,
} from '../features/data-sources/api/grouped-data-query.ts';
import type { ReplyOf } from './mock-api.ts';

/**
 * The connectorConfig?all=true answer for the whole catalog: add-on connectors are not
 * allowed (the fixture team has no add-ons), everything else is, unless told otherwise.
 */
export function connectorConfig(
  allowed: Record<number, boolean> = {},
): Record<string, ConnectorInfo> {
  return Object.fromEntries(
    CONNECTORS.map((c) => [
      String(c.id),
      {
        nameSimple: c.nameSimple,
        name: c.name,
        url: c.url,
        category: c.category,
        auth: c.auth,
        ...(c.loginFields ? { loginFields: c.loginFields.map((field) => ({ ...field })) } : {}),
        googleType: c.googleType,
        beta: c.beta,
        deprecated: c.deprecated,
        addon: c.addon,
        allowed: allowed[c.id] ?? (!c.addon && !c.deprecated),
        sandbox: false,
      },
    ]),
  );
}

const ann = { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' };

export function account(overrides: Partial<Account> & { id: string }): Account {
  return {
    externalId: `ext-${overrides.id}`,
    name: `Account ${overrides.id}`,
    status: 'connected',
    addedBy: ann,
    addedAt: '2026-03-14T10:00:00.000Z',
    lastRefreshedAt: '2026-03-20T10:00:00.000Z',
    deletedAt: null,
    deletedBy: null,
    purgeAt: null,
    timeZone: null,
    currency: null,
    ...overrides,
  };
}

export function credential(overrides: Partial<Credential> & { id: string }): Credential {
  return {
    name: `credential-${overrides.id}@acme.test`,
    status: 'connected',
    statusReason: null,
    addedBy: ann,
    connectedByEmail: null,
    addedAt: '2026-03-14T10:00:00.000Z',
    lastRefreshedAt: '2026-03-20T10:00:00.000Z',
    expiresAt: null,
    expirySource: null,
    accounts: [],
    ...overrides,
  };
}

export function groupedData(
  groups: ConnectorGroup[],
  usage: Partial<GroupedData['usage']> = {},
): GroupedData {
  const used = groups
    .flatMap((g) => g.credentials)
    .flatMap((c) => c.accounts)
    .filter((a) => a.status !== 'deleted').length;
  return {
    groups,
    usage: { accountsUsed: used, accountLimit: 20, ...usage },
    retentionDays: 30,
  };
}

/** A team with Google Analytics (one healthy credential) and CallRail (one needing reconnect). */
export function sampleGroups(): ConnectorGroup[] {
  return [
    {
      connectorId: 1,
      credentials: [
        credential({
          id: 'cred-ga',
          name: 'marketing@acme.test',
          accounts: [
            account({ id: 'a1', name: 'Acme Website', externalId: 'UA-1111' }),
            account({ id: 'a2', name: 'Acme Shop', externalId: 'UA-2222' }),
          ],
        }),
      ],
    },
    {
      connectorId: 11,
      credentials: [
        credential({
          id: 'cred-cr',
          name: 'CallRail main',
          status: 'needs_reconnect',
          statusReason: 'The API key was revoked at CallRail',
          accounts: [
            account({
              id: 'a3',
              name: 'Acme Calls',
              externalId: 'CR-3',
              status: 'needs_reconnect',
            }),
            account({
              id: 'a4',
              name: 'Old Calls',
              externalId: 'CR-4',
              status: 'deleted',
              deletedAt: '2026-03-18T10:00:00.000Z',
              deletedBy: { id: 'user-2', name: 'Bob Stone', email: 'bob@acme.test' },
              purgeAt: '2026-04-17T10:00:00.000Z',
            }),
          ],
        }),
      ],
    },
  ];
}

/** A startConnection answer: nothing set unless told otherwise. */
export function authStart(
  overrides: Partial<ResponseOf<typeof ENDPOINTS.startConnection>> = {},
): ReplyOf<'startConnection'> {
  return {
    body: {
      authUri: null,
      state: null,
      credentials: [],
      gdsRedirectUri: null,
      error: null,
      ...overrides,
    },
  };
}
