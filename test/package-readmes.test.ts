// Every package's README maps its package: it names each folder of the package's src/ (as a
// code span, `webhooks/`, or `db/tables/` for a nested one) and says what the package may
// import. A folder added without a line in its README fails here, so the map cannot fall
// behind the code the way it once did (worker: webhooks/, briefings/, … never named).
import t from 'tap';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const packagesDir = path.resolve(import.meta.dirname, '..', 'packages');

/** Every folder under `src`, relative to it, with a trailing slash (`db/`, `db/tables/`). */
async function sourceFolders(src: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(src, prefix), { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `${prefix}${entry.name}/`);
  const nested = await Promise.all(folders.map((folder) => sourceFolders(src, folder)));
  return [...folders, ...nested.flat()];
}

function unnamedFolders(folders: string[], readme: string): string[] {
  const spans = new Set([...readme.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]));
  return folders.filter((folder) => !spans.has(folder));
}

const SAYS_WHAT_IT_MAY_IMPORT = /\bmay import\b|\bimports no\b/i;

const packages = (await readdir(packagesDir, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && existsSync(path.join(packagesDir, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();

t.test('every package README names every folder of its src/ and what the package may import', async (t) => {
  t.ok(packages.length >= 7, `${packages.length} packages read`);
  for (const name of packages) {
    const readmeFile = path.join(packagesDir, name, 'README.md');
    if (!existsSync(readmeFile)) {
      t.fail(`packages/${name} has no README.md`);
      continue;
    }
    const readme = await readFile(readmeFile, 'utf8');
    const src = path.join(packagesDir, name, 'src');
    const folders = existsSync(src) ? await sourceFolders(src) : [];
    t.same(unnamedFolders(folders, readme), [], `packages/${name}/README.md names every folder of src/ (${folders.length})`);
    t.match(readme, SAYS_WHAT_IT_MAY_IMPORT, `packages/${name}/README.md says what the package may import`);
  }
});

t.test('the check finds a folder the README does not name', async (t) => {
  const folders = ['render/', 'webhooks/', 'db/', 'db/tables/'];
  const readme = 'The `render/` folder, `db/` with its tables (`db/tables.ts`), and the webhooks folder.';
  t.same(unnamedFolders(folders, readme), ['webhooks/', 'db/tables/']);
});
