// The voice catalog, samples and custom voices.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLIP_BOUNDS, MAX_CUSTOM_VOICES_PER_ACCOUNT } from '@castwright/core/voices/custom-voices';
import { conditionalRequest } from '../http/conditional-get.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { uploadForm } from '../plugins/multipart-form.ts';
import { requireTier } from '../plugins/require-tier.ts';
import { sendSample } from '../plugins/sample-reply.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { binaryAudio } from '../schemas/episodes.ts';
import { bearer } from '../schemas/security.ts';
import { CreateVoiceForm, SamplePending, VoiceList, VoiceParams, VoiceReply, VoicesQuery } from '../schemas/voices.ts';
import type { ApiServices } from '../services.ts';
import { createCustomVoice, type CreatedCustomVoice } from '../voices/create-custom-voice.ts';
import { listVoices } from '../voices/list-voices.ts';
import { removeCustomVoice } from '../voices/remove-custom-voice.ts';
import { readVoiceSample } from '../voices/voice-sample.ts';
import { voiceView } from '../voices/voice-views.ts';

export function voiceRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['voices'], security: bearer };
  return async (app) => {
    // Registered here, so only this plugin's routes parse multipart bodies.
    await app.register(multipart, { throwFileSizeLimit: false });

    app.get('/api/voices', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'The voices you can give your hosts',
        description:
          'Every voice of every engine the media workers have (published by the workers themselves), and your own custom voices. ' +
          '`available` is false while no live media worker can speak a voice (it cannot be chosen then). Filter by `engine` and `language`.',
        querystring: VoicesQuery,
        response: { 200: VoiceList, ...errorResponses(400, 401) },
      },
    }, async (request) => ({ success: true as const, voices: await listVoices(services, currentUser(request), request.query) }));

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/voices/:id/sample',
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Hear a voice: an MP3 of one fixed sentence',
        description:
          'Made once per voice by a media worker and kept. While the first one is being made the answer is 202 with `Retry-After` (seconds): ' +
          'ask again then. 409 when no live media worker can voice it now. Conditional GET (`ETag`, 304) is supported.',
        params: VoiceParams,
        response: {
          200: binaryAudio('The sample'),
          202: SamplePending,
          304: { description: 'Not modified', type: 'null' },
          ...errorResponses(401, 404, 409),
        },
      },
      handler: async (request, reply) =>
        sendSample(reply, await readVoiceSample(services, currentUser(request), request.params.id, conditionalRequest(request.method, request.headers))),
    });

    app.post('/api/voices', {
      preHandler: [auth.requireUser, requireTier('creator', 'Custom voices')],
      config: { idempotent: true, documented: { body: CreateVoiceForm } },
      schema: {
        ...common,
        summary: 'Add a custom voice from a clip of one speaker (creator tier and up)',
        description:
          `multipart/form-data: \`name\`, \`file\` (WAV, MP3 or FLAC, ${CLIP_BOUNDS.minSeconds}–${CLIP_BOUNDS.maxSeconds} s, at least ${CLIP_BOUNDS.minSampleRate / 1000} kHz, ` +
          `up to ${CLIP_BOUNDS.maxBytes / 1024 / 1024} MB: larger is 413), \`consent\` = \`true\`, and optional \`gender\`, \`language\`, \`description\`. ` +
          'The clip is decoded and checked at once (length, sample rate, silence, clipping: 400 with the reason), then registered with the ' +
          'Chatterbox server\'s voice library by a media worker (`status` processing, then ready). Only you see it, and it works in `hosts[].voice`. ' +
          `At most ${MAX_CUSTOM_VOICES_PER_ACCOUNT} custom voices an account (409).`,
        consumes: ['multipart/form-data'],
        response: { 201: VoiceReply, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (voice: CreatedCustomVoice) => ({ success: true as const, voice: voiceView(voice) }));
      await createCustomVoice({ ...services, logger: request.log }, uploadForm(request), currentUser(request), answer);
      return answer.send();
    });

    app.delete('/api/voices/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete one of your custom voices',
        description:
          'It leaves the catalog at once; its clip, sample and Chatterbox library entry are removed by a media worker shortly after. ' +
          'Episodes that named it are voiced with the closest voice by gender if they render again. 404 for a voice that is not yours; 403 for a built-in voice.',
        params: VoiceParams,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404) },
      },
    }, async (request) => {
      await removeCustomVoice(db, currentUser(request), request.params.id, { fair: services.config.fairScheduling });
      return { success: true as const, message: 'Voice deleted' };
    });
  };
}
