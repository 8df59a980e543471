import { describe, expect, it } from 'vitest';
import { account, credential } from '../../../test/data-source-fixtures.ts';
import { groupRowCount, groupRows } from './group-rows.ts';

describe('groupRows', () => {
  it('lists each login, then its accounts, and says so when a login has none', () => {
    const group = {
      connectorId: 3,
      credentials: [
        credential({ id: 'c1', accounts: [account({ id: 'a1' }), account({ id: 'a2' })] }),
        credential({ id: 'c2', accounts: [] }),
      ],
    };
    const rows = groupRows(group);
    expect(rows.map((row) => (row.kind === 'account' ? row.account.id : row.kind))).toEqual([
      'credential',
      'a1',
      'a2',
      'credential',
      'empty',
    ]);
    expect(rows.map((row) => row.credential.id)).toEqual(['c1', 'c1', 'c1', 'c2', 'c2']);
    expect(groupRowCount(group)).toBe(rows.length);
  });
});
