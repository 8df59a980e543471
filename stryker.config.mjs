// Mutation testing of the code that decides who may see and change what: `npm run mutation`.
// Each mutant runs only the server tests that cover it (per-test coverage), and only the test
// files below are considered, so a run fits two busy cores. One area at a time:
// `npm run mutation -- --mutate 'apps/server/src/modules/sessions/**/*.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The workspace's config: each project keeps its own root (the server's tests find their setup).
  vitest: { configFile: 'vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  // Integration tests sign people in and open a database per file: give a mutant time.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  // A mutant only reached while a module loads would need every test rerun: skipped.
  ignoreStatic: true,
  mutate: [
    'apps/server/src/modules/sessions/*.ts',
    'apps/server/src/http/guards.ts',
    'apps/server/src/http/acting-admin-scope.ts',
    'apps/server/src/modules/credentials/credentials.repository.ts',
    'apps/server/src/modules/credentials/accounts.repository.ts',
    'apps/server/src/modules/billing-sync/*.ts',
    'apps/server/src/modules/connector-authorization/*.ts',
    'apps/server/src/modules/data-api/data-filters.ts',
    'apps/server/src/modules/data-api/data-api.service.ts',
    '!apps/server/src/**/*.test.ts',
  ],
  testFiles: [
    'apps/server/test/sessions/*.test.ts',
    'apps/server/test/http/request-guards.test.ts',
    'apps/server/test/authorization-matrix.test.ts',
    'apps/server/test/admin/platform-admin-access.test.ts',
    'apps/server/test/admin/user-switch.test.ts',
    'apps/server/test/credentials/team-scoped-statements.test.ts',
    'apps/server/test/tenant-isolation.test.ts',
    'apps/server/test/data-sources/accounts.test.ts',
    'apps/server/test/billing/webhook.test.ts',
    'apps/server/test/connector-authorization/*.test.ts',
    'apps/server/test/data-api/data-api.test.ts',
    'apps/server/test/data-api/cached-answer.test.ts',
    'apps/server/src/modules/data-api/*.test.ts',
    'apps/server/src/modules/sessions/*.test.ts',
  ],
  // Build outputs play no part in the server's tests.
  ignorePatterns: ['dist', 'test-results', 'playwright-report', 'coverage'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
