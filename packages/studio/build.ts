// Builds the studio (Vite) into dist/ when dist is missing or older than its sources.
// `castwright start`, the tests and `npm run build:studio` call it, so nobody builds by
// hand. Where the sources or Vite are absent (a production install, --omit=dev) it does
// nothing and says why. Builds are serialised by a lock and written to a fresh folder that
// replaces dist/ only when complete, so a server reading dist never sees half a build.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import lockfile from 'proper-lockfile';

const STUDIO_DIR = import.meta.dirname;
export const STUDIO_DIST = path.join(STUDIO_DIR, 'dist');
/** What the built files depend on: the studio's own files and the typed client it bundles. */
const SOURCES = [
  path.join(STUDIO_DIR, 'src'),
  path.join(STUDIO_DIR, 'public'),
  path.join(STUDIO_DIR, 'index.html'),
  path.join(STUDIO_DIR, 'vite.config.ts'),
  path.join(STUDIO_DIR, 'package.json'),
  path.join(STUDIO_DIR, '..', 'client', 'src'),
];

export type StudioBuild = { built: boolean; reason: string };

async function newestChange(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => newestChange(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
}

/** Why the built studio must be (re)built, or undefined when it is current. */
export async function staleReason(): Promise<string | undefined> {
  const built = await stat(path.join(STUDIO_DIST, 'index.html')).catch(() => undefined);
  if (!built) return 'not built yet';
  const sources = Math.max(...(await Promise.all(SOURCES.map(newestChange))));
  return sources > built.mtimeMs ? 'sources changed since the last build' : undefined;
}

async function viteBuild(outDir: string): Promise<void> {
  const vite = await import('vite');
  await vite.build({ configFile: path.join(STUDIO_DIR, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
}

/**
 * Brotli and gzip copies of every text asset, made once here so the api sends them as they
 * are (@fastify/static's preCompressed) instead of compressing on each request.
 */
async function precompress(dir: string): Promise<void> {
  const assets = path.join(dir, 'assets');
  for (const name of await readdir(assets)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(assets, name);
    const bytes = await readFile(file);
    await writeFile(`${file}.br`, await promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    await writeFile(`${file}.gz`, await promisify(gzip)(bytes, { level: 9 }));
  }
}

/** Builds when stale (or always with `force`); never throws for a missing toolchain. */
export async function buildStudio(options: { force?: boolean; log?: (message: string) => void } = {}): Promise<StudioBuild> {
  const log = options.log ?? (() => undefined);
  if (!existsSync(path.join(STUDIO_DIR, 'src', 'main.tsx'))) return { built: false, reason: 'the studio sources are not here' };
  try {
    import.meta.resolve('vite');
  } catch {
    return { built: false, reason: 'Vite is not installed (a production install); the built files must come with it' };
  }
  if (!options.force && !(await staleReason())) return { built: false, reason: 'up to date' };
  await mkdir(STUDIO_DIR, { recursive: true });
  const release = await lockfile.lock(STUDIO_DIR, { lockfilePath: path.join(STUDIO_DIR, '.build.lock'), retries: { retries: 600, minTimeout: 100, maxTimeout: 500 }, stale: 60_000 });
  try {
    // Another process may have built it while this one waited for the lock.
    const reason = await staleReason();
    if (!options.force && !reason) return { built: false, reason: 'built by another process meanwhile' };
    log(`building the studio (${reason ?? 'forced'})`);
    const fresh = path.join(STUDIO_DIR, `dist.${process.pid}.tmp`);
    const old = path.join(STUDIO_DIR, `dist.${process.pid}.old`);
    await rm(fresh, { recursive: true, force: true });
    await viteBuild(fresh);
    await precompress(fresh);
    if (existsSync(STUDIO_DIST)) await rename(STUDIO_DIST, old);
    await rename(fresh, STUDIO_DIST);
    await rm(old, { recursive: true, force: true });
    return { built: true, reason: reason ?? 'forced' };
  } finally {
    await release();
  }
}

if (import.meta.main) {
  const result = await buildStudio({ force: process.argv.includes('--force'), log: (message) => console.log(message) });
  console.log(result.built ? `studio built into ${path.relative(process.cwd(), STUDIO_DIST)}` : `studio not built: ${result.reason}`);
}
