// Whether an error means the database cannot be reached right now (restarting, failing
// over, refusing connections) rather than that a query was wrong: callers answer the
// first with "try again shortly" (503) and the second as the bug it is.

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATEs: class 08 (connection exception), the shutdown family, and too many connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// pg's own messages for a lost or unobtainable connection (they carry no code).
const CLIENT_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Query read timeout/i, /Client has encountered a connection error/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
  if (CLIENT_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // AggregateError (e.g. connecting to several addresses) and wrapped causes.
  const nested = [...((error as { errors?: unknown[] }).errors ?? []), (error as { cause?: unknown }).cause];
  return nested.some((inner) => inner !== undefined && inner !== error && isDatabaseUnavailable(inner));
}
