// Where the client commands find the API and who they are there: CASTWRIGHT_URL (default
// the local `castwright start`); the certificate to trust (CASTWRIGHT_CA_FILE, else the
// self-signed one `castwright start` made under DATA_DIR, else the system's); and the
// credentials: CASTWRIGHT_TOKEN (an API key or an access token, read from the environment
// only, so it never shows in `ps`), else the login `castwright login` saved for that address.
// Requests go through the typed client's safe retries (Idempotency-Key on every POST that
// takes one); CASTWRIGHT_RETRIES bounds the tries, 1 turns retrying off.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCastwrightClient, type ClientOptions } from '@castwright/client/castwright-client';
import { trustedFetch } from '@castwright/client/trusted-fetch';
import type { Config } from '@castwright/core/config';
import { UsageError } from '../command-line/command-spec.ts';
import { check } from './api-answers.ts';
import { credentialsFile, readSavedLogin, saveLogin, withCredentialsLock, type SavedLogin } from './saved-logins.ts';

/** An access token this close to expiring is renewed first, so a request never races it. */
const RENEW_BEFORE_MS = 60_000;

/** CASTWRIGHT_RETRIES: the tries a request gets in all (default the client's, 4); 1 means none again. */
function retriesFrom(env: NodeJS.ProcessEnv): Pick<ClientOptions, 'retry'> {
  const value = env.CASTWRIGHT_RETRIES;
  if (value === undefined || value === '') return {};
  const attempts = Number(value);
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 20) throw new UsageError(`CASTWRIGHT_RETRIES must be a whole number from 1 to 20 (got "${value}")`);
  return { retry: attempts === 1 ? false : { attempts } };
}

/** The server, without credentials. */
export function apiServer(config: Config, env: NodeJS.ProcessEnv = process.env): ClientOptions {
  const baseUrl = (env.CASTWRIGHT_URL || `https://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  if (!/^https:\/\/[^/]+/.test(baseUrl)) throw new UsageError(`CASTWRIGHT_URL must be an https:// address (got "${baseUrl}")`);
  const retries = retriesFrom(env);
  const localCertificate = path.join(config.dataDir, 'tls', 'self-signed.crt');
  const caFile = env.CASTWRIGHT_CA_FILE ?? (existsSync(localCertificate) ? localCertificate : undefined);
  if (!caFile) return { baseUrl, ...retries };
  // The self-signed certificate names localhost; a client at 127.0.0.1 checks that name.
  const servername = new URL(baseUrl).hostname === '127.0.0.1' ? 'localhost' : undefined;
  return { baseUrl, ...retries, fetch: trustedFetch(readFileSync(caFile), servername ? { servername } : {}) };
}

/** The server and a token that is good now. */
export async function apiConnection(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<ClientOptions> {
  const server = apiServer(config, env);
  if (env.CASTWRIGHT_TOKEN) return { ...server, token: env.CASTWRIGHT_TOKEN };
  const file = credentialsFile(env);
  const login = await readSavedLogin(file, server.baseUrl);
  if (!login) {
    throw new UsageError(
      `Not logged in to ${server.baseUrl}: run castwright login, or set CASTWRIGHT_TOKEN to an API key (POST /api/user/api-key) or an access token`,
    );
  }
  return { ...server, token: await currentToken(server, file, login) };
}

async function currentToken(server: ClientOptions, file: string, login: SavedLogin): Promise<string> {
  if (login.kind === 'api-key') return login.apiKey;
  if (!isExpiring(login)) return login.accessToken;
  return withCredentialsLock(file, async () => {
    // Another command may have renewed it while this one waited for the lock.
    const latest = await readSavedLogin(file, server.baseUrl);
    if (latest?.kind !== 'session') throw notLoggedIn(server);
    if (!isExpiring(latest)) return latest.accessToken;
    const renewed = await createCastwrightClient(server).POST('/api/auth/refresh', { body: { refreshToken: latest.refreshToken } });
    if (renewed.response.status === 401) {
      await saveLogin(file, server.baseUrl, undefined);
      throw new UsageError(`Your login to ${server.baseUrl} has expired or was revoked (a login lasts 7 days unused); run castwright login`);
    }
    const session = { ...latest, ...sessionTokens(check(renewed).tokens) };
    await saveLogin(file, server.baseUrl, session);
    return session.accessToken;
  });
}

function isExpiring(login: Extract<SavedLogin, { kind: 'session' }>): boolean {
  return Date.parse(login.accessTokenExpiresAt) - Date.now() < RENEW_BEFORE_MS;
}

function notLoggedIn(server: ClientOptions): UsageError {
  return new UsageError(`Not logged in to ${server.baseUrl}: run castwright login`);
}

/** The saved form of a token pair the server issued just now. */
export function sessionTokens(tokens: { accessToken: string; refreshToken: string; expiresIn: number }) {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
  };
}
