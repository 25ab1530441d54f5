// Saved logins of the client commands, one per server address, in
// `<config dir>/credentials.json`: CASTWRIGHT_CONFIG_DIR, else $XDG_CONFIG_HOME/castwright,
// else ~/.config/castwright. What it holds is as good as a password until revoked, so the
// file is its owner's alone (0600 in a 0700 directory) and is replaced whole (write, then
// rename), never left half-written.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export type SavedLogin =
  | { kind: 'api-key'; apiKey: string; email: string }
  /** A login session: the access token until it expires, then the refresh token for a new pair. */
  | { kind: 'session'; email: string; accessToken: string; accessTokenExpiresAt: string; refreshToken: string };

type SavedLogins = Record<string, SavedLogin>;

export function credentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  const directory = env.CASTWRIGHT_CONFIG_DIR || path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'castwright');
  return path.join(directory, 'credentials.json');
}

function isSavedLogin(value: unknown): value is SavedLogin {
  const login = value as Partial<Record<string, unknown>> | null;
  if (typeof login !== 'object' || login === null || typeof login.email !== 'string') return false;
  if (login.kind === 'api-key') return typeof login.apiKey === 'string';
  return login.kind === 'session' && ['accessToken', 'accessTokenExpiresAt', 'refreshToken'].every((key) => typeof login[key] === 'string');
}

async function readAll(file: string): Promise<SavedLogins> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !Object.values(parsed).every(isSavedLogin)) {
    throw new Error(`${file} is not a Castwright credentials file; delete it and run castwright login again`);
  }
  return parsed as SavedLogins;
}

export async function readSavedLogin(file: string, baseUrl: string): Promise<SavedLogin | undefined> {
  return (await readAll(file))[baseUrl];
}

/** Saves (or with `undefined`, forgets) the login for `baseUrl`, keeping the others. */
export async function saveLogin(file: string, baseUrl: string, login: SavedLogin | undefined): Promise<void> {
  const logins = await readAll(file);
  if (login) logins[baseUrl] = login;
  else delete logins[baseUrl];
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
  // A file saved before by a looser umask or by hand is tightened too.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/**
 * Runs `update` while holding the credentials file's lock, so two commands refreshing the
 * same session at once do not both spend its refresh token (the server takes a second use
 * as a leak and revokes the whole login).
 */
export async function withCredentialsLock<T>(file: string, update: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(file, { retries: { retries: 50, minTimeout: 50, maxTimeout: 500 }, stale: 30_000, realpath: false });
  try {
    return await update();
  } finally {
    await release();
  }
}
