import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ── Server boundaries ──────────────────────────────────────────────────────────────────────
// Dependencies point one way: server.ts → app.ts → modules/* → http/ → db/, crypto/, config/,
// lib/. sandbox/ is wired by app.ts only; no module imports another module's repository;
// modules form a DAG in the order below. A backward import fails `npm run lint`.
// docs/CODE_STYLE.md explains each rule.
const SERVER = 'apps/server/src';
/** Each module may import only modules listed before it (a topological order of the DAG). */
const SERVER_MODULES = [
  'audit',
  'sessions',
  'oauth-states',
  'team',
  'auth',
  'providers',
  'credentials',
  'connect',
  'data-sources',
  'health',
  'home',
];
const serverRoots = String.raw`(^|/)(app|server|background-jobs)\.ts$`;
const forbid = (regex, message) => ({ regex, message });
const noRoots = forbid(
  serverRoots,
  'Only the composition root imports app.ts, server.ts and background-jobs.ts.',
);
const noSandbox = forbid(
  String.raw`(^|/)sandbox/`,
  'Only app.ts wires sandbox/ in. Take what you need as a parameter (app.ts passes the sandbox’s), or move a shared constant to config or the contract.',
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
  restrict(
    [`${SERVER}/sandbox/**/*.ts`],
    [
      noRoots,
      noStatic,
      // The sandbox writes answers with the very reader the server reads them with.
      forbid(
        String.raw`(^|/)modules/(?!providers/json-path\.ts$)`,
        'sandbox/ stands in for outside services: it uses no module but the JSON reader it mirrors.',
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
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.repository.ts`, `${SERVER}/db/**`],
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
    // Config files and scripts outside any tsconfig are linted without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
