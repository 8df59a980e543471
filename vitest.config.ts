import { defineConfig } from 'vitest/config';

// One run over every package's own vitest config (unit and integration tiers).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web'],
  },
});
