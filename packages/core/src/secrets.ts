// Secrets the operator did not give are generated once and kept under DATA_DIR, so
// restarts (and every role started by `castwright start`) share them. Production
// deployments with several machines set them in the environment instead.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function loadOrCreateSecret(dataDir: string, name: string, bytes = 48): Promise<string> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if the file exists, so two processes starting together agree on one value.
    await writeFile(file, randomBytes(bytes).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = (await readFile(file, 'utf8')).trim();
  if (value.length < 32) throw new Error(`Secret file ${file} is too short; delete it to regenerate`);
  return value;
}
