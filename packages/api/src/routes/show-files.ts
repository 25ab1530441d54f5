// A show's files: its audio parts (intro, outro, bed, sting) and its cover. Uploads are
// multipart, streamed with a byte bound and checked with ffmpeg before anything is
// stored; each replaces the one before. Owner-scoped: another user's show is a 404.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOW_ARTWORK, SHOW_PART_MAX_BYTES, SHOW_PART_SECONDS, SHOW_PARTS } from '@castwright/core/shows/show-options';
import { conditionalRequest } from '../http/conditional-get.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { uploadForm } from '../plugins/multipart-form.ts';
import { errorResponses, IfMatchHeaders } from '../schemas/common.ts';
import { fileResponse, NotModified } from '../schemas/feeds.ts';
import { bearer } from '../schemas/security.ts';
import { ShowArtworkForm, ShowParams, ShowPartForm, ShowPartParams, ShowReply } from '../schemas/shows.ts';
import type { ApiServices } from '../services.ts';
import { readShowArtwork, removeShowArtwork, uploadShowArtwork } from '../shows/show-artwork.ts';
import { readShowPart, removeShowPart, uploadShowPart } from '../shows/show-parts.ts';
import type { ShowView } from '../shows/show-views.ts';

const PART_RULES =
  `WAV, MP3 or FLAC by its content (whatever it is called), at least 16 kHz, up to ${SHOW_PART_MAX_BYTES / 1024 / 1024} MB (larger is 413); ` +
  `lengths: ${SHOW_PARTS.map((part) => `${part} ${SHOW_PART_SECONDS[part].min}–${SHOW_PART_SECONDS[part].max} s`).join(', ')}. ` +
  'Decoded and checked at once (its real length, not what its header claims; silence refused): a 400 with the reason, and nothing is stored. Kept as mono FLAC.';

export function showFileRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  const common = { tags: ['shows'], security: bearer };
  return async (app) => {
    // Registered here, so only this plugin's routes parse multipart bodies.
    await app.register(multipart, { throwFileSizeLimit: false });

    app.post('/api/shows/:id/audio/:part', {
      preHandler: auth.requireUser,
      config: { idempotent: true, documented: { body: ShowPartForm } },
      schema: {
        ...common,
        summary: "Upload one of a show's audio parts (replacing the one of that kind)",
        description:
          `multipart/form-data with \`file\`. ${PART_RULES} The show's episodes sound the new part when next rendered (POST /api/episodes/{id}/render re-mixes ` +
          'without voicing any line). With `If-Match`, 412 when the show changed since that `ETag`.',
        consumes: ['multipart/form-data'],
        params: ShowPartParams,
        headers: IfMatchHeaders,
        response: { 200: ShowReply, ...errorResponses(400, 401, 404, 412, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (show: ShowView) => ({ success: true as const, show }));
      await uploadShowPart({ ...services, logger: request.log }, uploadForm(request), currentUser(request), request.params.id, request.params.part, request.headers['if-match'], answer);
      return answer.send();
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/shows/:id/audio/:part',
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Hear one of a show's audio parts (the kept mono FLAC)",
        description: 'Conditional GET (`ETag`, 304). 404 when the show has no such part.',
        params: ShowPartParams,
        response: { 200: fileResponse('The part', 'audio/flac', { type: 'string', format: 'binary' }), 304: NotModified, ...errorResponses(401, 404, 429) },
      },
      handler: async (request, reply) => {
        const answer = await readShowPart(services, currentUser(request), request.params.id, request.params.part, conditionalRequest(request.method, request.headers));
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    });

    app.delete('/api/shows/:id/audio/:part', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Remove one of a show's audio parts",
        description: 'The show\'s episodes are mixed without it when next rendered. 404 when the show has no such part. With `If-Match`, 412 when the show changed since that `ETag`.',
        params: ShowPartParams,
        headers: IfMatchHeaders,
        response: { 200: ShowReply, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => ({
      success: true as const,
      show: await removeShowPart({ db, storage, logger: request.log }, currentUser(request), request.params.id, request.params.part, request.headers['if-match']),
    }));

    app.post('/api/shows/:id/artwork', {
      preHandler: auth.requireUser,
      config: { idempotent: true, documented: { body: ShowArtworkForm } },
      schema: {
        ...common,
        summary: "Upload the show's cover (replacing the one before)",
        description:
          `multipart/form-data with \`file\`: a square PNG or JPEG by its content, ${SHOW_ARTWORK.minPixels}–${SHOW_ARTWORK.maxPixels} pixels on a side (as podcast ` +
          `directories take a feed's artwork), up to ${SHOW_ARTWORK.maxBytes / 1024 / 1024} MB. Its size is read from its header before anything is decoded; it is kept ` +
          'as an RGB JPEG without metadata (transparency on white). The show\'s feed names it. With `If-Match`, 412 when the show changed since that `ETag`.',
        consumes: ['multipart/form-data'],
        params: ShowParams,
        headers: IfMatchHeaders,
        response: { 200: ShowReply, ...errorResponses(400, 401, 404, 412, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (show: ShowView) => ({ success: true as const, show }));
      await uploadShowArtwork({ ...services, logger: request.log }, uploadForm(request), currentUser(request), request.params.id, request.headers['if-match'], answer);
      return answer.send();
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/shows/:id/artwork',
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The show's cover, as kept (a JPEG)",
        description: 'Conditional GET (`ETag`, 304). 404 when the show has no uploaded cover.',
        params: ShowParams,
        response: { 200: fileResponse('The cover', 'image/jpeg', { type: 'string', format: 'binary' }), 304: NotModified, ...errorResponses(401, 404, 429) },
      },
      handler: async (request, reply) => {
        const answer = await readShowArtwork(services, currentUser(request), request.params.id, conditionalRequest(request.method, request.headers));
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    });

    app.delete('/api/shows/:id/artwork', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Remove the show's cover (its feed draws one from the name again)",
        description: '404 when the show has no uploaded cover. With `If-Match`, 412 when the show changed since that `ETag`.',
        params: ShowParams,
        headers: IfMatchHeaders,
        response: { 200: ShowReply, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => ({ success: true as const, show: await removeShowArtwork({ db, storage, logger: request.log }, currentUser(request), request.params.id, request.headers['if-match']) }));
  };
}
