// Where the `episode` commands find the API and who they are there: CASTWRIGHT_URL
// (default the local `castwright start`), CASTWRIGHT_TOKEN (an API key or an access
// token; read from the environment only, so it never shows in `ps`), and the certificate
// to trust: CASTWRIGHT_CA_FILE, else the self-signed one `castwright start` made under
// DATA_DIR, else the system's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientOptions } from '@castwright/client/castwright-client';
import { trustedFetch } from '@castwright/client/trusted-fetch';
import type { Config } from '@castwright/core/config';
import { UsageError } from '../command-line/command-spec.ts';

export function apiConnection(config: Config, env: NodeJS.ProcessEnv = process.env): ClientOptions {
  const token = env.CASTWRIGHT_TOKEN;
  if (!token) throw new UsageError('Set CASTWRIGHT_TOKEN to an API key (POST /api/user/api-key) or an access token (POST /api/auth/login)');
  const baseUrl = env.CASTWRIGHT_URL ?? `https://127.0.0.1:${config.port}`;
  if (!/^https:\/\/[^/]+/.test(baseUrl)) throw new UsageError(`CASTWRIGHT_URL must be an https:// address (got "${baseUrl}")`);
  const localCertificate = path.join(config.dataDir, 'tls', 'self-signed.crt');
  const caFile = env.CASTWRIGHT_CA_FILE ?? (existsSync(localCertificate) ? localCertificate : undefined);
  if (!caFile) return { baseUrl, token };
  // The self-signed certificate names localhost; a client at 127.0.0.1 checks that name.
  const servername = new URL(baseUrl).hostname === '127.0.0.1' ? 'localhost' : undefined;
  return { baseUrl, token, fetch: trustedFetch(readFileSync(caFile), servername ? { servername } : {}) };
}
