// The `castwright` command line: one program, one role per process.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { migrateCommand, setTierCommand, UsageError } from './commands/admin.ts';
import { modelsCommand } from './commands/models.ts';
import { apiCommand, workerCommand } from './commands/roles.ts';
import { startCommand } from './commands/start.ts';
import { EmbeddedDatabaseError } from './embedded-database.ts';

const HELP = `Usage: castwright <command>

Commands:
  start                          run everything on this machine (embedded PostgreSQL unless DATABASE_URL is set)
  api                            run the HTTPS API
  worker --role general|media|all run a job worker (default role: general)
  migrate                        bring the database schema up to date
  user set-tier <email> <tier>   change a user's tier (free, creator, professional, enterprise)
  models pull kokoro             download the Kokoro voices (checksum-pinned) into KOKORO_MODEL_DIR

Configuration comes from the environment; see the README.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string', default: 'general' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(HELP);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig();
  const role = command === 'worker' ? values.role : command;
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, role: role === 'media' ? 'media-worker' : (role ?? 'cli') });

  switch (command) {
    case 'start':
      return startCommand(config, logger);
    case 'api':
      await apiCommand(config, logger);
      return -1;
    case 'worker': {
      if (values.role !== 'general' && values.role !== 'media' && values.role !== 'all') {
        throw new UsageError('--role must be general, media or all');
      }
      await workerCommand(config, logger, values.role);
      return -1;
    }
    case 'migrate':
      await migrateCommand(config, logger);
      return 0;
    case 'user':
      if (rest[0] !== 'set-tier') throw new UsageError('usage: castwright user set-tier <email> <tier>');
      await setTierCommand(config, logger, rest[1], rest[2]);
      return 0;
    case 'models':
      await modelsCommand(config, logger, rest);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
  }
}

try {
  const code = await main(process.argv.slice(2));
  // -1: a long-running role; it exits from its signal handler.
  if (code >= 0) process.exit(code);
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof EmbeddedDatabaseError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
