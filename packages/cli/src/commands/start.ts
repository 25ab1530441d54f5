// `castwright start`: the whole service on one machine — database (embedded unless
// DATABASE_URL is set), migrations, then the api, general worker and media worker as
// separate processes.
import type { Config } from '@castwright/core/config';
import { resolveLogFormat, type Logger } from '@castwright/core/logger';
import { SECRETS_KEY_FILE } from '@castwright/core/secret-box';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { buildStudio } from '@castwright/studio/build';
import { connectDatabase } from '../database-connection.ts';
import { migrateDatabase } from '../migrate-database.ts';
import { announceServiceReady } from '../ready-banner.ts';
import { isRoleReady } from '../role-ready.ts';
import { superviseRoles } from '../supervisor.ts';

export async function startCommand(config: Config, logger: Logger): Promise<number> {
  const database = await connectDatabase(config, logger);
  try {
    await migrateDatabase(database.url, logger);
    // Made once here, so the child processes do not race to create them.
    if (!config.jwtSecret) await loadOrCreateSecret(config.dataDir, 'jwt-secret');
    if (!config.secretsEncryptionKey) await loadOrCreateSecret(config.dataDir, SECRETS_KEY_FILE);
    const tls = await loadTlsCredentials(config);
    // The studio's files are built from its sources when missing or stale, before the api serves
    // them. A failed build is reported, not fatal: the API runs, and the studio's pages say so.
    let studioReady = false;
    try {
      const studio = await buildStudio({ log: (message) => logger.info(message) });
      logger.info({ built: studio.built, reason: studio.reason }, 'studio');
      studioReady = true;
    } catch (error) {
      logger.error({ err: error }, 'the studio could not be built; the API starts without it');
    }
    const roles = [
      { name: 'api', args: ['api'] },
      { name: 'worker', args: ['worker', '--role', 'general'] },
      { name: 'media-worker', args: ['worker', '--role', 'media'] },
    ];
    // One banner, the first time every role is up (a role restarted later says nothing).
    const ready = new Set<string>();
    let apiUrl = '';
    const onMessage = (role: string, message: unknown) => {
      if (!isRoleReady(message) || ready.size === roles.length) return;
      ready.add(role);
      if (message.apiUrl) apiUrl = message.apiUrl;
      if (ready.size < roles.length) return;
      announceServiceReady(logger, { apiUrl, studio: studioReady, selfSignedCertificate: tls.selfSigned ? tls.certFile : undefined }, resolveLogFormat(config.logFormat) === 'pretty');
    };
    const supervisor = superviseRoles(
      roles,
      { ...process.env, DATABASE_URL: database.url, DATA_DIR: config.dataDir },
      logger,
      { onMessage },
    );
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'stopping all roles');
      supervisor.stop('SIGTERM');
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const code = await supervisor.done;
    logger.info({ code }, 'all roles stopped');
    return code;
  } finally {
    await database.release();
  }
}
