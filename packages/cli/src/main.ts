// The `castwright` command line: one program, one role per process. Parsing, help and
// exit codes live in command-line/; each command's work in commands/, loaded only when
// that command runs, so `--version`, help and mistakes answer at once.
import { readFileSync } from 'node:fs';
import type { Tier } from '@castwright/core/tiers';
import { UsageError, type ParsedCommand } from './command-line/command-spec.ts';
import { COMMANDS, PROGRAM } from './command-line/command-table.ts';
import { helpText } from './command-line/command-help.ts';
import { parseCommandLine } from './command-line/parse-command-line.ts';
import { EmbeddedDatabaseError } from './embedded-database-error.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** Runs the command; a long-running role resolves with -1 and exits from its signal handler. */
async function run({ spec, args, options }: ParsedCommand): Promise<number> {
  const config = (await import('@castwright/core/config')).loadConfig();
  const { createLogger } = await import('@castwright/core/logger');
  const command = spec.path.join(' ');
  const role = command === 'worker' ? String(options.role) : spec.path[0];
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, role: role === 'media' ? 'media-worker' : (role ?? 'cli') });
  switch (command) {
    case 'start':
      return (await import('./commands/start.ts')).startCommand(config, logger);
    case 'api':
      await (await import('./commands/roles.ts')).apiCommand(config, logger);
      return -1;
    case 'worker':
      await (await import('./commands/roles.ts')).workerCommand(config, logger, options.role as 'general' | 'media' | 'all');
      return -1;
    case 'migrate':
      await (await import('./commands/admin.ts')).migrateCommand(config, logger);
      return 0;
    case 'user set-tier':
      await (await import('./commands/admin.ts')).setTierCommand(config, logger, String(args.email), args.tier as Tier);
      return 0;
    case 'login':
      await (await import('./commands/login.ts')).loginCommand(config, options);
      return 0;
    case 'logout':
      await (await import('./commands/login.ts')).logoutCommand(config);
      return 0;
    case 'episode create':
    case 'episode list':
    case 'episode get':
    case 'episode delete':
      await (await import('./commands/episode.ts')).episodeCommand(config, { spec, args, options });
      return 0;
    case 'models pull':
      await (await import('./commands/models.ts')).pullModelCommand(config, logger);
      return 0;
    case 'voicing measure':
      await (await import('./commands/voicing.ts')).measureVoicingCommand(config, logger, options);
      return 0;
    default:
      throw new Error(`command "${command}" is declared but has no handler`);
  }
}

async function main(argv: string[]): Promise<number> {
  const line = parseCommandLine(COMMANDS, argv);
  switch (line.kind) {
    case 'version':
      console.log(`${PROGRAM} ${version}`);
      return 0;
    case 'help':
      // Asked for: stdout and success. A bare group or no command at all: a usage mistake.
      if (line.requested) console.log(helpText(COMMANDS, line.path));
      else console.error(helpText(COMMANDS, line.path));
      return line.requested ? 0 : 2;
    case 'run':
      return run(line.command);
  }
}

/** One line for the user; the stack only when the log level asks for detail. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detailed = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  if (detailed) return error.stack ?? error.message;
  const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

try {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exit(code);
} catch (error) {
  if (error instanceof UsageError || error instanceof (await import('@castwright/core/config')).ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof EmbeddedDatabaseError ? error.message : `${PROGRAM}: ${describeFailure(error)} (LOG_LEVEL=debug shows where)`);
  process.exit(1);
}
