import type { FastifyBaseLogger } from 'fastify';
import { DATA_SOURCES_PATH, PROFILE_PATH, findConnector } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { unitOriginOf } from '../../http/app-origin.ts';
import type { Mailer } from '../mail/mailer.ts';
import { digestReadersOf } from '../team/mail-preferences.service.ts';
import { credentialDigestMail } from './credential-digest-mail.ts';
import type { DigestItem } from './credential-digest-mail.ts';
import { createCredentialEventsRepository } from './credential-events.repository.ts';
import { createCredentialWarningsRepository } from './credential-warnings.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A login is warned about when it enters its last 7 days, and again in its last day. */
const SOON_MS = 7 * DAY_MS;
const TODAY_MS = DAY_MS;
const BATCH = 500;

export interface WarningSummary {
  /** Expiry warnings recorded by this run (each once, whichever instance records it). */
  recorded: number;
  /** Digests sent: one per member of each team with something new to tell. */
  digests: number;
}

/**
 * Warns before a login stops working, and tells when it did: records "expiring soon" (last 7
 * days) and "expiring today" (last day) for each forecast expiry, then sends each team's
 * members who can manage data sources one email digest of every happening not told yet
 * (expiring, failed, revoked). A happening is told once: taking it marks it told, and it is
 * given back only when no member's digest went out. A new forecast after a refresh is a new
 * expiry, so it is warned about again.
 */
export function createCredentialWarnings(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'appOrigins' | 'skinHosts' | 'publicUrl'>;
  log: FastifyBaseLogger;
}) {
  const warnings = createCredentialWarningsRepository(deps.db);
  const events = createCredentialEventsRepository(deps.db);

  async function recordExpiring(now: Date): Promise<number> {
    let recorded = 0;
    const soon = await warnings.expiringBetween(now, new Date(now.getTime() + SOON_MS), BATCH);
    for (const row of soon) {
      const at = row.refresh_expires_at;
      if (!at) continue;
      const today = at.getTime() - now.getTime() <= TODAY_MS;
      const fresh = await events.record({
        teamId: row.team_id,
        credentialId: row.id,
        kind: today ? 'expiring_today' : 'expiring_soon',
        occurrence: at.toISOString(),
        details: { expiresAt: at.toISOString(), source: row.refresh_expires_source },
        occurredAt: now,
      });
      if (fresh) recorded += 1;
    }
    return recorded;
  }

  async function digestTeam(
    teamId: string,
    taken: Awaited<ReturnType<typeof warnings.claimUndigested>>,
    now: Date,
  ): Promise<number> {
    const ids = taken.map((e) => e.id);
    const readers = await digestReadersOf(deps.db, teamId, 'manage_data_sources');
    // Nobody to tell (the team is gone, or every reader turned the digest off): told to none.
    if (!readers || readers.emails.length === 0) return 0;
    const credentials = new Map(
      (await warnings.credentialsOf(teamId, [...new Set(taken.map((e) => e.credential_id))])).map(
        (c) => [c.id, c],
      ),
    );
    const items: DigestItem[] = [];
    // Expiring today supersedes expiring soon of the same login taken in the same run.
    const today = new Set(
      taken.filter((e) => e.kind === 'expiring_today').map((e) => e.credential_id),
    );
    for (const event of taken) {
      const credential = credentials.get(event.credential_id);
      if (!credential) continue;
      if (event.kind === 'expiring_soon' && today.has(event.credential_id)) continue;
      const details = event.details as { expiresAt?: unknown; statusReason?: unknown };
      items.push({
        kind: event.kind,
        connectorName: findConnector(credential.connector_id)?.name ?? 'Data source',
        loginName: credential.display_name,
        expiresAt: typeof details.expiresAt === 'string' ? new Date(details.expiresAt) : null,
        reason: typeof details.statusReason === 'string' ? details.statusReason : null,
      });
    }
    if (items.length === 0) return 0;
    const origin = unitOriginOf(readers.unit, deps.config);
    let sent = 0;
    for (const to of readers.emails) {
      const mail = credentialDigestMail({
        unit: readers.unit,
        to,
        teamName: readers.teamName,
        items,
        dataSourcesUrl: `${origin}${DATA_SOURCES_PATH}`,
        profileUrl: `${origin}${PROFILE_PATH}`,
        now,
      });
      if (await deps.mailer.send(mail)) sent += 1;
    }
    if (sent === 0) {
      await warnings.release(teamId, ids);
      deps.log.warn(
        { teamId },
        'credential digest: no member could be mailed; the next run tries again',
      );
    }
    return sent;
  }

  return {
    /** One run: records the expiry warnings due, then sends the digests of what is new. */
    async runOnce(signal?: AbortSignal): Promise<WarningSummary> {
      const now = deps.clock();
      const recorded = await recordExpiring(now);
      const taken = (await warnings.claimUndigested(now, BATCH)).sort(
        (a, b) => a.occurred_at.getTime() - b.occurred_at.getTime(),
      );
      const byTeam = new Map<string, typeof taken>();
      for (const event of taken) {
        byTeam.set(event.team_id, [...(byTeam.get(event.team_id) ?? []), event]);
      }
      let digests = 0;
      for (const [teamId, teamEvents] of byTeam) {
        if (signal?.aborted) {
          await warnings.release(
            teamId,
            teamEvents.map((e) => e.id),
          );
          continue;
        }
        digests += await digestTeam(teamId, teamEvents, now);
      }
      return { recorded, digests };
    },
  };
}

export type CredentialWarnings = ReturnType<typeof createCredentialWarnings>;
