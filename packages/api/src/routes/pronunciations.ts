// The account's pronunciation lexicon (owner-scoped: another user's entry is a 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PRONUNCIATION_LIMITS } from '@castwright/core/pronunciations';
import { conditionalRequest } from '../http/conditional-get.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { sendSample } from '../plugins/sample-reply.ts';
import { createPronunciation } from '../pronunciations/create-pronunciation.ts';
import { editPronunciation } from '../pronunciations/edit-pronunciation.ts';
import { readPronunciationSample } from '../pronunciations/pronunciation-sample.ts';
import { listPronunciations } from '../pronunciations/read-pronunciations.ts';
import type { PronunciationView } from '../pronunciations/pronunciation-views.ts';
import { removePronunciation } from '../pronunciations/remove-pronunciation.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import {
  CreatePronunciationBody,
  PronunciationList,
  PronunciationParams,
  PronunciationReply,
  PronunciationSampleQuery,
  UpdatePronunciationBody,
} from '../schemas/pronunciations.ts';
import { binaryAudio } from '../schemas/episodes.ts';
import { SamplePending } from '../schemas/voices.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const RULES =
  'An entry changes how a term is said wherever it appears as a whole word in a line (any capitalisation unless `caseSensitive`; ' +
  'the longest term wins where entries overlap). Kokoro says `ipa` as given, else the `sayAs` respelling; Chatterbox and the built-in ' +
  'voice say `sayAs`, else a respelling made from `ipa`. Scripts and transcripts keep the original words. A render reads the lexicon ' +
  'once, when it starts.';

export function pronunciationRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, storage, auth } = services;
  const common = { tags: ['pronunciations'], security: bearer };
  return async (app) => {
    app.get('/api/pronunciations', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The account's pronunciation lexicon",
        description: `Every entry, by term (at most ${PRONUNCIATION_LIMITS.entriesPerAccount}, so never paginated). ${RULES}`,
        response: { 200: PronunciationList, ...errorResponses(401, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listPronunciations(db, currentUser(request))) }));

    app.post('/api/pronunciations', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Add a lexicon entry',
        description:
          `\`term\` 1–${PRONUNCIATION_LIMITS.termMaxLength} characters, \`sayAs\` 1–${PRONUNCIATION_LIMITS.sayAsMaxLength} characters of plain text, ` +
          `\`ipa\` 1–${PRONUNCIATION_LIMITS.ipaMaxLength} IPA symbols (400 naming any character Kokoro cannot say); at least one of \`sayAs\` and \`ipa\`. ` +
          `409 \`Conflict\` when the lexicon already has the term (in any capitalisation, or this exact one for a case-sensitive entry), ` +
          'with `existing` {id, term}: the entry to change instead; ' +
          `409 \`Limit reached\` beyond ${PRONUNCIATION_LIMITS.entriesPerAccount} entries.`,
        body: CreatePronunciationBody,
        response: { 201: PronunciationReply, ...errorResponses(400, 401, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (pronunciation: PronunciationView) => ({ success: true as const, pronunciation }));
      await createPronunciation(db, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.put('/api/pronunciations/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Change a lexicon entry',
        description: 'Only the fields given change (null removes `sayAs` or `ipa`; one of them must remain), with the same rules as adding one. Episodes rendered after the change say it; re-rendering an episode voices again only the lines whose sound the entry changes.',
        params: PronunciationParams,
        body: UpdatePronunciationBody,
        response: { 200: PronunciationReply, ...errorResponses(400, 401, 404, 409, 429) },
      },
    }, async (request) => ({ success: true as const, pronunciation: await editPronunciation({ db, storage, logger: request.log }, currentUser(request), request.params.id, request.body) }));

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/pronunciations/:id/sample',
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Hear an entry: an MP3 of a short phrase that says the term as the entry does',
        description:
          'Said in the catalog voice `voice` (default `offline:slt`), with the entry applied as an episode\'s render applies it. Made once per entry, voice and ' +
          'version of the entry by a media worker, and kept: while it is being made the answer is 202 with `Retry-After` (seconds), ask again then. ' +
          'A changed entry makes a new sample (the old one is never served again); a deleted entry has none. 400 for a voice not in your catalog, ' +
          '409 when no live media worker can voice it now. Conditional GET (`ETag`, 304) is supported.',
        params: PronunciationParams,
        querystring: PronunciationSampleQuery,
        response: {
          200: binaryAudio('The entry said'),
          202: SamplePending,
          304: { description: 'Not modified', type: 'null' },
          ...errorResponses(400, 401, 404, 409, 429),
        },
      },
      handler: async (request, reply) =>
        sendSample(reply, await readPronunciationSample(services, currentUser(request), { id: request.params.id, voice: request.query.voice }, conditionalRequest(request.method, request.headers))),
    });

    app.delete('/api/pronunciations/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete a lexicon entry',
        description: 'Episodes already rendered keep their audio; the next render says the term as written.',
        params: PronunciationParams,
        response: { 200: MessageBody, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => {
      await removePronunciation({ db, storage, logger: request.log }, currentUser(request), request.params.id);
      return { success: true as const, message: 'Pronunciation entry deleted' };
    });
  };
}
