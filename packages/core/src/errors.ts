// The one catalog of client-visible errors: HTTP status, the spec's short `error`
// string, and a default human-readable message. Everything a client can see comes
// from here; anything else becomes a 500 whose internals stay in the log.

export const ERRORS = {
  validation: { status: 400, error: 'Validation failed', message: 'The request is invalid' },
  weakPassword: { status: 400, error: 'Weak password', message: 'Password does not meet the requirements' },
  invalidResetToken: { status: 400, error: 'Invalid or expired token', message: 'The reset link is invalid or has expired' },
  invalidSignature: { status: 400, error: 'Invalid signature', message: 'The event signature does not match its body' },
  httpsRequired: { status: 400, error: 'HTTPS required', message: 'This service is only available over HTTPS' },
  unauthorized: { status: 401, error: 'Unauthorized', message: 'Authentication required' },
  invalidToken: { status: 401, error: 'Invalid token', message: 'The access token is invalid or has expired' },
  invalidCredentials: { status: 401, error: 'Invalid credentials', message: 'E-mail or password is incorrect' },
  invalidRefreshToken: { status: 401, error: 'Invalid refresh token', message: 'The refresh token is invalid, expired or revoked; log in again' },
  forbidden: { status: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
  presetNotAllowed: { status: 403, error: 'Preset not allowed', message: 'This preset is not available on your tier' },
  durationNotAllowed: { status: 403, error: 'Duration not allowed', message: 'This length is beyond the longest episode of your tier' },
  sourceLimit: { status: 403, error: 'Source limit exceeded', message: 'The sources are beyond what your tier allows for one episode' },
  tierRequired: { status: 403, error: 'Upgrade required', message: 'This feature needs a higher tier' },
  notFound: { status: 404, error: 'Not found', message: 'The resource does not exist' },
  emailTaken: { status: 409, error: 'Email already registered', message: 'An account with this e-mail already exists' },
  conflict: { status: 409, error: 'Conflict', message: 'The resource is not in a state that allows this' },
  limitReached: { status: 409, error: 'Limit reached', message: 'This would go beyond a documented per-account limit' },
  idempotencyKeyInUse: { status: 409, error: 'Idempotency key in use', message: 'A request with this Idempotency-Key is still being processed; retry once it has finished' },
  preconditionFailed: { status: 412, error: 'Precondition failed', message: 'The resource changed since you read it; read it again and retry' },
  payloadTooLarge: { status: 413, error: 'Payload too large', message: 'The request body exceeds the size limit' },
  unsupportedMediaType: { status: 415, error: 'Unsupported media type', message: 'The request content type is not supported' },
  rangeNotSatisfiable: { status: 416, error: 'Range not satisfiable', message: 'The requested byte range is outside the file' },
  idempotencyKeyReused: { status: 422, error: 'Idempotency key reused', message: 'This Idempotency-Key was first used with a different request; use a new key for a new request' },
  rateLimited: { status: 429, error: 'Rate limit exceeded', message: 'Too many requests; try again later' },
  quotaExceeded: { status: 429, error: 'Monthly quota exceeded', message: 'You have used all episodes of your monthly quota' },
  internal: { status: 500, error: 'Internal server error', message: 'Something went wrong on our side' },
  unavailable: { status: 503, error: 'Service unavailable', message: 'The service is temporarily unavailable' },
} as const satisfies Record<string, { status: number; error: string; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Extra body fields some errors carry (`errors[]` for weak passwords, `quota` and `upgrade` for quota). */
export type ErrorExtras = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly error: string;
  readonly extras: ErrorExtras | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, options?: { extras?: ErrorExtras; headers?: Record<string, string> }) {
    const entry = ERRORS[code];
    super(message ?? entry.message);
    this.code = code;
    this.status = entry.status;
    this.error = entry.error;
    this.extras = options?.extras;
    this.headers = options?.headers;
  }

  /** A 400 whose `errors[]` lists each unmet rule (by default, the message itself). */
  static validation(message: string, errors: string[] = [message]): AppError {
    return new AppError('validation', message, { extras: { errors } });
  }

  toBody(): { success: false; error: string; message: string } & ErrorExtras {
    return { success: false, error: this.error, message: this.message, ...this.extras };
  }
}

/**
 * An error that no retry can fix (bad input, content that cannot be used): the
 * pipeline fails the episode at once instead of retrying.
 */
export class PermanentError extends Error {}

/**
 * An error a retry may fix (a service that is down for a while), with a reason the user
 * may read if the last attempt fails too; the underlying error stays in `cause` and the log.
 */
export class TransientError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.reason = reason;
  }
}
