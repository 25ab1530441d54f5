// `castwright start`: the whole service on one machine — database (embedded unless
// DATABASE_URL is set), migrations, then the api, general worker and media worker as
// separate processes.
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { SECRETS_KEY_FILE } from '@castwright/core/secret-box';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { buildStudio } from '@castwright/studio/build';
import { connectDatabase } from '../database-connection.ts';
import { migrateDatabase } from '../migrate-database.ts';
import { superviseRoles } from '../supervisor.ts';

export async function startCommand(config: Config, logger: Logger): Promise<number> {
  const database = await connectDatabase(config, logger);
  try {
    await migrateDatabase(database.url, logger);
    // Made once here, so the child processes do not race to create them.
    if (!config.jwtSecret) await loadOrCreateSecret(config.dataDir, 'jwt-secret');
    if (!config.secretsEncryptionKey) await loadOrCreateSecret(config.dataDir, SECRETS_KEY_FILE);
    await loadTlsCredentials(config);
    // The studio's files are built from its sources when missing or stale, before the api serves
    // them. A failed build is reported, not fatal: the API runs, and the studio's pages say so.
    try {
      const studio = await buildStudio({ log: (message) => logger.info(message) });
      logger.info({ built: studio.built, reason: studio.reason }, 'studio');
    } catch (error) {
      logger.error({ err: error }, 'the studio could not be built; the API starts without it');
    }
    const supervisor = superviseRoles(
      [
        { name: 'api', args: ['api'] },
        { name: 'worker', args: ['worker', '--role', 'general'] },
        { name: 'media-worker', args: ['worker', '--role', 'media'] },
      ],
      { ...process.env, DATABASE_URL: database.url, DATA_DIR: config.dataDir },
      logger,
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
