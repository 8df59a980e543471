import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { DataJobQuery } from '@gds/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import type { Database, CredentialRow, DataJobRow, WebhookDeliveryRow } from '../src/db/schema.ts';
import { openTestDatabase } from '../src/db/test-database.ts';
import {
  A,
  ALL_ALLOWED,
  B,
  CONNECTOR,
  DAY,
  LEASE,
  NOW,
  T0,
  UNIT,
  seedTeam,
} from './helpers/two-teams.ts';
import { createActivityRepository } from '../src/modules/activity/activity.repository.ts';
import { createAdminRepository } from '../src/modules/admin/admin.repository.ts';
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts';
import { createBillingEventsRepository } from '../src/modules/billing-sync/billing-events.repository.ts';
import { createBillingRepository } from '../src/modules/billing/billing.repository.ts';
import { createClientLinksRepository } from '../src/modules/client-links/client-links.repository.ts';
import { createConnectionResultsRepository } from '../src/modules/connection/connection-results.repository.ts';
import { createConnectorGrantsRepository } from '../src/modules/connector-authorization/connector-grants.repository.ts';
import { createAccountsRepository } from '../src/modules/credentials/accounts.repository.ts';
import { createCredentialWarningsRepository } from '../src/modules/credentials/credential-warnings.repository.ts';
import { createFieldCataloguesRepository } from '../src/modules/data-api/field-catalogues.repository.ts';
import { createMailPreferencesRepository } from '../src/modules/team/mail-preferences.repository.ts';
import { createCredentialEventsRepository } from '../src/modules/credentials/credential-events.repository.ts';
import { createCredentialsRepository } from '../src/modules/credentials/credentials.repository.ts';
import { createTeamWebhooksRepository } from '../src/modules/team-webhooks/team-webhooks.repository.ts';
import { createWebhookDeliveriesRepository } from '../src/modules/team-webhooks/webhook-deliveries.repository.ts';
import { createKeyRotationRepository } from '../src/modules/credentials/key-rotation.repository.ts';
import { createCachedAnswersRepository } from '../src/modules/data-api/cached-answers.repository.ts';
import { createDataJobsRepository } from '../src/modules/data-api/data-jobs.repository.ts';
import { createDataRequestsRepository } from '../src/modules/data-api/data-requests.repository.ts';
import { createReportDaysRepository } from '../src/modules/data-api/report-days.repository.ts';
import { createProviderQuotaRepository } from '../src/modules/reports/provider-quota.repository.ts';
import { createDataSourcesJsonRepository } from '../src/modules/data-sources/data-sources-json.repository.ts';
import { createDataSourcesRepository } from '../src/modules/data-sources/data-sources.repository.ts';
import { createInvitationsRepository } from '../src/modules/invitations/invitations.repository.ts';
import { createMembersRepository } from '../src/modules/members/members.repository.ts';
import { createOauthStatesRepository } from '../src/modules/oauth-states/oauth-states.repository.ts';
import { createRolesRepository } from '../src/modules/roles/roles.repository.ts';
import { createStatsRepository } from '../src/modules/stats/stats.repository.ts';
import { createTeamRepository } from '../src/modules/team/team.repository.ts';
import { createUsersRepository } from '../src/modules/team/users.repository.ts';
import { createRefreshClaimsRepository } from '../src/modules/credentials/refresh-claims.repository.ts';

/*
 * "Not found" and "not yours" are one answer only if no repository function can reach another
 * team's rows. This calls every function of every repository on a tenant table (a table with a
 * team_id column) as team A, with team B's row ids and values, against a database holding rows
 * of both teams, and against one holding team A's rows only: the answers must be the same (so
 * nothing of B's was returned or counted) and team B's rows must be exactly as they were. A
 * function without a case below fails the first test with its name.
 */

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const MIGRATIONS = path.join(SRC, 'db', 'migrations');

