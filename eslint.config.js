import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ─── Web import boundaries (apps/web/src) ──────────────────────────────────────────────────
// Imports flow one way: shared code (components/, lib/, skins/) → features/<name>/ → app/.
// Shared code imports no feature and not the app; a feature imports no other feature and not
// the app (route modules in app/ compose features). test/ helpers render the whole app, so
// they sit outside the zones.
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const WEB_SHARED = new Set(['components/', 'lib/', 'skins/']);

/** The zone of a web file: 'components/', 'lib/', 'skins/', 'app/', 'features/<name>/', or null. */
function webZone(file) {
  const [top, name] = path.relative(WEB_SRC, file).split(path.sep);
  if (WEB_SHARED.has(`${top}/`) || top === 'app') return `${top}/`;
  if (top === 'features' && name) return `features/${name}/`;
  return null;
}

/** Why an import from one zone into another breaks the one-way flow, or null when it may. */
function boundaryBroken(from, to) {
  if (from === null || to === null || from === to) return null;
  if (to === 'app/') return 'only app/ imports app/';
  if (to.startsWith('features/') && WEB_SHARED.has(from)) {
    return 'shared code (components/, lib/, skins/) never imports a feature';
  }
  if (to.startsWith('features/') && from.startsWith('features/')) {
    return 'a feature never imports another feature; compose them in app/, or move what both need to components/ or lib/';
  }
  return null;
}

const webBoundaries = {
  rules: {
    'one-way-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { broken: '{{from}} imports {{to}}: {{why}}.' },
      },
      create(context) {
        const from = webZone(context.filename);
        if (from === null) return {};
        const check = (source) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          if (!source.value.startsWith('.')) return;
          const to = webZone(path.resolve(path.dirname(context.filename), source.value));
          const why = boundaryBroken(from, to);
          if (why) context.report({ node: source, messageId: 'broken', data: { from, to, why } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
        };
      },
    },
  },
};
// ─── end of web import boundaries ──────────────────────────────────────────────────────────

