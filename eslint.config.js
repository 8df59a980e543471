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
  {
    // Web import boundaries: see webBoundaries above.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/one-way-imports': 'error' },
  },
  {
    // Config files and scripts outside any tsconfig are linted without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
