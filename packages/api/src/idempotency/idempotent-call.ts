// One request carrying an Idempotency-Key, from claiming the key to settling it.
//
// 1. Claim: the (account, key) row is inserted `in_progress` with a random claim token and
//    a lease, and committed before the request runs, so a duplicate on any api replica finds
//    it: the same request gets 409 while this one runs (or the kept answer once it is done),
//    another request 422. The lease is renewed while the request runs; a claim whose lease
//    lapsed (its process died) is taken over by the next retry, which gets a new token.
// 2. Effect: the service records the answer in the transaction that makes the effect,
//    guarded by the token (`complete`): if the claim was taken over meanwhile, the update
//    finds nothing and the whole effect rolls back. So the effect happened exactly when its
//    answer is stored: a retry after a crash either replays it or finds nothing was done.
// 3. Settle (as the reply leaves): refusals the request earned once it ran are kept too;
//    anything else (invalid input, 401, 429, 5xx) frees the key, so a retry runs afresh.
import { createHash, randomUUID } from 'node:crypto';
import type { Db, Executor, Trx } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { IDEMPOTENCY_RETENTION_MS } from '@castwright/core/idempotency';
import type { ServiceLogger } from '@castwright/core/logger';
import {
  deleteIdempotencyClaim,
  insertIdempotencyClaim,
  lockIdempotencyKey,
  updateIdempotencyClaimRestarted,
  updateIdempotencyClaimTakenOver,
  updateIdempotencyKeyCompleted,
  updateIdempotencyLeaseEnded,
  updateIdempotencyLeaseRenewed,
  updateIdempotencyRecoveryPoint,
  type IdempotencyClaim,
  type NewIdempotencyClaim,
} from '@castwright/core/repositories/idempotency-keys';
import type { SecretBox } from '@castwright/core/secret-box';
import { ReplayedAnswer } from './replayed-answer.ts';
import { requestFingerprint } from './request-fingerprint.ts';

/** How long a claim outlives its holder's last sign of life. */
const CLAIM_LEASE_MS = 30_000;
const RENEW_EVERY_MS = CLAIM_LEASE_MS / 3;
/** A client told 409 (still in progress) may come back after this long. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** Statuses never kept, even once the request ran: a retry must be able to succeed after them. */
const NEVER_KEPT = new Set([400, 401, 408, 413, 415, 429]);

/**
 * Whether an answer is kept for replays: every success, and the refusals a request earned
 * once its handler began (403, 404, 409, …). Not invalid input (400, 413, 415), missing
 * credentials (401), limits and quota (429), or server errors (5xx): the key is freed for those.
 */
function isKeptAnswer(status: number, ran: boolean): boolean {
  if (status >= 200 && status < 300) return true;
  return ran && status >= 400 && status < 500 && !NEVER_KEPT.has(status);
}

export interface CallIdentity {
  userId: string;
  key: string;
  method: string;
  /** The request's path with its query. */
  path: string;
}

type Begun = { kind: 'claimed'; createdAt: Date; resumeFrom: string | null } | { kind: 'replay'; status: number; sealedBody: string } | { kind: 'gone' };

export class IdempotentCall {
  readonly #db: Db;
  readonly #box: SecretBox;
  readonly #identity: CallIdentity;
  #claim: IdempotencyClaim | undefined;
  #renewal: NodeJS.Timeout | undefined;
  #began = false;
  /** The request reached its handler: refusals from here on are kept. */
  ran = false;
  /** The answer was stored in the effect's transaction. */
  recorded = false;
  resumeFrom: string | undefined;
  callId: string | undefined;

  constructor(services: { db: Db; secretBox: SecretBox }, identity: CallIdentity) {
    this.#db = services.db;
    this.#box = services.secretBox;
    this.#identity = identity;
  }

  get began(): boolean {
    return this.#began;
  }

