// Every file or folder the documentation names must exist: a README that points at a
// source file that was renamed or deleted misleads the next reader. Names are read from
// `code spans`; a bare file name must exist somewhere in the package (or the repository)
// the document describes, a path relative to the document, its package's src/, the
// packages/ folder (as docs/architecture.md writes them, `api/routes/…`) or the root.
import t from 'tap';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_LIKE = /\.(ts|js|json|ya?ml|sh|md)$|\/$/;
const NOT_A_PATH = /[*<>…{}$:()\s]|^(\/|~\/|\.data|DATA_DIR)/; // absolute, home and data paths are not the repository's

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map(async (entry) => {
    if (['node_modules', '.git', '.tap', '.data'].includes(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [`${full}/`, ...(await walk(full))] : [full];
  }));
  return files.flat();
}

const everything = await walk(root);
const documents = everything.filter((file) => file.endsWith('.md') && !file.includes(`${path.sep}test${path.sep}fixtures`));

function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
  return [...new Set(spans.filter((span) => SOURCE_LIKE.test(span) && !NOT_A_PATH.test(span)))];
}

function exists(name: string, document: string): boolean {
  const documentDir = path.dirname(document);
  const packageDir = /packages\/[^/]+/.exec(path.relative(root, documentDir))?.[0];
  const bases = [root, documentDir, path.join(root, 'packages'), ...(packageDir ? [path.join(root, packageDir, 'src'), path.join(root, packageDir)] : [])];
  const relativeToPackages = /^(core|content|media|api|worker|cli)\/(.*)$/.exec(name);
  const candidates = [
    ...bases.map((base) => path.join(base, name)),
    ...(relativeToPackages ? [path.join(root, 'packages', relativeToPackages[1] ?? '', 'src', relativeToPackages[2] ?? '')] : []),
  ];
  // Only inside the repository: a clone has nothing beside it.
  if (candidates.some((candidate) => candidate.startsWith(`${root}${path.sep}`) && existsSync(candidate))) return true;
  if (name.replace(/\/$/, '').includes('/')) return false;
  // A bare name ("rules.ts", "routes/"): somewhere in the document's package, or the repository.
  const scope = packageDir ? path.join(root, packageDir) : root;
  return everything.some((file) => file.startsWith(scope) && file.endsWith(`/${name}`));
}

t.test('every source path named in the documentation exists', async (t) => {
  t.ok(documents.length >= 8, `${documents.length} documents read`);
  for (const document of documents) {
    const missing = namedPaths(await readFile(document, 'utf8')).filter((name) => !exists(name, document));
    t.same(missing, [], path.relative(root, document));
  }
});

t.test('the check itself finds a missing path', async (t) => {
  const document = path.join(root, 'packages', 'api', 'README.md');
  t.same(namedPaths('see `routes/no-such-route.ts` and `/api/health`').filter((name) => !exists(name, document)), ['routes/no-such-route.ts']);
});
