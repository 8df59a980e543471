/** The teams e2e/stats.spec.ts signs in to, seeded with a year of history before the main server starts. */
export const STATS_TEAMS = [
  {
    email: 'stats-megalytic@example.com',
    unit: 'MEGALYTIC_GDS',
    host: 'localhost',
    name: 'Megalytic',
  },
  { email: 'stats-raven@example.com', unit: 'RAVEN_GDS', host: 'raven.localhost', name: 'Raven' },
  {
    email: 'stats-tapclicks@example.com',
    unit: 'TAPCLICKS_GDS',
    host: 'tapclicks.localhost',
    name: 'TapClicks',
  },
] as const;
