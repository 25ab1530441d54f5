// The route's side of an idempotent answer: what the route will send, made by its own view
// function from the service's result and serialized with the route's response schema at
// the moment the service records it (inside its effect's transaction), so the first reply
// and every replay are the same bytes. Routes without a key use it the same way.
//
//   const answer = idempotentAnswer(request, reply, 202, acceptedEpisodeBody);
//   await createEpisode(db, user, input, answer);
//   return answer.send();
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor, Trx } from '@castwright/core/db/connect';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';

export interface RouteAnswer<Result> extends AnswerRecorder<Result> {
  /** Sends the recorded answer; the service must have recorded one. */
  send(): FastifyReply;
}

export function idempotentAnswer<Result>(request: FastifyRequest, reply: FastifyReply, status: number, view: (result: Result) => Record<string, unknown>): RouteAnswer<Result> {
  const call = request.idempotency;
  let payload: string | undefined;
  return {
    get resumeFrom() {
      return call?.resumeFrom;
    },
    get callId() {
      return call?.callId;
    },
    async claim(bodyDigest: string) {
      if (!call || call.began) return;
      // Claimed by the handler itself: what it answers from here on was earned by running.
      call.ran = true;
      await call.begin(bodyDigest);
    },
    async checkpoint(trx: Trx, point: string | null) {
      if (call) await call.checkpoint(trx, point);
    },
    async record(executor: Executor, result: Result) {
      const text = String(reply.serializeInput(view(result), String(status)));
      if (call) await call.complete(executor, status, text);
      payload = text;
    },
    send() {
      if (payload === undefined) throw new Error(`${request.method} ${request.url}: the service recorded no answer`);
      return reply.status(status).type('application/json; charset=utf-8').send(payload);
    },
  };
}
