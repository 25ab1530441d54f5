// The project's own lint rules fail on a planted violation: each case is linted with the
// real eslint.config.js as if it were a file at the given path (no file is written), and
// only the castwright/* rules run, so what is counted is theirs alone.
import t from 'tap';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  // The planted files do not exist, so they cannot be in a TypeScript project; the rules
  // under test need no type information.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('castwright/'),
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

t.test("package-surface: another package's private module fails, its public ones pass", async (t) => {
  const privateImport = await problems('packages/api/src/planted-violation.ts', "import { monthOf } from '@castwright/core/usage-month';\nexport const month = monthOf;\n");
  t.equal(privateImport.length, 1, 'one problem');
  t.match(privateImport[0], /castwright\/package-surface: '@castwright\/core\/usage-month' is private to @castwright\/core/);

  // Type-only imports, re-exports and dynamic imports are imports too.
  const typeImport = await problems('packages/worker/src/planted-violation.ts', "import type { DecodedWav } from '@castwright/media/wav';\nexport type Info = DecodedWav;\n");
  t.match(typeImport, [/package-surface: '@castwright\/media\/wav' is private to @castwright\/media/]);
  const reExport = await problems('packages/worker/src/planted-violation.ts', "export type { Word } from '@castwright/content/nlp/english-text';\n");
  t.match(reExport, [/package-surface: '@castwright\/content\/nlp\/english-text' is private/]);
  const dynamic = await problems('packages/cli/src/planted-violation.ts', "export const load = () => import('@castwright/api/app');\n");
  t.match(dynamic, [/package-surface: '@castwright\/api\/app' is private to @castwright\/api/]);
  const bare = await problems('packages/cli/src/planted-violation.ts', "export const load = () => import('@castwright/worker');\n");
  t.match(bare, [/package-surface: '@castwright\/worker' is private/], 'a package without a main entry has no bare import');

  t.same(await problems('packages/api/src/planted-violation.ts', "import { AppError } from '@castwright/core/errors';\nexport const E = AppError;\n"), [], 'a public module');
  t.same(await problems('packages/api/src/planted-violation.ts', "import { selectUserById } from '@castwright/core/repositories/users';\nexport const f = selectUserById;\n"), [], 'a module of a public folder (`./repositories/*`)');
  t.same(await problems('packages/core/src/planted-violation.ts', "import { monthOf } from '@castwright/core/usage-month';\nexport const month = monthOf;\n"), [], "a package's own private module");
});

t.test('package-surface: the surface it checks is the one Node resolves', async (t) => {
  // Production runs without the internals condition: Node itself refuses the private module.
  const { execFileSync } = await import('node:child_process');
  const resolve = (specifier: string, conditions: string[] = []) => {
    try {
      return execFileSync(process.execPath, [...conditions, '--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`], { cwd: path.join(root, 'packages/api'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    }
  };
  t.match(resolve('@castwright/core/errors'), /packages\/core\/src\/errors\.ts$/);
  t.match(resolve('@castwright/core/usage-month'), /ERR_PACKAGE_PATH_NOT_EXPORTED/);
  t.match(resolve('@castwright/core/usage-month', ['--conditions=castwright-internals']), /packages\/core\/src\/usage-month\.ts$/, 'tests and tooling see internals');
});

t.test("graphile-worker-schema: SQL naming graphile-worker's schema outside its one module fails", async (t) => {
  const template = "import { sql } from 'kysely';\nexport const head = sql`SELECT priority FROM graphile_worker._private_jobs LIMIT 1`;\n";
  t.match(await problems('packages/core/src/repositories/planted-violation.ts', template), [/castwright\/graphile-worker-schema: SQL naming graphile-worker's schema belongs in packages\/core\/src\/db\/graphile-worker-schema\.ts/]);
  t.match(await problems('packages/worker/src/planted-violation.ts', "export const view = 'graphile_worker.jobs';\n"), [/castwright\/graphile-worker-schema/], 'a plain string too');
  t.same(await problems('packages/core/src/db/graphile-worker-schema.ts', template), [], 'the module that owns the contract');
});
