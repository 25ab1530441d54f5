// POST /api/episodes/upload: an episode from a document.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createUploadEpisode } from '../episodes/create-upload-episode.ts';
import { acceptedEpisodeBody } from '../episodes/episode-views.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { uploadForm } from '../plugins/multipart-form.ts';
import { errorResponses } from '../schemas/common.ts';
import { CreatedEpisode, UploadEpisodeForm } from '../schemas/episodes.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function episodeUploadRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage, config } = services;
  return async (app) => {
    // Registered here, so only this plugin's routes parse multipart bodies.
    await app.register(multipart, { throwFileSizeLimit: false });

    app.post('/api/episodes/upload', {
      preHandler: auth.requireUser,
      config: { idempotent: true, documented: { body: UploadEpisodeForm } },
      schema: {
        tags: ['episodes'],
        summary: 'Create an episode from a document (PDF, DOCX, DOC, TXT, MD)',
        description:
          'multipart/form-data: `file` (required), `preset` (default standard) or `durationMinutes` (not both), `hostMode`, `voiceStyle`, `voicePair`, `format`, `reactions`, ' +
          'and `hosts`: the same JSON array of named hosts POST /api/episodes takes, as one text field; `showId` as POST /api/episodes takes it. ' +
          'The file may be up to the tier\'s upload limit (free 5 MB, creator 20 MB, professional 50 MB, enterprise 100 MB); larger is 413. ' +
          'Counts against the monthly quota. Processing is asynchronous: follow /api/episodes/{id}/stream.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 202: CreatedEpisode, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 202, acceptedEpisodeBody);
      await createUploadEpisode({ db, config, storage, logger: request.log }, uploadForm(request), currentUser(request), answer);
      return answer.send();
    });
  };
}
