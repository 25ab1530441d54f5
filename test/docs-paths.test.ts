// Every file or folder the documentation names must exist at exactly the path it names: a
// README that points at a source file that was renamed, moved or deleted misleads the next
// reader. Names are read from `code spans` and resolved against the document's folder, its
// package (and that package's src/), the packages/ folder (as docs/architecture.md writes
// them, `api/routes/…`) or the root. A bare file name (`feed-token.ts`) must also be where
// its sentence says: beside a path named before it in the same paragraph, list item or
// table row (`api/feeds/` (`feed-token.ts`, …)), or in the package a row of a package
// table names. Existing somewhere else does not count.
import t from 'tap';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_LIKE = /\.(ts|js|json|ya?ml|sh|md)$|\/$/;
const NOT_A_PATH = /[*<>…{}$:()\s]|^(\/|~\/|\.data|DATA_DIR)/; // absolute, home and data paths are not the repository's
const PACKAGE = /^(core|content|media|api|worker|cli|client|studio)$/;
/** A line that starts a new context: blank, a heading, a top-level list item, a table row. */
const NEW_CONTEXT = /^\s*$|^#|^\||^[-*] |^\d+\. /;

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

/** The repository path `name` names in `document`, given the folders named before it in its context; undefined when none exists. */
function resolve(name: string, document: string, context: readonly string[]): string | undefined {
  const documentDir = path.dirname(document);
  const packageDir = /packages\/[^/]+/.exec(path.relative(root, documentDir))?.[0];
  const bases = [root, documentDir, path.join(root, 'packages'), ...(packageDir ? [path.join(root, packageDir, 'src'), path.join(root, packageDir)] : [])];
  const relativeToPackages = /^(core|content|media|api|worker|cli|client|studio)\/(.*)$/.exec(name);
  const candidates = [
    ...bases.map((base) => path.join(base, name)),
    ...(relativeToPackages ? [path.join(root, 'packages', relativeToPackages[1] ?? '', 'src', relativeToPackages[2] ?? '')] : []),
    ...context.map((folder) => path.join(folder, name)),
  ];
  // Only inside the repository: a clone has nothing beside it.
  return candidates.find((candidate) => candidate.startsWith(`${root}${path.sep}`) && existsSync(candidate));
}

/** The paths a document names that do not exist where it names them. */
function missingPaths(markdown: string, document: string): string[] {
  const missing: string[] = [];
  let context: string[] = [];
  for (const line of markdown.split('\n')) {
    if (NEW_CONTEXT.test(line)) context = [];
    const spans = [...line.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
    // A row of a package table (`| `core` | … |`) names paths in that package.
    const firstCell = /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1];
    if (firstCell && PACKAGE.test(firstCell)) context.push(path.join(root, 'packages', firstCell, 'src'));
    for (const span of spans) {
      if (!SOURCE_LIKE.test(span) || NOT_A_PATH.test(span)) continue;
      const found = resolve(span, document, context);
      if (!found) missing.push(span);
      else context.push(statSync(found).isDirectory() ? found : path.dirname(found));
    }
  }
  return [...new Set(missing)];
}

t.test('every source path named in the documentation exists', async (t) => {
  t.ok(documents.length >= 8, `${documents.length} documents read`);
  for (const document of documents) {
    t.same(missingPaths(await readFile(document, 'utf8'), document), [], path.relative(root, document));
  }
});

t.test('the check fails on planted violations', async (t) => {
  const architecture = path.join(root, 'docs', 'architecture.md');
  const apiReadme = path.join(root, 'packages', 'api', 'README.md');
  t.same(missingPaths('see `routes/no-such-route.ts` and `/api/health`', apiReadme), ['routes/no-such-route.ts'], 'a path that does not exist');
  // parse-feed.ts exists, but in content/feeds/, not in the api/feeds/ the sentence names.
  t.same(missingPaths('`api/feeds/` (`feed-token.ts`, `parse-feed.ts`)', architecture), ['parse-feed.ts'], 'a bare name beside the wrong folder');
  t.same(missingPaths('the stream (`event-stream-reply.ts`)', architecture), ['event-stream-reply.ts'], 'a bare name with no folder to stand beside');
  t.same(missingPaths('`api/feeds/`\n\nthen (`feed-token.ts`)', architecture), ['feed-token.ts'], 'a folder named in another paragraph does not count');
  t.same(missingPaths('`api/progress/` (`progress-hub.ts`)\n  continued: `follow-episode.ts`', architecture), [], 'a bare name in the folder its sentence names passes');
  t.same(missingPaths('| `content` | ingestion (`fetch/`, `feeds/parse-feed.ts`) |', architecture), [], "a package table's row names paths in that package");
});
