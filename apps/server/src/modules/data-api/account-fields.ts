import { findConnectorByName } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessTokens } from '../credentials/access-token.ts';
import { findAccount } from '../credentials/credentials.service.ts';
import type {
  ReportAccount,
  ReportFetcher,
  ReportField,
  ReportSchema,
} from '../reports/report-fetcher.ts';
import { createFieldCataloguesRepository } from './field-catalogues.repository.ts';

/** An account's stored field list is read again from the provider once it is this old. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A report naming a field the stored list does not hold asks the provider again (a custom
 * field made since), but at most this often per account, so a mistyped field cannot make
 * every request a metadata call.
 */
const RECHECK_AFTER_MS = 60 * 1000;

/**
 * Field lists this process holds, at most this many accounts (the least recently used leave
 * first): a GA4 property's list is hundreds of fields, tens of kilobytes once parsed.
 */
const HELD_LISTS = 200;

/** A field list and when it was read from the provider (ms since the epoch). */
interface HeldList {
  fields: ReportField[];
  fetchedAt: number;
}

/** The account as the field list needs it: its id for the cache, its report identity. */
export interface FieldsAccount {
  id: string;
  report: ReportAccount;
}

/**
 * Every account's fields, in one place: the data API's schema, its request checks, the report
 * jobs and the field explorer all read an account's fields through `schemaOf`. Connectors
 * whose provider lists each account's fields (GA4's metadata, with the property's custom
 * dimensions and metrics) are answered from the stored list, one indexed read while it is
 * fresh; the provider is asked when the list is missing, a day old, or lacks a field a report
 * names. The others answer their documented catalogue without any read.
 */
export function createAccountFields(deps: {
  db: Db;
  clock: Clock;
  accessTokens: Pick<AccessTokens, 'accessTokenFor'>;
  /** Longest wait for the provider's metadata answer, in ms. */
  timeoutMs: number;
}) {
  const cache = createFieldCataloguesRepository(deps.db);
  /**
   * Reads under way, by team and account: a dashboard's charts ask for the schema at once, and
   * a missing or day-old list must cost the provider one metadata call, not one per chart.
   */
  const reading = new Map<string, Promise<ReportField[] | undefined>>();
  /**
   * The newest list this process read or stored, by team and account. The store stays the
   * truth: a list is used from here only while the store holds none newer (another instance
   * may have read one since). It also closes the race where a chart read the store just before
   * another chart's read was stored, and would have asked the provider a second time.
   */
  const held = new Map<string, HeldList>();
  /**
   * When a read last failed, by team and account (the provider down, the grant lapsed): for a
   * minute every chart is answered with the stored or documented list without trying again,
   * so a failing provider is asked once a minute per account, not once per chart.
   */
  const failed = new Map<string, number>();

  function hold(key: string, list: HeldList) {
    const current = held.get(key);
    if (current && current.fetchedAt > list.fetchedAt) return current;
    held.delete(key);
    held.set(key, list);
    if (held.size > HELD_LISTS) held.delete(held.keys().next().value as string);
    return list;
  }

  /**
   * The account's newest list: the held one when the store's is no newer (`storedAt`, when
   * the caller already read it, saves reading the store), else the store's.
   */
  async function newestList(
    key: string,
    teamId: string,
    accountId: string,
    storedAt: Date | null | undefined,
  ): Promise<HeldList | undefined> {
    const mine = held.get(key);
    if (
      storedAt !== undefined &&
      (storedAt === null || (mine && mine.fetchedAt >= storedAt.getTime()))
    ) {
      if (mine) hold(key, mine); // among the recently used again
      return mine;
    }
    const stored = await cache.find(teamId, accountId);
    if (!stored) return mine;
    return hold(key, { fields: stored.fields, fetchedAt: stored.fetched_at.getTime() });
  }

  /**
   * The provider's list now, read once however many ask: `seen` is when the list the caller
   * judged too old was read. A list read since (by a read that ended between the caller's
   * look and this call) is the answer, not a second metadata call.
   */
  function readOnce(teamId: string, account: FieldsAccount, fetcher: ReportFetcher, seen: number) {
    const key = `${teamId}:${account.id}`;
    const since = held.get(key);
    if (since && since.fetchedAt > seen) return Promise.resolve(since.fields);
    const failedAt = failed.get(key);
    if (failedAt !== undefined && deps.clock().getTime() - failedAt < RECHECK_AFTER_MS) {
      return Promise.resolve(undefined);
    }
    let read = reading.get(key);
    if (!read) {
      read = readAndStore(teamId, account, fetcher)
        .then((fields) => {
          if (fields) failed.delete(key);
          else noteFailure(key);
          return fields;
        })
        .finally(() => reading.delete(key));
      reading.set(key, read);
    }
    return read;
  }

  function noteFailure(key: string) {
    failed.delete(key);
    failed.set(key, deps.clock().getTime());
    if (failed.size > HELD_LISTS) failed.delete(failed.keys().next().value as string);
  }

  /** Reads the account's fields from the provider and stores them; undefined when it cannot. */
  async function readAndStore(teamId: string, account: FieldsAccount, fetcher: ReportFetcher) {
    if (!fetcher.readFields) return undefined;
    const row = await findAccount(deps.db, teamId, account.id);
    if (!row) return undefined;
    const token = await deps.accessTokens.accessTokenFor(teamId, row.credential_id);
    if ('failure' in token) return undefined;
    try {
      const fields = await fetcher.readFields(
        account.report,
        token.token,
        AbortSignal.timeout(deps.timeoutMs),
      );
      const now = deps.clock();
      await cache.store(teamId, account.id, fields, now);
      hold(`${teamId}:${account.id}`, { fields, fetchedAt: now.getTime() });
      return fields;
    } catch {
      // The provider did not answer now: the stored list (or the documented one) serves.
      return undefined;
    }
  }

  return {
    /**
     * The account's fields and date limits. `wanted` are the field ids a report names: one the
     * stored list lacks makes it ask the provider again before a refusal. `storedAt` is when
     * the stored list was read (null: none is), for a caller whose statement already read it.
     */
    async schemaOf(
      teamId: string,
      account: FieldsAccount,
      fetcher: ReportFetcher,
      wanted: readonly string[] = [],
      storedAt?: Date | null,
    ): Promise<ReportSchema> {
      const documented = fetcher.schema(account.report);
      if (!fetcher.readFields) return documented;
      const stored = await newestList(`${teamId}:${account.id}`, teamId, account.id, storedAt);
      const now = deps.clock().getTime();
      const age = stored ? now - stored.fetchedAt : Infinity;
      const known = new Set(stored?.fields.map((f) => f.id));
      const lacksWanted = wanted.some((id) => !known.has(id));
      if (stored && age < REFRESH_AFTER_MS && !(lacksWanted && age >= RECHECK_AFTER_MS)) {
        return { ...documented, fields: stored.fields };
      }
      const read = await readOnce(teamId, account, fetcher, stored?.fetchedAt ?? -Infinity);
      if (read) return { ...documented, fields: read };
      if (stored) return { ...documented, fields: stored.fields };
      const readable = new Set(documented.fields.map((f) => f.id));
      if (wanted.some((id) => !readable.has(id))) {
        const name = findConnectorByName(fetcher.connector)?.name ?? 'The data source';
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `${name} did not send this account's field list just now, so the report's fields cannot be checked. Refresh the report in a few minutes.`,
        );
      }
      return documented;
    },
  };
}

export type AccountFields = ReturnType<typeof createAccountFields>;
