// What a Kokoro voicing depends on beyond the request, as one string for segment keys:
// the model's weights, the phonemizer that turns text into its input, and this
// package's own text pipeline (normalisation, chunking), which a revision number tracks.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { KOKORO_FILES, KOKORO_MODEL_FILE } from './kokoro-files.ts';

/** Bumped when normalize-text, phonemize-text or token-chunks change what the model is given. */
const KOKORO_PIPELINE_REVISION = 1;

/**
 * The model's SHA-256. A file of the pinned size is the pinned file (`castwright models
 * pull kokoro` verified it; hashing 325 MB at every start would cost a second); any
 * other file (a test model, a hand-placed export) is hashed.
 */
async function modelDigest(modelFile: string): Promise<string> {
  const pin = KOKORO_FILES.find((file) => file.path === KOKORO_MODEL_FILE);
  const { size } = await stat(modelFile);
  if (pin && size === pin.bytes) return pin.sha256;
  const hash = createHash('sha256');
  await pipeline(createReadStream(modelFile), hash);
  return hash.digest('hex');
}

async function phonemizerVersion(): Promise<string> {
  // Its package.json is not exported; it sits above the resolved entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('phonemizer'));
  for (let depth = 0; depth < 4; depth++, dir = path.dirname(dir)) {
    try {
      const json = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (json.name === 'phonemizer' && json.version) return json.version;
    } catch {
      // not here: one level up
    }
  }
  return 'unknown';
}

export async function kokoroVersion(modelFile: string): Promise<string> {
  const [digest, phonemizer] = await Promise.all([modelDigest(modelFile), phonemizerVersion()]);
  return `model-sha256:${digest.slice(0, 16)}/phonemizer@${phonemizer}/r${KOKORO_PIPELINE_REVISION}`;
}
