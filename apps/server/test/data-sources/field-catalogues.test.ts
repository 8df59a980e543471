import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { ReportFetchers, ReportSchema } from '../../src/modules/reports/report-fetcher.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { seedLogin } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

/** The field explorer on Data Sources: an account's fields and a connector's standard ones. */
describeEachDatabase('data sources: field catalogues', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  let outsider: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
    owner = await signIn(app, identity, 'fields-owner@example.com');
    outsider = await signIn(app, identity, 'fields-outsider@example.com');
  });
  afterAll(() => app.close());

  const accountFields = (accountId: string, cookie = owner.cookie) =>
    call(app, ENDPOINTS.getAccountFields, { params: { accountId }, cookie });
  const connectorFields = (connectorId: string, cookie = owner.cookie) =>
    call(app, ENDPOINTS.getConnectorFields, { params: { connectorId }, cookie });

  /** A Google Analytics account of the owner's team, stating its currency as discovery does. */
  async function gaAccount(currency: string) {
    const { accountIds } = await seedLogin(db(), owner.team.id, { connectorId: 1, accounts: 1 });
    const id = accountIds[0] ?? '';
    await db()
      .updateTable('data_source_accounts')
      .set({ details: JSON.stringify({ currency }) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it("lists an account's fields with their kind, type family and money in its currency", async () => {
    const id = await gaAccount('EUR');
    const response = await accountFields(id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ connectorId: 1, account: { id, name: 'Account 1' } });
    const byId = new Map(answer.fields.map((field) => [field.id, field]));
    expect(byId.get('date')).toMatchObject({ concept: 'DIMENSION', semanticType: 'date' });
    expect(byId.get('country')).toMatchObject({ semanticType: 'geo', lookerStudioType: 'COUNTRY' });
    expect(byId.get('bounce_rate')).toMatchObject({
      concept: 'METRIC',
      semanticType: 'percent',
      aggregation: 'AVG',
    });
    expect(byId.get('total_revenue')).toMatchObject({
      semanticType: 'currency',
      lookerStudioType: 'CURRENCY_EUR',
    });
    expect(answer.fields.every((field) => field.name && field.description)).toBe(true);
  });

  it("answers another team's account and a deleted one as not found", async () => {
    const id = await gaAccount('USD');
    const foreign = await accountFields(id, outsider.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.error().message).toBe('That account was not found.');
    await db()
      .updateTable('data_source_accounts')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .execute();
    expect((await accountFields(id)).statusCode).toBe(404);
  });

  it("lists a connector's standard fields before any account is connected", async () => {
    const response = await connectorFields('3', outsider.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.connectorId).toBe(3);
    expect(answer.account).toBeNull();
    expect(answer.fields.map((field) => field.id)).toEqual(
      expect.arrayContaining(['date', 'campaign', 'clicks', 'cost']),
    );
    expect(answer.fields.find((field) => field.id === 'cost')?.semanticType).toBe('currency');
  });

  it('says which connectors have no field list and refuses an id that is not a number', async () => {
    const unknown = await connectorFields('9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().message).toBe('That data source was not found.');
    // ApexChat is in the catalog, but reports (and so fields) are not available for it.
    const noReports = await connectorFields('15');
    expect(noReports.statusCode).toBe(404);
    expect(noReports.error().message).toBe(
      'Reports are not available for ApexChat yet, so it has no field list.',
    );
    const word = await connectorFields('ga');
    expect(word.statusCode).toBe(400);
    expect(word.error().message).toContain('The connector id is a number');
  });
});

/** What a catalogue knows of groups and combinations reaches the explorer as it is. */
describeEachDatabase('data sources: field groups and combinations', (db) => {
  const identity = fakeIdentity();
  const schema: ReportSchema = {
    fields: [
      {
        id: 'event_name',
        name: 'Event name',
        description: 'The event.',
        concept: 'DIMENSION',
        type: 'TEXT',
        group: 'Event',
        compatibleGroups: ['Event', 'Time'],
      },
      {
        id: 'item_name',
        name: 'Item name',
        description: 'The item.',
        concept: 'DIMENSION',
        type: 'TEXT',
        group: 'Ecommerce',
        incompatibleWith: ['event_name'],
      },
      // Fields only some of the provider's reports answer (Google Ads' resources).
      ...(
        [
          ['ad_name', ['ad_group_ad']],
          ['keyword_text', ['keyword_view']],
          ['campaign', ['campaign', 'ad_group_ad', 'keyword_view']],
        ] as const
      ).map(([id, resources]) => ({
        id,
        name: id,
        description: id,
        concept: 'DIMENSION' as const,
        type: 'TEXT' as const,
        resources,
      })),
    ],
    defaultDateRangeDays: 28,
    maxDaysPerCall: 90,
    historyDays: 365,
    settleDays: 2,
  };
  const fetchers: ReportFetchers = {
    find: (connector) =>
      connector === 'google-analytics'
        ? { connector, schema: () => schema, fetch: () => Promise.resolve({ rows: [] }) }
        : undefined,
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, reportFetchers: fetchers });
  });
  afterAll(() => app.close());

  it('passes each field’s group and what it combines with, fields no one report has apart', async () => {
    const owner = await signIn(app, identity, 'fields-groups@example.com');
    const { accountIds } = await seedLogin(db(), owner.team.id, { connectorId: 1, accounts: 1 });
    const response = await call(app, ENDPOINTS.getAccountFields, {
      params: { accountId: accountIds[0] ?? '' },
      cookie: owner.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().fields).toEqual([
      expect.objectContaining({
        id: 'event_name',
        group: 'Event',
        compatibleGroups: ['Event', 'Time'],
      }),
      expect.objectContaining({
        id: 'item_name',
        group: 'Ecommerce',
        incompatibleWith: ['event_name'],
      }),
      // No report has both: the explorer says so, as the data API refuses them together.
      expect.objectContaining({ id: 'ad_name', incompatibleWith: ['keyword_text'] }),
      expect.objectContaining({ id: 'keyword_text', incompatibleWith: ['ad_name'] }),
      expect.not.objectContaining({ incompatibleWith: expect.anything() as unknown }),
    ]);
  });
});
