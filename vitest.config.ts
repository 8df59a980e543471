import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every package's own vitest config (unit and integration tiers).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Much of a
    // server test's time is spent waiting (on PostgreSQL, on the server processes the ops tests
    // start, on sockets), so a second worker fills that wait instead of leaving a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
