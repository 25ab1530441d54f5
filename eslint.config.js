// Lint rules for the whole workspace: typescript-eslint's recommended set plus the
// few rules that catch real mistakes in async server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '.data/**', '.tap/**', 'coverage/**', 'packages/studio/dist/**', 'packages/studio/dist.*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Queries live in core's repositories, nowhere else: services and tasks call repository
    // functions, which take `db` or `trx` first so the caller owns the transaction.
    files: ['packages/*/src/**/*.ts'],
    ignores: ['packages/core/src/repositories/**', 'packages/core/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
          message: 'Queries belong in packages/core/src/repositories: call a repository function instead.',
        },
      ],
    },
  },
  {
    // A route is a table: schema, preHandler, one call into a service (api/src/<area>/),
    // reply shaping. Repositories, job queueing and raw SQL stay behind the services.
    files: ['packages/api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@castwright/core/repositories/*', '@castwright/core/jobs', 'kysely'], message: 'Routes call service functions in api/src/<area>/, which own the rules and the transaction.' },
          ],
        },
      ],
    },
  },
  {
    // tap's top-level `t.test(...)` returns a promise the runner tracks; awaiting it is not the idiom.
    files: ['**/test/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { process: 'readonly', console: 'readonly' } },
  },
);
