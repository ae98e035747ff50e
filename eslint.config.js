import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const directoriesIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Front doors: each server module (apps/server/src/modules/<name>) and each web feature that others
 * use (apps/web/src/features/<name>) is reached from another module or feature only through its
 * index.ts ('../booking', never '../booking/claims'). One block per module or feature, since the
 * rule forbids the others' insides, not its own. The web's route table loads pages with dynamic
 * import(), which this rule does not check: app/ names each page's own file so pages stay lazy.
 */
/** Forms take zod's resolver from lib/formResolver, which first sets zod's messages in plain words. */
const ZOD_RESOLVER = {
  name: '@hookform/resolvers/zod',
  message: "Import zodResolver from lib/formResolver: it sets contracts' plain-word field messages first.",
};

function frontDoors(root, what, paths = []) {
  const names = directoriesIn(root);
  return names.map((name) => ({
    files: [`${root}/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            {
              regex: `^(\\.\\./)+(${names.filter((other) => other !== name).join('|')})/(?!index$)`,
              message: `Import another ${what} through its front door (its index.ts), not its internals.`,
            },
          ],
        },
      ],
    },
  }));
}

const FRONT_DOORS = [
  ...frontDoors('apps/server/src/modules', 'server module'),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index$)', message: 'Import a server module through its front door (its index.ts), not its internals.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/{app,components,lib}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/formResolver.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_RESOLVER] }] },
  },
  ...frontDoors('apps/web/src/features', 'web feature', [ZOD_RESOLVER]),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...FRONT_DOORS,
  {
    // The server reads the time from its Clock (tests move it), never from the machine: the API suite
    // runs at fixed instants, and at shifted ones for the rules of days and hours in London.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/clock.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Read the time from the app's Clock (ctx.clock.now()), not Date.now()." },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Read the time from the app's Clock (ctx.clock.now()), not new Date()." },
      ],
    },
  },
  {
    // Server tests start their clocks at fixed instants; Date.now() is left them for deadlines and unique names.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Start test clocks at fixed instants, never at the real now.' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
