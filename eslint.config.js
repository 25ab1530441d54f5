// Lint rules for the whole workspace: typescript-eslint's recommended set plus the
// few rules that catch real mistakes in async server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { graphileWorkerSchema } from './eslint/graphile-worker-schema.js';
import { packageSurface } from './eslint/package-surface.js';

// Repository functions are named for their query and start with a SQL verb; services and
// tasks are named for their use case and never do, so an import never needs an alias to
// tell one from the other. `claim` is an UPDATE or DELETE that takes a row once.
const SQL_VERB = /^(select|insert|update|upsert|delete|count|lock|claim)(?=[A-Z]|$)/;

/** The names a module exports as functions: declarations, `const f = () => …`, and `export { f }`. */
function exportedFunctions(program) {
  const found = [];
  const functionsInFile = new Map();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!declaration) continue;
    const exported = statement.type === 'ExportNamedDeclaration';
    if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      functionsInFile.set(declaration.id.name, declaration.id);
      if (exported) found.push(declaration.id);
    }
    if (declaration.type === 'VariableDeclaration') {
      for (const variable of declaration.declarations) {
        if (variable.id.type !== 'Identifier' || !/^(ArrowFunctionExpression|FunctionExpression)$/.test(variable.init?.type ?? '')) continue;
        functionsInFile.set(variable.id.name, variable.id);
        if (exported) found.push(variable.id);
      }
    }
  }
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration || statement.source) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.local.type === 'Identifier' && functionsInFile.has(specifier.local.name)) found.push(specifier.exported);
    }
  }
  return found;
}

/** Fastify itself, its plugins (@fastify/*) and fastify-plugin. */
const FASTIFY_MODULE = /^(fastify|fastify-plugin|@fastify\/.+)$/;

const castwright = {
  rules: {
    'package-surface': packageSurface,
    'graphile-worker-schema': graphileWorkerSchema,
    'http-at-the-edge': {
      meta: {
        type: 'problem',
        docs: { description: 'Only the edge (routes, plugins, server, app.ts) sees Fastify: services take and return plain values.' },
        schema: [],
        messages: {
          fastify: "'{{module}}' belongs to the HTTP edge (api/src/routes, plugins, server, app.ts): take plain values here and let a route or plugin turn the request into them.",
        },
      },
      create(context) {
        const check = (source) => {
          const module = source?.type === 'Literal' ? source.value : source?.type === 'TSLiteralType' ? source.literal.value : undefined;
          if (typeof module === 'string' && FASTIFY_MODULE.test(module)) context.report({ node: source, messageId: 'fastify', data: { module } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          // `import('fastify').FastifyReply` in a type position.
          TSImportType: (node) => check(node.argument),
        };
      },
    },
    'function-naming': {
      meta: {
        type: 'suggestion',
        docs: { description: 'Repository functions start with a SQL verb; services and tasks never do.' },
        schema: [{ enum: ['repository', 'service'] }],
        messages: {
          repository: "Repository function '{{name}}' must start with a SQL verb (select, insert, update, upsert, delete, count, lock, claim) and name what it reads or writes.",
          service: "Service function '{{name}}' starts with the SQL verb '{{verb}}': name it for its use case (remove…, edit…, list…, close…); SQL verbs belong to core/src/repositories.",
        },
      },
      create(context) {
        const layer = context.options[0];
        return {
          Program(program) {
            for (const id of exportedFunctions(program)) {
              const name = id.type === 'Identifier' ? id.name : String(id.value);
              const verb = SQL_VERB.exec(name)?.[1];
              if (layer === 'repository' && !verb) context.report({ node: id, messageId: 'repository', data: { name } });
              if (layer === 'service' && verb) context.report({ node: id, messageId: 'service', data: { name, verb } });
            }
          },
        };
      },
    },
  },
};

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
    // Packages meet through their public surfaces: another package's module is imported only
    // when its package.json `exports` names it (eslint/package-surface.js). Tests and tooling
    // run with the `castwright-internals` condition and may import internals.
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/*/bin/**/*.js', 'packages/studio/*.ts'],
    plugins: { castwright },
    rules: { 'castwright/package-surface': 'error' },
  },
  {
    // graphile-worker's tables, view and functions are named in one module, which owns that
    // contract (eslint/graphile-worker-schema.js).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/db/graphile-worker-schema.ts'],
    plugins: { castwright },
    rules: { 'castwright/graphile-worker-schema': 'error' },
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
    files: ['packages/core/src/repositories/**/*.ts'],
    plugins: { castwright },
    rules: { 'castwright/function-naming': ['error', 'repository'] },
  },
  {
    files: ['packages/api/src/**/*.ts', 'packages/worker/src/**/*.ts', 'packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/repositories/**', 'packages/core/src/db/**'],
    plugins: { castwright },
    rules: { 'castwright/function-naming': ['error', 'service'] },
  },
  {
    // HTTP stays at the edge: routes turn requests into plain values, plugins hold the
    // hooks and raw-socket helpers, and services never see a request or a reply.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/routes/**', 'packages/api/src/plugins/**', 'packages/api/src/server/**', 'packages/api/src/app.ts'],
    plugins: { castwright },
    rules: { 'castwright/http-at-the-edge': 'error' },
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
