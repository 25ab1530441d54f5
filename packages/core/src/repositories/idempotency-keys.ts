// Idempotency keys: claimed before a request runs, completed in the request's effect
// transaction, replayed while kept. Every change after the claim is guarded by the claim
// token, so a request whose claim was taken over (its lease lapsed) changes nothing, and
// its effect transaction, failing here, rolls back with it. Time is the database's clock.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { IdempotencyKeyRow } from '../db/schema.ts';

export interface IdempotencyClaim {
  userId: string;
  key: string;
  token: string;
}

export interface NewIdempotencyClaim extends IdempotencyClaim {
  requestHash: string;
  method: string;
  path: string;
  leaseMs: number;
}

const leaseEnd = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
const expired = (retentionMs: number) => sql<boolean>`created_at <= now() - make_interval(secs => ${retentionMs / 1000})`;

/** The first use of a key: its creation time when this call inserted it (and so holds the claim). */
export async function insertIdempotencyClaim(db: Executor, claim: NewIdempotencyClaim): Promise<Date | undefined> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.requestHash,
      method: claim.method,
      path: claim.path,
      claim_token: claim.token,
      leased_until: leaseEnd(claim.leaseMs),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
  return inserted?.created_at;
}

export interface LockedIdempotencyKey extends IdempotencyKeyRow {
  /** Past retention: the key counts as never used. */
  expired: boolean;
  /** In progress, but its holder stopped renewing the lease (died, or gave up with a resumable effect). */
  lapsed: boolean;
}

/** A key already used, locked until the transaction ends (an effect transaction completing it makes this wait). */
export async function lockIdempotencyKey(trx: Trx, userId: string, key: string, retentionMs: number): Promise<LockedIdempotencyKey | undefined> {
  return trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .select([expired(retentionMs).as('expired'), sql<boolean>`state = 'in_progress' AND leased_until < now()`.as('lapsed')])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

/** An expired key used again: the row starts over as a new claim (its new creation time). */
export async function updateIdempotencyClaimRestarted(trx: Trx, claim: NewIdempotencyClaim): Promise<Date> {
  const row = await trx
    .updateTable('idempotency_keys')
    .set({
      request_hash: claim.requestHash,
      method: claim.method,
      path: claim.path,
      state: 'in_progress',
      claim_token: claim.token,
      leased_until: leaseEnd(claim.leaseMs),
      recovery_point: null,
      response_status: null,
      response_body: null,
      created_at: sql`now()`,
      completed_at: null,
    })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}

/** A lapsed claim taken over by a retry of the same request: the old holder's token stops working. */
export async function updateIdempotencyClaimTakenOver(trx: Trx, claim: IdempotencyClaim, leaseMs: number): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ claim_token: claim.token, leased_until: leaseEnd(leaseMs) })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in_progress')
    .execute();
}

function held(db: Executor, claim: IdempotencyClaim) {
  return db
    .updateTable('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claim_token', '=', claim.token)
    .where('state', '=', 'in_progress');
}

/** The holder is alive: its lease runs on. */
export async function updateIdempotencyLeaseRenewed(db: Executor, claim: IdempotencyClaim, leaseMs: number): Promise<void> {
  await held(db, claim).set({ leased_until: leaseEnd(leaseMs) }).execute();
}

/**
 * The answer, in the effect's transaction: false when the claim is no longer this
 * request's (taken over, or expired and deleted), and the caller must roll back.
 */
export async function updateIdempotencyKeyCompleted(db: Executor, claim: IdempotencyClaim, answer: { status: number; sealedBody: string }): Promise<boolean> {
  const result = await held(db, claim)
    .set({ state: 'completed', response_status: answer.status, response_body: answer.sealedBody, completed_at: sql`now()`, recovery_point: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where a retry may resume once this effect has committed (null: nothing to resume); false when the claim is lost. */
export async function updateIdempotencyRecoveryPoint(trx: Trx, claim: IdempotencyClaim, point: string | null): Promise<boolean> {
  const result = await held(trx, claim).set({ recovery_point: point }).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claim up when nothing was done: the key is free again. Not when an effect awaits its answer. */
export async function deleteIdempotencyClaim(db: Executor, claim: IdempotencyClaim): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claim_token', '=', claim.token)
    .where('state', '=', 'in_progress')
    .where('recovery_point', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends the lease now, so a retry can take the claim over at once (and resume from its recovery point). */
export async function updateIdempotencyLeaseEnded(db: Executor, claim: IdempotencyClaim): Promise<void> {
  await held(db, claim).set({ leased_until: sql`now()` }).execute();
}

/** Keys past retention (the general worker's maintenance); returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Executor, retentionMs: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where(expired(retentionMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