  /** Claims the key for this request, or throws the kept answer (ReplayedAnswer), 409 or 422. */
  async begin(bodyDigest: string): Promise<void> {
    if (this.#began) throw new Error('an idempotent call is begun once');
    this.#began = true;
    const { userId, key, method, path } = this.#identity;
    const requestHash = requestFingerprint(method, path, bodyDigest);
    // A row deleted between the insert and the look-up (expired, by maintenance) is tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim: NewIdempotencyClaim = { userId, key, method, path, requestHash, token: randomUUID(), leaseMs: CLAIM_LEASE_MS };
      const createdAt = await insertIdempotencyClaim(this.#db, claim);
      const begun: Begun = createdAt ? { kind: 'claimed', createdAt, resumeFrom: null } : await this.#afterConflict(claim);
      if (begun.kind === 'gone') continue;
      if (begun.kind === 'replay') throw new ReplayedAnswer(begun.status, this.#box.open(begun.sealedBody, this.#context()));
      this.#hold(claim, begun.createdAt, begun.resumeFrom);
      return;
    }
    throw new Error(`idempotency key ${key} kept disappearing while it was claimed`);
  }

  /** The key is in use: replay, refuse, or take over a lapsed claim, under the row's lock. */
  async #afterConflict(claim: NewIdempotencyClaim): Promise<Begun> {
    return this.#db.transaction().execute(async (trx): Promise<Begun> => {
      const row = await lockIdempotencyKey(trx, claim.userId, claim.key, IDEMPOTENCY_RETENTION_MS);
      if (!row) return { kind: 'gone' };
      if (row.expired) return { kind: 'claimed', createdAt: await updateIdempotencyClaimRestarted(trx, claim), resumeFrom: null };
      if (row.request_hash !== claim.requestHash) {
        throw new AppError('idempotencyKeyReused', `This Idempotency-Key was first used for ${row.method} ${row.path} with a different body; use a new key for a new request`);
      }
      if (row.state === 'completed' && row.response_status !== null && row.response_body !== null) {
        return { kind: 'replay', status: row.response_status, sealedBody: row.response_body };
      }
      if (!row.lapsed) {
        throw new AppError('idempotencyKeyInUse', undefined, { headers: { 'Retry-After': String(IN_PROGRESS_RETRY_AFTER_SECONDS) } });
      }
      await updateIdempotencyClaimTakenOver(trx, claim, CLAIM_LEASE_MS);
      return { kind: 'claimed', createdAt: row.created_at, resumeFrom: row.recovery_point };
    });
  }

  #hold(claim: IdempotencyClaim, createdAt: Date, resumeFrom: string | null): void {
    this.#claim = { userId: claim.userId, key: claim.key, token: claim.token };
    this.resumeFrom = resumeFrom ?? undefined;
    this.callId = createHash('sha256').update(`${claim.userId}\n${claim.key}\n${createdAt.toISOString()}`).digest('base64url');
    this.#renewal = setInterval(() => {
      const held = this.#claim;
      if (held) updateIdempotencyLeaseRenewed(this.#db, held, CLAIM_LEASE_MS).catch(() => undefined);
    }, RENEW_EVERY_MS).unref();
  }

  /** Stores the answer on `executor` (the effect's transaction); 409 and a rollback when the claim was lost. */
  async complete(executor: Executor, status: number, payload: string): Promise<void> {
    const claim = this.#requireClaim();
    if (!(await updateIdempotencyKeyCompleted(executor, claim, { status, sealedBody: this.#box.seal(payload, this.#context()) }))) throw this.#lost();
    this.recorded = true;
  }

  async checkpoint(trx: Trx, point: string | null): Promise<void> {
    if (!(await updateIdempotencyRecoveryPoint(trx, this.#requireClaim(), point))) throw this.#lost();
  }

  /**
   * As the reply leaves: keeps an answer the effect's transaction did not record (a refusal
   * the request earned; a success from a route whose service does not record, logged), or
   * frees the key. Each guarded by the token and `in_progress`: an answer committed with its
   * effect is never touched.
   */
  async settle(status: number, payload: unknown, logger: ServiceLogger): Promise<void> {
    this.stop();
    const claim = this.#claim;
    this.#claim = undefined;
    if (!claim && !this.#began && status < 300) {
      logger.warn({ path: this.#identity.path }, 'an idempotent route with a multipart body answered without claiming its Idempotency-Key (AnswerRecorder.claim)');
    }
    if (!claim || (this.recorded && status < 300)) return;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (text !== undefined && isKeptAnswer(status, this.ran)) {
        if (status < 300) logger.warn({ path: this.#identity.path }, 'idempotent answer stored after its effect committed: record it in the effect transaction (AnswerRecorder.record)');
        await updateIdempotencyKeyCompleted(this.#db, claim, { status, sealedBody: this.#box.seal(text, this.#context()) });
      } else if (!(await deleteIdempotencyClaim(this.#db, claim))) {
        // An effect awaits its answer (a checkpoint): a retry may take over at once and resume.
        await updateIdempotencyLeaseEnded(this.#db, claim);
      }
    } catch (error) {
      // The lease lapses on its own; until then a retry is told 409.
      logger.error({ err: error, path: this.#identity.path }, 'could not settle an idempotency key');
    }
  }

  stop(): void {
    clearInterval(this.#renewal);
    this.#renewal = undefined;
  }

  #requireClaim(): IdempotencyClaim {
    if (!this.#claim) throw new Error('the Idempotency-Key was not claimed before the effect (call AnswerRecorder.claim first)');
    return this.#claim;
  }

  /** The claim was taken over (its lease lapsed): this attempt must not take effect. */
  #lost(): AppError {
    this.stop();
    this.#claim = undefined;
    return new AppError('idempotencyKeyInUse', 'This request took too long and a retry with the same Idempotency-Key took over; nothing was done by this attempt', {
      headers: { 'Retry-After': String(IN_PROGRESS_RETRY_AFTER_SECONDS) },
    });
  }

  #context(): string {
    return `idempotency:${this.#identity.userId}:${this.#identity.key}`;
  }
}
