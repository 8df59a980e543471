import { describe, expect, it } from 'vitest';
import { account, credential, sampleGroups } from '../../../test/data-source-fixtures.ts';
import { NO_FILTERS, countAccounts, deletedRows, filterGroups } from './account-filters.ts';

const names = (groups: ReturnType<typeof filterGroups>) =>
  groups.flatMap((g) => g.credentials.flatMap((c) => c.accounts.map((a) => a.name)));

describe('account filters', () => {
  it('leaves deleted accounts out of the accounts view, and keeps empty credentials unfiltered', () => {
    const groups = [
      ...sampleGroups(),
      { connectorId: 17, credentials: [credential({ id: 'empty', accounts: [] })] },
    ];
    const result = filterGroups(groups, NO_FILTERS);
    expect(names(result)).toEqual(['Acme Website', 'Acme Shop', 'Acme Calls']);
    expect(result.map((g) => g.connectorId)).toEqual([1, 11, 17]);
  });

  it('a search matches account name, external id and the credential name', () => {
    const search = (text: string) =>
      names(filterGroups(sampleGroups(), { ...NO_FILTERS, search: text }));
    expect(search('  SHOP ')).toEqual(['Acme Shop']);
    expect(search('cr-3')).toEqual(['Acme Calls']);
    expect(search('marketing@')).toEqual(['Acme Website', 'Acme Shop']);
    expect(search('nothing like it')).toEqual([]);
  });

  it('a status filter keeps a failing credential whose accounts are gone', () => {
    const groups = [
      {
        connectorId: 3,
        credentials: [
          credential({
            id: 'x',
            status: 'error',
            accounts: [account({ id: 'd', status: 'deleted' })],
          }),
        ],
      },
    ];
    const result = filterGroups(groups, { ...NO_FILTERS, status: 'error' });
    expect(result[0]?.credentials.map((c) => c.id)).toEqual(['x']);
    expect(filterGroups(groups, { ...NO_FILTERS, status: 'connected' })).toEqual([]);
  });

  it('lists deleted accounts newest first and counts statuses', () => {
    const groups = sampleGroups();
    groups[0]?.credentials[0]?.accounts.push(
      account({ id: 'z', name: 'Newer', status: 'deleted', deletedAt: '2026-03-19T00:00:00Z' }),
    );
    expect(deletedRows(groups, NO_FILTERS).map((r) => r.account.name)).toEqual([
      'Newer',
      'Old Calls',
    ]);
    expect(deletedRows(groups, { search: '', connectorId: 11 }).map((r) => r.account.name)).toEqual(
      ['Old Calls'],
    );
    expect(countAccounts(groups)).toMatchObject({
      active: 3,
      deleted: 2,
      byStatus: { connected: 2, needs_reconnect: 1, error: 0, deleted: 2 },
    });
  });

  it('keeps only logins expiring within 14 days when asked, and sorts soonest expiry first', () => {
    const now = Date.parse('2026-03-20T10:00:00.000Z');
    const inDays = (days: number) => new Date(now + days * 24 * 3600 * 1000).toISOString();
    const groups = [
      {
        connectorId: 1,
        credentials: [
          credential({ id: 'a-later', expiresAt: inDays(30), accounts: [account({ id: 'a1' })] }),
          credential({ id: 'b-none', accounts: [account({ id: 'b1' })] }),
          credential({ id: 'c-soon', expiresAt: inDays(3), accounts: [account({ id: 'c1' })] }),
        ],
      },
      {
        connectorId: 11,
        credentials: [
          credential({ id: 'd-soonest', expiresAt: inDays(1), accounts: [account({ id: 'd1' })] }),
          // Already needs reconnecting: its status says so, it is not "expiring".
          credential({
            id: 'e-broken',
            status: 'needs_reconnect',
            expiresAt: inDays(2),
            accounts: [account({ id: 'e1' })],
          }),
        ],
      },
    ];
    const ids = (result: ReturnType<typeof filterGroups>) =>
      result.flatMap((g) => g.credentials.map((c) => c.id));
    expect(ids(filterGroups(groups, { ...NO_FILTERS, expiring: true }, now))).toEqual([
      'c-soon',
      'd-soonest',
    ]);
    expect(ids(filterGroups(groups, { ...NO_FILTERS, sort: 'expiry' }, now))).toEqual([
      'd-soonest',
      'e-broken',
      'c-soon',
      'a-later',
      'b-none',
    ]);
    expect(ids(filterGroups(groups, NO_FILTERS, now))).toEqual([
      'a-later',
      'b-none',
      'c-soon',
      'd-soonest',
      'e-broken',
    ]);
  });
});
