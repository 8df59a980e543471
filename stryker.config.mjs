// Mutation testing of the code that decides who may see and change what: `npm run mutation`.
// Each mutant runs only the server tests that cover it (per-test coverage), and only the test
// files of its area are considered, so a run fits two busy cores. One area at a time:
// `MUTATION_AREA=sessions npm run mutation` (the areas are below; without MUTATION_AREA, all of
// them with all their tests, which takes hours). A narrower run of an area still works with
// `--mutate '<file>:<from line>-<to line>'` after `npm run mutation --`.

const CA = 'apps/server/src/modules/connector-authorization';
const NO_TESTS = '!apps/server/src/**/*.test.ts';

/**
 * Each area: the files mutated and the tests that cover them. Code that runs while the test
 * app is built (the request guards, registered in beforeAll) is reached by no single test, so
 * that area measures coverage over the whole run (`coverageAnalysis: 'all'`).
 */
const AREAS = {
  'connector-authorization': {
    mutate: [
      `${CA}/authorization-server.ts`,
      `${CA}/connector-grants.service.ts`,
      `${CA}/connector-grants.repository.ts`,
      `${CA}/oauth-adapter.ts`,
      `${CA}/oauth-artifacts.repository.ts`,
      `${CA}/connector-authorization.routes.ts`,
    ],
    testFiles: [
      'apps/server/test/connector-authorization/connector-authorization.test.ts',
      'apps/server/test/connector-authorization/member-grants.test.ts',
      'apps/server/test/connector-authorization/grant-lifetimes.test.ts',
      'apps/server/test/connector-authorization/spent-and-unknown-requests.test.ts',
      'apps/server/test/connector-authorization/grant-checks-on-every-call.test.ts',
      'apps/server/test/connector-authorization/oauth-server-probe.test.ts',
    ],
  },
  sessions: {
    mutate: ['apps/server/src/modules/sessions/*.ts', NO_TESTS],
    testFiles: [
      'apps/server/test/sessions/*.test.ts',
      'apps/server/src/modules/sessions/*.test.ts',
      'apps/server/test/admin/user-switch.test.ts',
      'apps/server/test/http/request-guards.test.ts',
    ],
  },
  credentials: {
    mutate: [
      'apps/server/src/modules/credentials/credentials.repository.ts',
      'apps/server/src/modules/credentials/accounts.repository.ts',
    ],
    testFiles: [
      'apps/server/test/credentials/team-scoped-statements.test.ts',
      'apps/server/test/tenant-isolation.test.ts',
      'apps/server/test/data-sources/accounts.test.ts',
    ],
  },
  'billing-sync': {
    mutate: ['apps/server/src/modules/billing-sync/*.ts', NO_TESTS],
    testFiles: ['apps/server/test/billing/webhook.test.ts'],
  },
  guards: {
    mutate: ['apps/server/src/http/guards.ts', 'apps/server/src/http/acting-admin-scope.ts'],
    testFiles: [
      'apps/server/test/http/request-guards.test.ts',
      'apps/server/test/authorization-matrix.test.ts',
      'apps/server/test/admin/platform-admin-access.test.ts',
    ],
    coverageAnalysis: 'all',
  },
  'data-api': {
    mutate: [
      'apps/server/src/modules/data-api/data-filters.ts',
      'apps/server/src/modules/data-api/data-api.service.ts',
    ],
    testFiles: [
      'apps/server/test/data-api/data-api.test.ts',
      'apps/server/test/data-api/cached-answer.test.ts',
      'apps/server/src/modules/data-api/*.test.ts',
    ],
  },
};

/** The area named by MUTATION_AREA; without one, every area with every area's tests. */
function areaOptions(name) {
  if (name === undefined || name === '') {
    const all = Object.values(AREAS);
    return {
      mutate: [...new Set(all.flatMap((area) => area.mutate))],
      testFiles: [...new Set(all.flatMap((area) => area.testFiles))],
    };
  }
  const area = AREAS[name];
  if (!area) {
    throw new Error(
      `MUTATION_AREA "${name}" is not an area; use one of: ${Object.keys(AREAS).join(', ')}.`,
    );
  }
  return area;
}

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
  ...areaOptions(process.env.MUTATION_AREA),
  // Build outputs play no part in the server's tests.
  ignorePatterns: ['dist', 'test-results', 'playwright-report', 'coverage'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
