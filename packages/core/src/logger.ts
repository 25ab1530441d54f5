// Structured JSON logs (pino) for every role; the role name is on every line.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(options: { level: string; role: string }): Logger {
  return pino({
    level: options.level,
    base: { role: options.role, pid: process.pid },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.refreshToken', '*.token', '*.apiKey'],
      censor: '[redacted]',
    },
  });
}
