import { findConnector, type BusinessUnit } from '@gds/contract';
import type { Db } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { createTeamService } from '../modules/team/team.service.ts';
import { createSeedHistoryRepository } from './seed-history.repository.ts';

const DAY = 86_400_000;

/** A small seeded generator (mulberry32): the same email gives the same history. */
function random(seedText: string) {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONNECTORS = [1, 3, 39] as const;

/**
 * Gives the team of `email` (made as a sign-in would make it) `days` days of made-up accounts,
 * plan-limit changes and Looker Studio data requests. Deterministic per email; a team that
 * already has history is left alone. Answers the person's user id. Not for a production
 * database: `npm run seed:history` and the bench use it.
 */
export async function seedHistory(
  db: Db,
  email: string,
  unit: BusinessUnit,
  days: number,
): Promise<{ userId: string }> {
  {
    const repo = createSeedHistoryRepository(db);
    const teams = createTeamService({ db, clock: systemClock });
    const { userId } = await teams.provisionUser(
      unit,
      { email, firstName: 'Demo', lastName: 'Owner', name: '', image: '' },
      null,
    );
    const team = await repo.teamOf(userId);
    if (await repo.hasHistory(team.id)) {
      console.warn(`${email} already has history; nothing to do.`);
      return { userId };
    }
    const rand = random(email);
    const now = Date.now();
    const start = now - days * DAY;
    await repo.backdateTeam(team.id, new Date(start));

    // Accounts arrive over the year; a few are deleted along the way.
    const accounts: Array<{
      id: string;
      connectorId: number;
      added: number;
      deleted: number | null;
    }> = [];
    const total = Math.max(4, team.account_limit - 3);
    for (const [index, connectorId] of CONNECTORS.entries()) {
      const name = findConnector(connectorId)?.name ?? 'Data source';
      const credentialId = await repo.insertLogin(
        team.id,
        connectorId,
        `${name.toLowerCase().replaceAll(' ', '.')}@${email.split('@')[1] ?? 'agency.test'}`,
        new Date(now - (index + 1) * 3_600_000),
      );
      const share = Math.ceil(total / CONNECTORS.length);
      for (let i = 0; i < share; i++) {
        const added = start + Math.floor(rand() * (days - 2) * DAY);
        const deleted = rand() < 0.12 ? added + Math.floor(rand() * (now - added)) : null;
        const id = await repo.insertAccount({
          teamId: team.id,
          credentialId,
          connectorId,
          name: `${name} — Client ${String.fromCharCode(65 + ((index * share + i) % 26))}${i}`,
          addedAt: new Date(added),
          deletedAt: deleted === null ? null : new Date(deleted),
        });
        accounts.push({ id, connectorId, added, deleted });
      }
    }

    // Daily snapshots: the plan doubled its accounts 150 days ago.
    const raisedAt = now - 150 * DAY;
    const usage = [];
    const requests = [];
    for (let day = 0; day < days; day++) {
      const dayStart = Math.floor((start + day * DAY) / DAY) * DAY;
      const dayEnd = dayStart + DAY;
      if (dayEnd > now) break;
      const active = accounts.filter(
        (a) => a.added < dayEnd && (a.deleted === null || a.deleted >= dayEnd),
      );
      usage.push({
        team_id: team.id,
        day: new Date(dayStart).toISOString().slice(0, 10),
        accounts_used: active.length,
        account_limit: dayEnd < raisedAt ? Math.ceil(team.account_limit / 2) : team.account_limit,
        users_used: 1,
        user_limit: team.user_limit,
      });
      const weekday = new Date(dayStart).getUTCDay() % 6 !== 0;
      for (const account of active) {
        const count = Math.floor(rand() * (weekday ? 4 : 2));
        for (let r = 0; r < count; r++) {
          // The first Google Ads account lost its login ten days ago.
          const broken =
            account === accounts.find((a) => a.connectorId === 3) && dayStart > now - 10 * DAY;
          requests.push({
            team_id: team.id,
            connector_id: account.connectorId,
            account_id: account.id,
            requested_at: new Date(dayStart + Math.floor(rand() * DAY)),
            row_count: broken ? 0 : 30 + Math.floor(rand() * 1800),
            duration_ms: 180 + Math.floor(rand() * rand() * 4000),
            outcome: broken
              ? ('failed' as const)
              : rand() < 0.3
                ? ('cached' as const)
                : ('done' as const),
            failure_reason: broken
              ? 'Reconnect Google Ads in Data Sources: its login was revoked.'
              : null,
          });
        }
      }
    }
    await repo.insertUsageDays(usage);
    await repo.insertDataRequests(requests.filter((r) => r.requested_at.getTime() < now));
    console.warn(
      `Seeded ${days} days for ${email} (${unit}): ${accounts.length} accounts, ${requests.length} data requests. Sign in with that email to see Stats.`,
    );
    return { userId };
  }
}