// ── Server boundaries ──────────────────────────────────────────────────────────────────────
// Dependencies point one way: server.ts → app.ts → modules/* → http/ → db/, crypto/, config/,
// lib/. The sandbox package is wired by the composition root only, through its one entry;
// no module imports another module's repository;
// modules form a DAG in the order below. A backward import fails `npm run lint`.
// docs/CODE_STYLE.md explains each rule.
const SERVER = 'apps/server/src';
/** Each module may import only modules listed before it (a topological order of the DAG). */
const SERVER_MODULES = [
  'audit',
  'sessions',
  'oauth-states',
  'team',
  'roles',
  'members',
  'mail',
  'invitations',
  'activity',
  'admin',
  'sign-in',
  'providers',
  'credentials',
  'team-webhooks',
  'reports',
  'report-connectors',
  'connector-authorization',
  'connection',
  'client-links',
  'data-sources',
  'field-catalogues',
  'billing',
  'billing-sync',
  'data-api',
  'stats',
  'health',
  'home',
];
const serverRoots = String.raw`(^|/)(app|server)\.ts$|(^|/)wiring/`;
const forbid = (regex, message) => ({ regex, message });
const noRoots = forbid(
  serverRoots,
  'Only the composition root imports app.ts, server.ts and wiring/.',
);
const noSandbox = forbid(
  String.raw`^@gds/sandbox(/|$)|(^|/)packages/sandbox/`,
  'Only the composition root (app.ts, wiring/) wires the sandbox in. Take what you need as a parameter (the root passes the sandbox’s), or move a shared constant to config or the contract.',
);
// The sandbox is its own bundle, loaded in demo mode only: the server names its one entry, and
// only for types (its code comes in with a dynamic import), so no sandbox code is bundled.
// (The build test reads how the sandbox is bundled, @gds/sandbox/build.)
const sandboxEntryOnly = forbid(
  String.raw`^@gds/sandbox/(?!build$)|(^|/)packages/sandbox/`,
  'Import the sandbox through its one entry, @gds/sandbox.',
);
const noStatic = forbid(String.raw`(^|/)static/`, 'Only app.ts wires static/ in.');
const noModules = forbid(
  String.raw`(^|/)modules/`,
  'This layer is below modules/: declare the type or function you need here and let app.ts wire a module’s implementation in.',
);
const noHttp = forbid(String.raw`(^|/)http/`, 'db/, crypto/, config/ and lib/ sit below http/.');
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const serverBoundaries = [
  restrict(
    [`${SERVER}/{db,crypto,config,lib}/**/*.ts`],
    [noRoots, noSandbox, noStatic, noModules, noHttp],
  ),
  restrict([`${SERVER}/http/**/*.ts`], [noRoots, noSandbox, noStatic, noModules]),
  restrict([`${SERVER}/static/**/*.ts`], [noRoots, noSandbox, noModules]),
  {
    files: [`${SERVER}/*.ts`, `${SERVER}/wiring/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@gds/sandbox',
              allowTypeImports: true,
              message:
                "The sandbox is loaded only in demo mode: import its types here, and its code with `await import('@gds/sandbox')`, so the production bundle holds none of it.",
            },
          ],
          patterns: [sandboxEntryOnly],
        },
      ],
    },
  },
  restrict(['apps/server/{test,bench,scripts}/**/*.ts'], [sandboxEntryOnly]),
  // The sandbox stands in for outside services: it uses the contract (and the pieces of code it
  // shares with the server there) and takes the rest from the server through its entry's deps.
  restrict(
    ['packages/sandbox/**/*.ts'],
    [
      forbid(
        String.raw`^@gds/(server|web)(/|$)|(^|/)apps/`,
        'The sandbox imports nothing of the server or the web app: take it as a dependency through the entry (src/sandbox-host.ts), or share it through the contract.',
      ),
    ],
  ),
  ...SERVER_MODULES.map((name, index) => {
    const later = SERVER_MODULES.slice(index + 1);
    return restrict(
      [`${SERVER}/modules/${name}/**/*.ts`],
      [
        noRoots,
        noSandbox,
        noStatic,
        forbid(
          String.raw`^\.\./[^./][^/]*/[^/]*\.repository(\.ts)?$`,
          'A module never imports another module’s repository: call its service (pass your transaction).',
        ),
        ...(later.length > 0
          ? [
              forbid(
                String.raw`(^|/)(${later.join('|')})/`,
                `modules/${name} may import only modules listed before it in SERVER_MODULES (eslint.config.js): no two modules import each other.`,
              ),
            ]
          : []),
      ],
    );
  }),
  {
    // SQL lives in *.repository.ts only (db/ holds migrations and the database's own helpers).
    files: [`${SERVER}/**/*.ts`, 'packages/sandbox/src/**/*.ts'],
    ignores: [
      `${SERVER}/**/*.repository.ts`,
      `${SERVER}/db/**`,
      'packages/sandbox/**/*.repository.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL lives in a *.repository.ts: add a function there and call it.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL lives in a *.repository.ts: add a function there and call it.',
        },
      ],
    },
  },
];
// ── end of server boundaries ───────────────────────────────────────────────────────────────

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  ...serverBoundaries,
  {
    // Web import boundaries: see webBoundaries above.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/one-way-imports': 'error' },
  },
  {
    // The app calls endpoints by ENDPOINT_ROUTES. ENDPOINTS carries every zod schema of the API
    // and would put them, and zod, back into the first page's JavaScript (docs/adr/0019); only
    // tests and the development answer check read it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/lib/answer-check.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@gds/contract',
              importNames: ['ENDPOINTS'],
              message:
                'call endpoints by ENDPOINT_ROUTES: ENDPOINTS brings zod and every schema into the app bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files and scripts outside any tsconfig are linted without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The sample Looker Studio connector is Apps Script: its services are globals, and its
    // top-level functions are called by Looker Studio, not by this file.
    files: ['connectors/looker-studio/Code.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        CacheService: 'readonly',
        DataStudioApp: 'readonly',
        HtmlService: 'readonly',
        OAuth2: 'readonly',
        PropertiesService: 'readonly',
        UrlFetchApp: 'readonly',
        Utilities: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          varsIgnorePattern:
            '^(getAuthType|get3PAuthorizationUrls|authCallback|isAuthValid|resetAuth|isAdminUser|getConfig|getSchema|getData)$',
        },
      ],
    },
  },
);
