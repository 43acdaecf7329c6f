import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Front end by feature: a feature never imports another feature (bulletproof-react).
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/*', '../../*/**'], message: 'Features do not import each other; move the shared piece to components/ or lib/.' }] }],
    },
  },
  {
    // One folder deeper (features/<area>/components/<part>/): `../../api` is the feature's own;
    // another feature is one level further up.
    files: ['packages/web/src/features/*/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/*', '../../../*/**'], message: 'Features do not import each other; move the shared piece to components/ or lib/.' }] }],
    },
  },
  {
    // The engine reaches the features only through its named seams (engine/seams.ts lists them).
    files: ['packages/server/src/engine/**/*.ts'],
    ignores: ['packages/server/src/engine/seams.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'The engine uses a feature only through engine/seams.ts: import it from there (and add it there, on purpose, when it is new).' }] }],
    },
  },
  {
    // Features never import a job: they reach the engine through its entry points (engine/entry-points.ts).
    files: ['packages/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/engine/**', '!**/engine/entry-points'], message: 'Features reach the engine only through engine/entry-points.ts (start/stop runs, schedules); they never import a job.' }] }],
    },
  },
  {
    // The server never reaches into the web app, and the shared package depends on nothing of ours.
    files: ['packages/shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@linkloom/server*', '@linkloom/web*'] }] },
  },
);
