import { describe, expect, it } from 'vitest';
import { MICROSOFT_TIME_ZONES } from './provider-apis/microsoft-time-zones.ts';
import { readItems, readPath, writeItem, writePath } from './json-path.ts';

describe('provider JSON reader', () => {
  it('reads dotted paths, array indexes and $', () => {
    const answer = { data: { user: { id: 7 } }, accounts: [{ id: 'a' }], list: ['x'] };
    expect(readPath(answer, 'data.user.id')).toBe(7);
    expect(readPath(answer, 'accounts.0.id')).toBe('a');
    expect(readPath(answer, '$')).toBe(answer);
    expect(readPath(answer, 'missing.deep')).toBeUndefined();
    expect(readPath({}, '__proto__')).toBeUndefined();
    expect(readPath({}, 'constructor.name')).toBeUndefined();
  });

  it('reads lists (missing = none, not a list = unreadable), skips items without id', () => {
    const lookup = { listPath: 'data', idField: 'id', nameField: 'name' };
    expect(
      readItems(
        { data: [{ id: 1, name: 'One' }, { name: 'no id' }, { id: '2' }, { id: 1 }] },
        lookup,
      ),
    ).toEqual([
      { id: '1', name: 'One' },
      { id: '2', name: '2' },
    ]);
    expect(readItems({}, lookup)).toEqual([]);
    expect(readItems({ data: 'x' }, lookup)).toBeUndefined();
    expect(readItems(['c/1', 'c/2'], { listPath: '$', idField: '$', nameField: '$' })).toEqual([
      { id: 'c/1', name: 'c/1' },
      { id: 'c/2', name: 'c/2' },
    ]);
    expect(readItems({ portalId: 42 }, { idField: 'portalId' })).toEqual([
      { id: '42', name: '42' },
    ]);
  });

  it('writes what it reads (the sandbox answers in each connector’s shape)', () => {
    const lookup = {
      listPath: 'organizations',
      idField: 'organization.id',
      nameField: 'organization.name',
    };
    const items = [{ id: 'o1', name: 'Org 1' }];
    const answer = writePath(
      {},
      'organizations',
      items.map((i) => writeItem({}, lookup, i)),
    );
    expect(answer).toEqual({ organizations: [{ organization: { id: 'o1', name: 'Org 1' } }] });
    expect(readItems(answer, lookup)).toEqual(items);
    expect(writePath({}, 'accounts.0.account_id', 'x')).toEqual({
      accounts: [{ account_id: 'x' }],
    });
  });

  it('reads and writes an item’s details (Microsoft’s customer id), leaving out missing ones', () => {
    const lookup = {
      listPath: 'Accounts',
      idField: 'Id',
      nameField: 'Name',
      details: { customerId: 'ParentCustomerId', currency: 'CurrencyCode' },
    };
    const answer = { Accounts: [{ Id: 7, Name: 'Shop', ParentCustomerId: 99 }] };
    expect(readItems(answer, lookup)).toEqual([
      { id: '7', name: 'Shop', details: { customerId: '99' } },
    ]);
    const item = { id: '8', name: 'Blog', details: { customerId: '5', currency: 'EUR' } };
    expect(readItems({ Accounts: [writeItem({}, lookup, item)] }, lookup)).toEqual([item]);
  });

  it('reads a detail the provider names in its own words as ours, and writes it back in theirs', () => {
    const lookup = {
      listPath: 'Accounts',
      idField: 'Id',
      details: { timeZone: { path: 'TimeZone', values: MICROSOFT_TIME_ZONES } },
    };
    const answer = {
      Accounts: [
        { Id: 1, TimeZone: 'CanberraMelbourneSydney' },
        // A zone the map does not know is no zone, never a wrong one.
        { Id: 2, TimeZone: 'SomewhereNew' },
      ],
    };
    expect(readItems(answer, lookup)).toEqual([
      { id: '1', name: '1', details: { timeZone: 'Australia/Sydney' } },
      { id: '2', name: '2', details: {} },
    ]);
    const item = { id: '3', name: '3', details: { timeZone: 'Europe/London' } };
    expect(writeItem({}, lookup, item)).toEqual({
      Id: '3',
      TimeZone: 'GreenwichMeanTimeDublinEdinburghLisbonLondon',
    });
  });

  it('maps every Microsoft time zone to a zone this runtime knows', () => {
    for (const [name, zone] of Object.entries(MICROSOFT_TIME_ZONES)) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), name).not.toThrow();
    }
  });
});
