// What a service sees of idempotency: plain calls, no request or reply. A service whose
// route takes `Idempotency-Key` records its answer INSIDE the transaction that makes its
// effect, so the effect and the answer a retry will be given commit together or not at
// all: no crash between them can ever lead to a second effect. Without a key, recording
// only keeps the answer for the reply.
import type { Executor, Trx } from '@castwright/core/db/connect';

export interface AnswerRecorder<Result> {
  /**
   * Where an earlier attempt of this same request stopped after its effect committed (its
   * checkpoint), when this attempt took over its lapsed claim; undefined otherwise.
   */
  readonly resumeFrom: string | undefined;
  /**
   * A stable name for this logical request across its retries (undefined without a key),
   * for a third party's own idempotency key (Stripe's).
   */
  readonly callId: string | undefined;
  /**
   * For a body the service reads itself (multipart): claims the key once the whole body is
   * known, before anything is done. Throws the kept answer (a replay), 409 or 422.
   */
  claim(bodyDigest: string): Promise<void>;
  /**
   * In the effect's transaction, when the answer can only come later (it waits on a
   * worker): the point a retry resumes from, instead of acting again, should this attempt
   * die first. `null` when the effect was withdrawn and nothing remains to resume.
   */
  checkpoint(trx: Trx, point: string | null): Promise<void>;
  /**
   * The answer made from `result`, stored on `executor`: the effect's transaction (or the
   * pool, when the effect is elsewhere and idempotent by itself). Throws, so the
   * transaction rolls back, when this attempt no longer holds the key.
   */
  record(executor: Executor, result: Result): Promise<void>;
}
