// Sends a sample endpoint's answer (voices/stored-sample.ts): the MP3 or its 304 as the
// service shaped it, or 202 with Retry-After while a media worker makes it.
import type { FastifyReply } from 'fastify';
import type { SampleAnswer } from '../voices/stored-sample.ts';

export function sendSample(reply: FastifyReply, sample: SampleAnswer): FastifyReply {
  if (sample.kind === 'pending') {
    return reply.status(202).header('Retry-After', String(sample.retryAfter)).send({
      success: true as const,
      message: 'The sample is being made; ask again after Retry-After seconds',
      retryAfter: sample.retryAfter,
    });
  }
  return reply.status(sample.answer.status).headers(sample.answer.headers).send(sample.answer.body);
}
