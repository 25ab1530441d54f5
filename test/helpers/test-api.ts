// A real api process-in-miniature for tests: the Fastify app on HTTPS with its own
// database, storage directory and self-signed certificate, plus a fetch that trusts
// that certificate. Workers can be started beside it with `startWorkers`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, fetch, Headers, type HeadersInit, type RequestInit, type Response } from 'undici';
import { loadConfig, type Config } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { startApi, type RunningApi } from '@castwright/api/server/start-api';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { startWorker } from '@castwright/worker/start-worker';
import { trustedFetch } from '@castwright/client/trusted-fetch';
import type { WorkerRole } from '@castwright/core/jobs';
import { updateUserTier } from '@castwright/core/repositories/users';
import type { Tier } from '@castwright/core/tiers';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface TestApi {
  baseUrl: string;
  config: Config;
  database: TestDatabase;
  api: RunningApi;
  /**
   * fetch against the api, trusting its certificate; `path` starts with /api.
   * `clientIp` picks the loopback source address (127.0.0.0/8), so tests can be
   * different clients to the per-client rate limits; default 127.0.0.1.
   */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown; clientIp?: string }): Promise<Response>;
  /** A fetch for a ready Request, trusting the api's certificate (for the typed client). */
  fetch(request: globalThis.Request): Promise<globalThis.Response>;
  startWorkers(role?: WorkerRole | 'all'): Promise<void>;
}

export async function startTestApi(t: TestContext, env: Record<string, string> = {}): Promise<TestApi> {
  const database = await createTestDatabase(t);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-test-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env });
  const logger = createLogger({ level: config.logLevel, role: 'test' });
  const api = await startApi(config, logger);
  const { cert } = await loadTlsCredentials(config);
  const agents = new Map<string, Agent>();
  const agentFor = (clientIp: string) => {
    let agent = agents.get(clientIp);
    if (!agent) agents.set(clientIp, (agent = new Agent({ localAddress: clientIp, connect: { ca: cert, servername: 'localhost' } })));
    return agent;
  };
  const stops: (() => Promise<void>)[] = [];
  t.teardown(async () => {
    for (const stop of stops.reverse()) await stop();
    await api.close();
    for (const agent of agents.values()) await agent.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const baseUrl = `https://127.0.0.1:${api.port}`;
  return {
    baseUrl,
    config,
    database,
    api,
    request(target, init = {}) {
      const { token, json, clientIp = '127.0.0.1', ...rest } = init;
      const headers = new Headers(rest.headers as HeadersInit | undefined);
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${baseUrl}${target}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
        dispatcher: agentFor(clientIp),
      });
    },
    fetch: trustedFetch(cert, { servername: 'localhost' }),
    async startWorkers(role = 'all') {
      const worker = await startWorker(config, logger, role);
      stops.push(() => worker.stop());
    },
  };
}

/** A loopback address of its own: a separate client to the per-client limits. */
export function randomClientIp(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

/** Registers a user (from a client address of its own) and returns its tokens and id. */
export async function registerUser(api: TestApi, email = `user-${Math.random().toString(36).slice(2)}@example.com`, password = 'Sup3rSecret') {
  const response = await api.request('/api/auth/register', { method: 'POST', json: { email, password, name: 'Test User' }, clientIp: randomClientIp() });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string }; tokens: { accessToken: string; refreshToken: string } };
  return { email, password, userId: body.user.id, accessToken: body.tokens.accessToken, refreshToken: body.tokens.refreshToken };
}

/** A response body as loose JSON, for assertions on its fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(response: { json(): Promise<unknown> }): Promise<Record<string, any>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as Record<string, any>;
}

/** A registered user on the given tier (creator by default): free accounts cannot use most presets. */
export async function creator(api: TestApi, tier: Tier = 'creator') {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, tier);
  return user;
}
