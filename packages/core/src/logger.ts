// Structured logs (pino) for every role; the role name is on every line. JSON for log
// collectors, or pino-pretty's readable lines when a person is watching a terminal.
import { pino, type Logger } from 'pino';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

/** What services log through: a role's logger or a request's (Fastify's `request.log`). */
export type ServiceLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

/** LOG_FORMAT when set; otherwise readable lines for a person at a terminal, JSON for the rest. */
export function resolveLogFormat(format: LogFormat | undefined): LogFormat {
  return format ?? (process.stdout.isTTY ? 'pretty' : 'json');
}

export function createLogger(options: { level: string; role: string; format?: LogFormat | undefined }): Logger {
  const format = resolveLogFormat(options.format);
  return pino({
    level: options.level,
    base: { role: options.role, pid: process.pid },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.refreshToken', '*.token', '*.apiKey'],
      censor: '[redacted]',
    },
    ...(format === 'pretty' && {
      // A worker thread formats the lines, so pretty output costs the role nothing.
      // One line per entry, led by the role, so the interleaved roles of `castwright start` stay readable.
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,role', messageFormat: '{role} · {msg}' },
      },
    }),
  });
}
