// Every way talking to a Chatterbox server can fail, as one error type whose message
// the worker can record as the reason it fell back to another engine.

export interface ChatterboxErrorOptions {
  /** The HTTP status the server answered with, when it answered. */
  status?: number;
  /**
   * True when the same request could succeed later (server down, overloaded or
   * slow); false when it never will as sent (rejected input, bad key, not audio).
   */
  transient: boolean;
  /**
   * Set when the server answered but its model is still loading (worth waiting for, not
   * retrying at once): what the server says it is doing.
   */
  loading?: string | undefined;
  cause?: unknown;
}

export class ChatterboxError extends Error {
  override name = 'ChatterboxError';
  readonly status: number | undefined;
  readonly transient: boolean;
  readonly loading: string | undefined;

  constructor(message: string, options: ChatterboxErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.transient = options.transient;
    this.loading = options.loading;
  }
}
