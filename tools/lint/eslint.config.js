// The house rules, enforced: `pnpm lint` (0 warnings, also run by `pnpm test`), `pnpm fix` to mend.
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 (our compiler) no longer
// ships: this package pins TypeScript 6.0 for the linter alone (it checks the same code the same way).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const features = readdirSync(`${root}/web/src/features`);
const tests = ['**/*.test.{ts,tsx}', '**/src/test/**', 'sandbox/src/testing.ts', 'e2e/**', 'bench/**'];

/** The import boundaries between packages and layers, each with the reason shown to whoever crosses one. */
const zones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in web/src/app.',
  })),
  { target: './web/src/components', from: ['./web/src/features', './web/src/app'], message: 'Shared components know no feature.' },
  {
    target: './web/src/lib',
    from: ['./web/src/features', './web/src/app', './web/src/components'],
    message: 'lib/ is the floor: it imports nothing above it.',
  },
  { target: './web', from: ['./bff', './sandbox'], message: 'The web app reaches the BFF over HTTP only.' },
  { target: './shared', from: ['./bff', './web', './sandbox'], message: 'shared/ depends on no other package of ours.' },
  { target: './sandbox', from: ['./bff', './web'], message: 'The sandbox is an agent: it knows nothing of the console.' },
];
const bffSourceZones = [
  ...zones,
  { target: './bff/src', from: './sandbox', message: 'The BFF reaches the agent over HTTP only; only tests start the sandbox in-process.' },
];

const sharedDoesNoIo = 'shared/ does no I/O: it holds schemas, types and pure functions both ends run.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '.ci-out/**', '.credence/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: [`${root}/*/tsconfig.json`], noWarnOnMultipleProjects: true })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A form's onSubmit={handleSubmit(…)} returns a promise React ignores by design; everywhere else it is caught.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['bff/src/**/*.ts'], ignores: tests, rules: { 'import-x/no-restricted-paths': ['error', { zones: bffSourceZones }] } },
  {
    files: ['shared/src/**/*.ts'],
    ignores: tests,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(node:|fs$|https?$|net$|child_process$|ioredis$|hono|@hono/)', message: sharedDoesNoIo }] }],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'localStorage', 'sessionStorage', 'document', 'window', 'process'].map((name) => ({
          name,
          message: sharedDoesNoIo,
        })),
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // incompatible-library only says the React Compiler would skip a component (TanStack Table, react-hook-form's
    // watch); the app does not use the compiler.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  {
    // The API objects carry every route's zod schema; the app calls routes through their refs, so its first
    // load holds neither zod nor the schemas. The development check of answers loads them on its own.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [...tests, 'web/src/lib/contract-check.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@credence/shared',
              importNames: ['consoleApi', 'agentApi'],
              allowTypeImports: true,
              message: 'Call routes through consoleApiRefs / agentApiRefs: the API objects would bring every schema into the first load.',
            },
          ],
        },
      ],
    },
  },
  {
    files: tests,
    rules: {
      // Tests read JSON answers and drive fakes: the unsafe-any rules would only add casts there.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      // fetch stubs are called with string URLs.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}', '*.config.ts', '*/*.config.ts'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
);
