// A kept answer being given again: thrown where a retry is recognised (before the route's
// service runs, or by a service that reads its own body, such as an upload), and sent by
// the error handler exactly as it was first sent, with `Idempotent-Replayed: true`.
export class ReplayedAnswer extends Error {
  readonly status: number;
  /** The JSON text first sent. */
  readonly body: string;

  constructor(status: number, body: string) {
    super(`replaying the ${status} answer kept for this Idempotency-Key`);
    this.status = status;
    this.body = body;
  }
}

export const REPLAYED_HEADER = 'Idempotent-Replayed';