/** Tables with a team_id column, as the migrations create them. */
function tenantTables(): string[] {
  const tables = new Set<string>();
  for (const file of fs.readdirSync(MIGRATIONS).sort()) {
    for (const statement of fs.readFileSync(path.join(MIGRATIONS, file), 'utf8').split(';')) {
      const created = /CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\(/i.exec(statement);
      if (created?.[1] && /^\s*team_id\s/im.test(statement)) tables.add(created[1]);
      const altered = /ALTER TABLE (\w+) ADD COLUMN team_id\b/i.exec(statement);
      if (altered?.[1]) tables.add(altered[1]);
    }
  }
  return [...tables].sort();
}

const TENANT_TABLES = tenantTables();

type Repo = Record<string, (...args: never[]) => Promise<unknown>>;
interface Factory {
  file: string;
  name: string;
  make: (db: Db) => Repo;
}

/** Every repository factory in src whose statements name a tenant table. */
async function tenantRepositories(): Promise<Factory[]> {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.repository.ts'))
    .sort();
  const factories: Factory[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    if (!TENANT_TABLES.some((table) => new RegExp(`\\b${table}\\b`).test(text))) continue;
    const module = (await import(path.join(SRC, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function' || !/^create\w*Repository$/.test(name)) continue;
      const made = MAKE[name];
      factories.push({
        file,
        name,
        make: made ?? ((db) => (value as (db: Db) => Repo)(db)),
      });
    }
  }
  return factories;
}

/** Factories that take more than the database handle. */
const MAKE: Record<string, (db: Db) => Repo> = {
  createRefreshClaimsRepository: (db) =>
    createRefreshClaimsRepository({
      db,
      clock: () => NOW,
      marginMs: 10 * 60 * 1000,
      leaseMs: 60 * 1000,
      keyVersions: () => ['v1'],
    }),
};

/** Team B's row as a caller in team A would hand it over: A's team, B's id. */
const credentialOf = (id: string) => ({ id, team_id: A.team }) as CredentialRow;
const jobOf = (id: string) =>
  ({ id, team_id: A.team, state: 'running', lease_until: LEASE }) as DataJobRow;
const deliveryOf = (id: string) =>
  ({ id, team_id: A.team, claimed_until: LEASE }) as WebhookDeliveryRow;
const RANGE = { from: '2026-01-04', to: '2026-01-07', timeZone: 'UTC' };

/**
 * For each function: a call as team A (its answer and team B's rows are compared), or why its
 * statement spans all teams on purpose.
 */
type Case<R> = ((repo: R) => Promise<unknown>) | { acrossTeams: string };

/** The cases of one repository, typed by it: a function without a case does not compile. */
function cases<F extends (...args: never[]) => object>(
  _factory: F,
  byFunction: { [M in keyof ReturnType<F>]: Case<ReturnType<F>> },
): Record<string, Case<never>> {
  return byFunction;
}

const across = (why: string) => ({ acrossTeams: why });
const BACKGROUND = across('background work over all teams');

/** One case per function of each repository on a tenant table, by factory name. */
const CASES: Record<string, Record<string, Case<never>>> = {
  createActivityRepository: cases(createActivityRepository, {
    page: async (r) => [
      await r.page(A.team, { limit: 50 }),
      await r.page(A.team, { actor: B.owner, limit: 50 }),
    ],
    actors: (r) => r.actors(A.team),
  }),
  createAdminRepository: cases(createAdminRepository, {
    searchTeams: across('a platform admin searches every team of their business unit'),
    membersOf: (r) => r.membersOf([A.team]),
    findMemberId: (r) => r.findMemberId(UNIT, B.ownerEmail, A.team),
  }),
  createAuditRepository: cases(createAuditRepository, {
    insert: (r) =>
      r.insert({ teamId: A.team, actorUserId: A.owner, action: 'team.rename', details: {} }),
  }),
  createBillingEventsRepository: cases(createBillingEventsRepository, {
    eventSeen: across("events are the billing provider's, recognised by id whatever the team"),
    recordEvent: across("events are the billing provider's, recorded once by id whatever the team"),
    claimCursor: across('the event-list cursor is one row for all teams (background work)'),
    releaseCursor: across('the event-list cursor is one row for all teams (background work)'),
  }),
  createBillingRepository: cases(createBillingRepository, {
    findCopy: (r) => r.findCopy(A.team),
    storeCopyIfNewer: (r) =>
      r.storeCopyIfNewer({
        team_id: A.team,
        status: 'cancelled',
        plan_item_price_id: 'basic-plan',
        period: 'month',
        extra_accounts: 0,
        extra_users: 0,
        currency: 'USD',
        resource_version: 99,
        updated_at: NOW,
      }),
    storeCardIfNewer: (r) =>
      r.storeCardIfNewer(A.team, 99, {
        card_brand: 'visa',
        card_last4: '4242',
        card_expiry_month: 1,
        card_expiry_year: 2030,
      }),
    webhookState: (r) => r.webhookState(A.team),
    setWebhookStatus: (r) => r.setWebhookStatus(A.team, 'confirmed', NOW),
    findCheckout: (r) => r.findCheckout(A.team, 'checkout-key'),
    findCheckoutByPage: (r) => r.findCheckoutByPage(A.team, B.pageId),
    latestCheckout: (r) => r.latestCheckout(A.team),
    pendingSince: BACKGROUND,
    clearPending: (r) => r.clearPending(A.team, B.at(0), NOW),
    insertCheckout: (r) =>
      r.insertCheckout({
        teamId: A.team,
        key: 'checkout-key',
        selection: '{"x":1}',
        pageId: 'page-new',
        url: 'https://pay.example.com/new',
        expiresAt: undefined,
        now: NOW,
      }),
    feedbackGiven: (r) => r.feedbackGiven(A.team),
    insertFeedback: (r) =>
      r.insertFeedback({ teamId: A.team, userId: A.owner, rating: 4, payload: '{}', now: NOW }),
    insertChurnFeedback: (r) =>
      r.insertChurnFeedback({
        teamId: A.team,
        userId: A.owner,
        reason: 'other',
        payload: '{}',
        now: NOW,
      }),
  }),
  createClientLinksRepository: cases(createClientLinksRepository, {
    insert: (r) =>
      r.insert({
        teamId: A.team,
        connectorId: CONNECTOR,
        tokenHash: 'link-new',
        recipientEmail: null,
        multiUse: false,
        createdBy: A.owner,
        now: NOW,
        expiresAt: new Date(NOW.getTime() + DAY),
      }),
    listRecent: (r) => r.listRecent(A.team, new Date(T0.getTime() - DAY)),
    find: (r) => r.find(A.team, B.clientLink),
    findByTokenHash: across("a client link's token is what names its team"),
    revoke: (r) => r.revoke(A.team, B.clientLink, NOW),
    claimUse: (r) => r.claimUse(A.team, B.clientLink, NOW),
  }),
  createConnectionResultsRepository: cases(createConnectionResultsRepository, {
    insert: (r) =>
      r.insert({
        id_hash: 'result-new',
        session_hash: A.sessionHash,
        user_id: A.owner,
        team_id: A.team,
        status: 'connected',
        created_at: NOW,
        expires_at: new Date(NOW.getTime() + DAY),
      }),
    find: across('found by the hash of its secret id together with its session and user'),
    purge: BACKGROUND,
  }),
  createConnectorGrantsRepository: cases(createConnectorGrantsRepository, {
    insert: (r) =>
      r.insert({ grantId: 'grant-new', teamId: A.team, userId: A.owner, clientId: 'c' }),
    listActive: (r) => r.listActive(A.team, NOW),
    findLive: (r) => r.findLive(A.team, B.grantId),
    revoke: (r) => r.revoke(A.team, B.grantId, NOW),
    revokeAllOf: (r) => r.revokeAllOf(A.team, B.owner, NOW),
    touch: (r) => r.touch(A.team, B.grantId, NOW),
  }),
  createAccountsRepository: cases(createAccountsRepository, {
    countActive: (r) => r.countActive(A.team),
    countActiveByConnector: (r) => r.countActiveByConnector(A.team),
    listLive: (r) => r.listLive(A.team),
    find: (r) => r.find(A.team, B.account),
    byExternalId: (r) => r.byExternalId(A.team, CONNECTOR, ['ext-1', 'ext-2']),
    insertMany: (r) =>
      r.insertMany([
        {
          team_id: A.team,
          credential_id: A.credential,
          connector_id: CONNECTOR,
          external_id: 'ext-3',
          name: 'New account',
        },
      ]),
    markListed: (r) => r.markListed(A.team, B.account, { name: 'Renamed', details: '{}' }),
    flagUnlisted: (r) => r.flagUnlisted(A.team, B.credential, []),
  }),
  createCredentialWarningsRepository: cases(createCredentialWarningsRepository, {
    expiringBetween: BACKGROUND,
    claimUndigested: BACKGROUND,
    release: (r) => r.release(A.team, [B.credentialEvent]),
    credentialsOf: (r) => r.credentialsOf(A.team, [B.credential]),
  }),
  createFieldCataloguesRepository: cases(createFieldCataloguesRepository, {
    findAccountWithFieldsTime: (r) => r.findAccountWithFieldsTime(A.team, B.account),
    find: (r) => r.find(A.team, B.account),
    store: (r) => r.store(A.team, B.account, [], NOW),
  }),
  createMailPreferencesRepository: cases(createMailPreferencesRepository, {
    credentialDigest: (r) => r.credentialDigest(A.team, B.owner),
    setCredentialDigest: (r) => r.setCredentialDigest(A.team, B.owner, false),
    digestReaders: (r) => r.digestReaders(A.team),
  }),
  createCredentialEventsRepository: cases(createCredentialEventsRepository, {
    record: (r) =>
      r.record({
        teamId: A.team,
        credentialId: B.credential,
        kind: 'revoked',
        occurrence: 'x',
        details: {},
        occurredAt: NOW,
      }),
  }),
  createCredentialsRepository: cases(createCredentialsRepository, {
    listOfConnector: (r) => r.listOfConnector(A.team, CONNECTOR),
    find: (r) => r.find(A.team, B.credential),
    findByIdentity: (r) => r.findByIdentity(A.team, CONNECTOR, 'person-1'),
    insert: (r) =>
      r.insert({
        id: '00000000-0000-4000-8000-aaaa00000099',
        team_id: A.team,
        connector_id: 2,
        external_user_id: 'person-2',
        display_name: 'Someone',
        access_token_enc: 'sealed',
        key_version: 'v1',
      }),
    update: (r) => r.update(A.team, B.credential, { display_name: 'Changed' }),
  }),
  createKeyRotationRepository: cases(createKeyRotationRepository, {
    lockBatchNotUnder: across('key rotation re-encrypts every team’s credentials'),
    reseal: (r) =>
      r.reseal(
        { id: B.credential, team_id: A.team },
        { access: 'resealed', refresh: null, version: 'v2' },
      ),
    countNotUnder: across('key rotation re-encrypts every team’s credentials'),
  }),
  createRefreshClaimsRepository: cases(createRefreshClaimsRepository, {
    claim: BACKGROUND,
    claimOne: (r) => r.claimOne(A.team, B.credential),
    settle: (r) => r.settle(credentialOf(B.credential), LEASE, { display_name: 'Refreshed' }),
    release: (r) => r.release(credentialOf(B.credential), LEASE),
  }),
  createCachedAnswersRepository: cases(createCachedAnswersRepository, {
    findAndLog: async (r) => {
      const query = {
        teamId: A.team,
        userId: A.owner,
        requestKey: 'key-1',
        since: new Date(T0.getTime() - DAY),
        now: NOW,
        reportConnectorIds: [CONNECTOR],
      };
      return [
        await r.findAndLog({ ...query, accountId: B.account }),
        await r.findAndLog({ ...query, accountId: A.account }),
      ];
    },
  }),
  createDataJobsRepository: cases(createDataJobsRepository, {
    insertUnlessInFlight: (r) =>
      r.insertUnlessInFlight({
        teamId: A.team,
        userId: A.owner,
        connectorId: CONNECTOR,
        accountId: A.account,
        requestKey: 'key-2',
        request: JSON.parse('{"fields":["date"]}') as DataJobQuery,
        pageSize: 100,
        now: NOW,
        expiresAt: new Date(NOW.getTime() + DAY),
        freshSince: new Date(NOW.getTime() - 30 * DAY),
      }),
    findJoinable: (r) => r.findJoinable(A.team, 'key-1', new Date(NOW.getTime() - 30 * DAY), NOW),
    findWithPage: (r) => r.findWithPage(A.team, B.doneJob, 1),
    claim: BACKGROUND,
    finish: (r) => r.finish(jobOf(B.runningJob), [[['y']]], 1, NOW, []),
    retryLater: (r) => r.retryLater(jobOf(B.runningJob), NOW),
    waitForQuota: (r) => r.waitForQuota(jobOf(B.runningJob), NOW, 'waits', DAY),
    fail: (r) => r.fail(jobOf(B.runningJob), 'broken', NOW),
    purgeExpired: BACKGROUND,
  }),
  createDataRequestsRepository: cases(createDataRequestsRepository, {
    insert: (r) =>
      r.insert({
        teamId: A.team,
        userId: A.owner,
        connectorId: CONNECTOR,
        accountId: A.account,
        jobId: null,
        requestedAt: NOW,
        rowCount: 1,
        durationMs: 5,
        outcome: 'done',
        failureReason: null,
        providerCalls: 1,
      }),
    settleJoined: (r) =>
      r.settleJoined(A.team, B.doneJob, { rowCount: 1, failureReason: null, now: NOW }),
    refuseLogged: (r) => r.refuseLogged(A.team, String(B.requestId), 'refused'),
    deleteBefore: BACKGROUND,
  }),
  createReportDaysRepository: cases(createReportDaysRepository, {
    shapes: (r) =>
      r.shapes({
        teamId: A.team,
        accountId: B.account,
        filters: '[]',
        start: '2026-01-01',
        end: '2026-01-31',
      }),
    days: (r) =>
      r.days({
        teamId: A.team,
        accountId: B.account,
        shapeKey: 'shape-1',
        start: '2026-01-01',
        end: '2026-01-31',
      }),
    store: (r) =>
      r.store(
        [
          {
            teamId: A.team,
            accountId: A.account,
            shapeKey: 'shape-1',
            fields: ['date', 'sessions'],
            notices: [],
            filters: '[]',
            day: '2026-01-04',
            rows: [['20260104', 3]],
          },
        ],
        NOW,
      ),
    noteSources: (r) => r.noteSources(A.team, B.doneJob, 1, 2),
    deleteOldest: (r) => r.deleteOldest(A.team, 10),
    deleteBefore: BACKGROUND,
    teamsOver: BACKGROUND,
  }),
  createProviderQuotaRepository: cases(createProviderQuotaRepository, {
    record: (r) =>
      r.record([
        {
          teamId: A.team,
          accountId: A.account,
          hour: NOW,
          quota: 'tokensPerHour',
          window: 'hour',
          calls: 1,
          spent: 2,
          largestCall: 2,
          remaining: 10,
          usedPct: null,
          blockedUntil: null,
          now: NOW,
        },
      ]),
    ofAccount: (r) => r.ofAccount(A.team, B.account, T0),
    ofTeam: (r) => r.ofTeam(A.team, T0, NOW),
    deleteBefore: BACKGROUND,
  }),
  createDataSourcesJsonRepository: cases(createDataSourcesJsonRepository, {
    groupedCredentials: (r) => r.groupedCredentials(A.team, 30),
    account: (r) => r.account(A.team, B.account, 30),
  }),
  createDataSourcesRepository: cases(createDataSourcesRepository, {
    markDeleted: (r) =>
      r.markDeleted(
        B.account,
        { at: NOW, by: A.owner },
        {
          teamId: A.team,
          actorUserId: A.owner,
          actingAdminId: null,
          action: 'data_source.account_delete',
        },
      ),
    restore: (r) =>
      r.restore(
        B.account,
        { cutoff: new Date(0), limit: 1000 },
        {
          teamId: A.team,
          actorUserId: A.owner,
          actingAdminId: null,
          action: 'data_source.account_restore',
        },
      ),
    purgeDeletedBefore: BACKGROUND,
  }),
  createInvitationsRepository: cases(createInvitationsRepository, {
    listOpen: (r) => r.listOpen(A.team),
    find: (r) => r.find(A.team, B.invitation),
    findByTokenHash: across("an invitation link's token is what names its team"),
    findOpenByEmail: (r) => r.findOpenByEmail(A.team, 'invitee@example.com'),
    insert: (r) =>
      r.insert({
        teamId: A.team,
        email: 'new@example.com',
        roleId: A.customRole,
        tokenHash: 'invitation-new',
        invitedBy: A.owner,
        now: NOW,
        expiresAt: new Date(NOW.getTime() + DAY),
      }),
    renew: (r) =>
      r.renew(A.team, B.invitation, {
        tokenHash: 'invitation-renewed',
        expiresAt: NOW,
        renewed: { roleId: A.customRole, invitedBy: A.owner, now: NOW },
      }),
    revoke: (r) => r.revoke(A.team, B.invitation, NOW),
    claim: (r) => r.claim(A.team, B.invitation, T0),
  }),
  createMembersRepository: cases(createMembersRepository, {
    list: (r) => r.list(A.team),
    find: (r) => r.find(A.team, B.owner),
    findByEmail: (r) => r.findByEmail(A.team, B.ownerEmail),
    count: (r) => r.count(A.team),
    superAdmins: (r) => r.superAdmins(A.team),
    setRole: (r) => r.setRole(A.team, B.member, A.customRole),
    remove: (r) => r.remove(A.team, B.member),
    transferCredentials: (r) => r.transferCredentials(A.team, B.owner, A.owner),
    countCredentials: (r) => r.countCredentials(A.team, B.owner),
    move: (r) => r.move(A.team, B.member, { teamId: A.team, roleId: A.customRole, now: NOW }),
    pendingInvitations: (r) => r.pendingInvitations(A.team, T0),
    seats: (r) => r.seats(A.team, T0),
  }),
  createOauthStatesRepository: cases(createOauthStatesRepository, {
    insert: (r) =>
      r.insert({
        state_hash: 'state-new',
        purpose: 'connect',
        session_hash: A.sessionHash,
        business_unit: UNIT,
        code_verifier: 'v',
        nonce: 'n',
        redirect_uri: 'https://example.com/callback',
        created_at: NOW,
        expires_at: new Date(NOW.getTime() + DAY),
        team_id: A.team,
      }),
    consume: across('found by the hash of its secret state together with its session'),
    peek: across('found by the hash of its secret state together with its session'),
    purge: BACKGROUND,
  }),
  createRolesRepository: cases(createRolesRepository, {
    list: (r) => r.list(A.team),
    find: (r) => r.find(A.team, B.customRole),
    findByName: (r) => r.findByName(A.team, 'analyst', A.customRole),
    insert: (r) => r.insert(A.team, 'Viewer', ALL_ALLOWED),
    update: (r) => r.update(A.team, B.customRole, { name: 'Changed', permissions: ALL_ALLOWED }),
    delete: (r) => r.delete(A.team, B.customRole),
    countCustom: (r) => r.countCustom(A.team),
    countOpenInvitations: (r) => r.countOpenInvitations(A.team, B.customRole),
  }),
  createStatsRepository: cases(createStatsRepository, {
    usageDays: (r) => r.usageDays(A.team, RANGE),
    requestDays: (r) => r.requestDays(A.team, RANGE),
    requestMedian: (r) => r.requestMedian(A.team, RANGE),
    failingAccounts: (r) => r.failingAccounts(A.team, RANGE, 10),
    quotaDays: (r) => r.quotaDays(A.team, RANGE),
    quotaSpenders: (r) => r.quotaSpenders(A.team, RANGE),
    dataNotices: (r) => r.dataNotices(A.team, RANGE),
    noticesSince: (r) => r.noticesSince(A.team, T0),
    accountNames: (r) => r.accountNames(A.team, [A.account, B.account]),
    teamCreatedAt: (r) => r.teamCreatedAt(A.team),
    accountsByConnector: (r) => r.accountsByConnector(A.team),
    countUsers: (r) => r.countUsers(A.team),
    credentials: (r) => r.credentials(A.team),
    recordUsageDays: BACKGROUND,
  }),
  createTeamRepository: cases(createTeamRepository, {
    findById: (r) => r.findById(A.team),
    addons: (r) => r.addons(A.team),
    accountLimit: (r) => r.accountLimit(A.team),
    lockAccountLimit: (r) => r.lockAccountLimit(A.team),
    planState: (r) => r.planState(A.team),
    writePlan: (r) =>
      r.writePlan(A.team, {
        planId: 'pro-plan',
        userLimit: 9,
        accountLimit: 99,
        addons: ['bing-ads'],
        status: 'active',
        trialEndsAt: null,
      }),
    rename: (r) =>
      r.rename('Renamed', {
        teamId: A.team,
        actorUserId: A.owner,
        actingAdminId: null,
        action: 'team.rename',
      }),
    insertTeam: (r) =>
      r.insertTeam({
        unit: UNIT,
        name: 'Another',
        planId: 'basic-plan',
        userLimit: 1,
        accountLimit: 1,
        partnerKey: null,
        trialEndsAt: NOW,
      }),
    insertRole: (r) => r.insertRole(A.team, 'Viewer', ALL_ALLOWED),
    lockTeam: (r) => r.lockTeam(A.team),
  }),
  createSeedHistoryRepository: Object.fromEntries(
    [
      'backdateTeam',
      'insertLogin',
      'insertAccount',
      'insertUsageDays',
      'insertDataRequests',
      'teamOf',
      'hasHistory',
    ].map((method) => [
      method,
      across(
        'npm run seed:history writes made-up history into a demo team; the server never runs it',
      ),
    ]),
  ),
  createTeamWebhooksRepository: cases(createTeamWebhooksRepository, {
    find: (r) => r.find(A.team, true),
    save: (r) =>
      r.save(A.team, {
        url: 'https://hooks.example.com/a',
        secretEnc: 'sealed',
        keyVersion: 'v1',
        createdAt: NOW,
        secretRotatedAt: NOW,
      }),
    lockSecretsNotUnder: across('key rotation re-seals every team’s webhook signing secret'),
    resealSecret: (r) => r.resealSecret(A.team, { secretEnc: 'resealed', keyVersion: 'v2' }),
    countSecretsNotUnder: across('key rotation re-seals every team’s webhook signing secret'),
    remove: (r) => r.remove(A.team),
  }),
  createWebhookDeliveriesRepository: cases(createWebhookDeliveriesRepository, {
    undeliveredEvents: BACKGROUND,
    deleteEndedBefore: BACKGROUND,
    add: (r) =>
      r.add({
        teamId: A.team,
        eventId: null,
        kind: 'test',
        credentialName: null,
        body: '{}',
        at: NOW,
      }),
    claim: BACKGROUND,
    settle: (r) =>
      r.settle(deliveryOf(B.webhookDelivery), LEASE, {
        status: 'delivered',
        attempts: 1,
        nextAttemptAt: NOW,
        at: NOW,
        httpStatus: 200,
        durationMs: 1,
        error: null,
      }),
    listRecent: (r) => r.listRecent(A.team, 10),
    dropPending: (r) => r.dropPending(A.team),
  }),
  createUsersRepository: cases(createUsersRepository, {
    findSessionUser: across('a session names its user, and the user names the team'),
    findIdByEmail: across('signing in finds a person by email in the business unit'),
    recordSignIn: (r) =>
      r.recordSignIn(
        { id: B.owner, teamId: A.team },
        { firstName: 'F', lastName: 'L', name: 'F L', image: '' },
        NOW,
      ),
    insert: (r) =>
      r.insert({
        unit: UNIT,
        teamId: A.team,
        roleId: A.customRole,
        identity: {
          email: 'new@example.com',
          firstName: 'N',
          lastName: 'U',
          name: 'N U',
          image: '',
        },
        now: NOW,
      }),
    people: (r) => r.people(A.team),
  }),
};

/** A handle inside `tx` whose own transactions run in it (rolled back with it). */
function inside(tx: Transaction<Database>): Db {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({ execute: (fn: (db: Db) => Promise<unknown>) => fn(target) });
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}

const ROLLBACK = new Error('rolled back');

/** Runs `fn` in a transaction that is always rolled back: every case starts from the seed. */
async function rolledBack<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await db
    .transaction()
    .execute(async (tx) => {
      result = { value: await fn(inside(tx)) };
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  if (!result) throw new Error('no result');
  return result.value;
}

/** Every row of team B, table by table (its team row included). */
async function rowsOfTeamB(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of [...TENANT_TABLES, 'teams']) {
    const column = table === 'teams' ? 'id' : 'team_id';
    const { rows: found } = await sql<Record<string, unknown>>`
      SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} t
      WHERE ${sql.ref(column)} = ${B.team}`.execute(db);
    rows[table] = found.map((r) => String(r.row)).sort();
  }
  return rows;
}

const SEEDED = new Set(
  [A, B].flatMap((ids) => Object.values(ids).filter((v): v is string => typeof v === 'string')),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An answer as comparable text: values made during the call (new ids, the database's now())
 * differ between the two databases and are named for what they are; everything else is kept.
 */
function comparable(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'string' && UUID.test(v) && !SEEDED.has(v)) return 'new id';
    if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) {
      return Math.abs(Date.parse(v) - Date.now()) < DAY ? 'now' : v;
    }
    return v;
  });
}

const factories = await tenantRepositories();
const runnable = factories.flatMap((factory) =>
  Object.entries(CASES[factory.name] ?? {}).flatMap(([method, run]) =>
    typeof run === 'function' ? [{ label: `${factory.name}.${method}`, factory, run }] : [],
  ),
);

describe('tenant isolation: every repository function, called as another team', () => {
  let teamAOnly: Awaited<ReturnType<typeof openTestDatabase>>;
  let bothTeams: Awaited<ReturnType<typeof openTestDatabase>>;
  let before: Awaited<ReturnType<typeof rowsOfTeamB>>;
  beforeAll(async () => {
    teamAOnly = await openTestDatabase('pglite', inject('pgliteTemplate'));
    bothTeams = await openTestDatabase('pglite', inject('pgliteTemplate'));
    await seedTeam(teamAOnly.db, A);
    // Team B first: a read that forgot its team and takes the first row finds B's.
    await seedTeam(bothTeams.db, B);
    await seedTeam(bothTeams.db, A);
    before = await rowsOfTeamB(bothTeams.db);
  });
  afterAll(async () => {
    await teamAOnly.close();
    await bothTeams.close();
  });

  it('the tenant tables are the tables with a team_id column', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT DISTINCT c.table_name AS name FROM information_schema.columns c
      JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND c.column_name = 'team_id'
        AND t.table_type = 'BASE TABLE'
      ORDER BY 1`.execute(bothTeams.db);
    expect(TENANT_TABLES).toEqual(rows.map((row) => row.name));
    // Every tenant table holds rows of team B, so a statement that forgets its team finds some.
    expect(Object.entries(before).filter(([, rows]) => rows.length === 0)).toEqual([]);
  });

  it('every function of every repository on a tenant table has a case', () => {
    expect(factories.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const factory of factories) {
      const methods = Object.keys(factory.make(bothTeams.db));
      const cases = CASES[factory.name] ?? {};
      for (const method of methods) {
        if (!(method in cases)) missing.push(`${factory.file}: ${factory.name}.${method}`);
      }
      for (const method of Object.keys(cases)) {
        if (!methods.includes(method)) missing.push(`${factory.name}.${method} (no such function)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(runnable)('$label answers as without team B, and leaves its rows', async (c) => {
    const call = (db: Db) => c.run(c.factory.make(db) as never);
    const alone = await rolledBack(teamAOnly.db, async (db) => comparable(await call(db)));
    const { answer, after } = await rolledBack(bothTeams.db, async (db) => ({
      answer: comparable(await call(db)),
      after: await rowsOfTeamB(db),
    }));
    expect(after).toEqual(before);
    expect(answer).toEqual(alone);
  });
});
