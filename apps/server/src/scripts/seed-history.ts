import { parseArgs } from 'node:util';
import { BUSINESS_UNITS, type BusinessUnit } from '@gds/contract';
import { loadConfig } from '../config/config.ts';
import { configuredDatabase, createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedHistory } from './history-seed.ts';

/**
 * `npm run seed:history -- --email you@agency.com [--unit RAVEN_GDS] [--days 365]` (repeat
 * --email, each with its own --unit, for several teams): gives the team of that person (made as a sign-in would make it) a year of made-up accounts, plan-limit
 * changes and Looker Studio data requests, so the Stats screen can be seen with history in a
 * demo. Deterministic per email; runs once per team. Not for a production database.
 */
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
      await seedHistory(db, email.trim().toLowerCase(), units[i]!, days);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding history failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
