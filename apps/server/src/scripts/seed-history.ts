import { parseArgs } from 'node:util';
import { BUSINESS_UNITS, findConnector, type BusinessUnit } from '@gds/contract';
import { loadConfig } from '../config/config.ts';
import { configuredDatabase, createDatabase, type Db } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { createTeamService } from '../modules/team/team.service.ts';
import { createSeedHistoryRepository } from './seed-history.repository.ts';

/**
 * `npm run seed:history -- --email you@agency.com [--unit RAVEN_GDS] [--days 365]` (repeat
 * --email, each with its own --unit, for several teams): gives the team of that person (made as a sign-in would make it) a year of made-up accounts, plan-limit
 * changes and Looker Studio data requests, so the Stats screen can be seen with history in a
 * demo. Deterministic per email; runs once per team. Not for a production database.
 */
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

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string', multiple: true },
      unit: { type: 'string', multiple: true },
      days: { type: 'string', default: '365' },
    },
  });
  const emails = values.email ?? [];
  const units = emails.map((_, i) => (values.unit?.[i] ?? 'MEGALYTIC_GDS') as BusinessUnit);
  if (emails.length === 0 || units.some((unit) => !BUSINESS_UNITS.includes(unit))) {
    throw new Error(
      'usage: seed:history -- --email you@agency.com [--unit MEGALYTIC_GDS] [--days 365]',
    );
  }
  const days = Math.min(366, Math.max(7, Number(values.days) || 365));
  const config = loadConfig();
  if (config.nodeEnv === 'production' && !config.sandbox) {
    throw new Error('seed:history writes made-up data: it runs against demo databases only');
  }
  const db = createDatabase(configuredDatabase(config, 'npm run seed:history'));
  try {
    await migrate(db);
    for (const [i, email] of emails.entries()) {
      await seedTeam(db, email.trim().toLowerCase(), units[i]!, days);
    }
  } finally {
    await db.destroy();
  }
}

async function seedTeam(db: Db, email: string, unit: BusinessUnit, days: number) {
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
      return;
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
  }
}

main().catch((error: unknown) => {
  console.error('Seeding history failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
