// graphile-worker logs through our pino logger; its info lines are chatty, so they go to debug.
import { Logger as GraphileLogger, type LogLevel } from 'graphile-worker';
import type { Logger } from '@castwright/core/logger';

export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger(() => (level: LogLevel, message: string, meta?: unknown) => {
    const fields = { graphile: meta };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}
