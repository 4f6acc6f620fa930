import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Server files that are not repositories may not import SQL (see the server layering block). */
const SQL_ONLY_IN_REPOSITORIES = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/**'],
  message: 'SQL lives in *.repository.ts, db/ and seed/ only: call a repository instead.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webLayers(),
  {
    // The contract runs in browsers too: no Node built-ins outside its tests.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'the contract must run in browsers' }] },
      ],
    },
  },
  {
    // Every count in a sentence goes through `plural` (format.ts) or a `[count|noun]` placeholder:
    // no 'student(s)' or 'batch(es)' on a screen, in a message or an activity summary.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/[a-z](?<!http)\\((e?s|ies)\\)/]',
          'TemplateElement[value.raw=/[a-z](?<!http)\\((e?s|ies)\\)/]',
        ].map((selector) => ({
          selector,
          message: "Write real plurals with plural() from @lectern/contract, not '(s)'.",
        })),
        {
          selector: 'JSXText[value=/[a-z]\\((e?s|ies)\\)/]',
          message: "Write real plurals with plural() from @lectern/contract, not '(s)'.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'apps/server/src/test/**', 'e2e/**', 'apps/web/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Server layering: routes -> services -> repositories. Only repositories, db/ and the seeders
    // (and tests) speak SQL, so a query is always found in the domain's repository.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [SQL_ONLY_IN_REPOSITORIES] }] },
  },
  ...serverModules(),
);

/**
 * Server module boundaries: a module (apps/server/src/modules/<name>/) uses another only through
 * that module's index.ts (`from '../<other>'`), which exports a service interface, types and shared
 * pure helpers, never the repository. An import that climbs out of the module and goes deeper than
 * the other module's folder is an error. A later `no-restricted-imports` replaces an earlier one for
 * the same file, so the blocks for non-repository files carry the SQL pattern too. Tests are free.
 */
function serverModules() {
  const modules = 'apps/server/src/modules';
  const blocks = [];
  for (let depth = 1; depth <= 3; depth += 1) {
    // a file `depth` folders below modules/: `depth` steps up reach modules/
    const files = `${modules}/${'*/'.repeat(depth)}*.ts`;
    const repositories = `${modules}/${'*/'.repeat(depth)}*.repository.ts`;
    const boundary = {
      regex: `^(\\.\\./){${depth}}[^./][^/]*/`,
      message:
        "modules import each other through their index only: import from '../<module>', and export what others may use from that module's index.ts (never its repository)",
    };
    const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
    blocks.push(
      { files: [repositories], ignores: ['**/*.test.ts'], rules: rule([boundary]) },
      { files: [files], ignores: ['**/*.test.ts', repositories], rules: rule([SQL_ONLY_IN_REPOSITORIES, boundary]) },
    );
  }
  return blocks;
}

/**
 * The web console's layers: shared code (components/, lib/, hooks/) -> features/<name> -> app/.
 * A feature imports shared code and itself only, never another feature or app/; shared code
 * imports neither features nor app/ (its tests may mount the app's theme); app/ imports anything.
 * Imports are relative, so a pattern counts how far an import climbs: each folder depth gets its
 * own block (the blocks' files never overlap).
 */
function webLayers() {
  const src = 'apps/web/src';
  const climb = (levels) => `^(\\.\\./){${levels}}`;
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const blocks = [];
  for (let depth = 1; depth <= 5; depth += 1) {
    // a file `depth` folders below src/: `depth` steps up reach src/
    const below = '*/'.repeat(depth - 1);
    blocks.push({
      files: ['components', 'lib', 'hooks'].map((shared) => `${src}/${shared}/${below}*.{ts,tsx}`),
      ignores: ['**/*.test.{ts,tsx}'],
      rules: rule([
        { regex: `${climb(depth)}(features|app)(/|$)`, message: 'shared code must not import features or app/' },
      ]),
    });
    if (depth < 2) continue;
    // a feature's own files sit depth - 2 folders below features/<name>/
    blocks.push({
      files: [`${src}/features/*/${'*/'.repeat(depth - 2)}*.{ts,tsx}`],
      rules: rule([
        {
          regex: `${climb(depth - 1)}[^./]`,
          message: 'features never import each other: move what several features use to components/, lib/ or hooks/',
        },
        {
          regex: `${climb(depth)}(features|app)(/|$)`,
          message: 'features must not import from app/ or other features',
        },
      ]),
    });
  }
  return blocks;
}
