// GET /api/episodes/:id/audio: the episode's MP3, streamed from storage with HTTP
// Range support (206 partial content), so players can seek.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import parseRange from 'range-parser';
import { AppError } from '@castwright/core/errors';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

/** Documents a binary body; typed loosely so the handler may send a stream. */
function binaryAudio(description: string): object {
  return { description, content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } } } };
}

export function episodeAudioRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.get('/api/episodes/:id/audio', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'Download or stream the episode audio (MP3)',
        description: 'Supports `Range: bytes=start-end` (206 Partial Content; 416 when outside the file). Same access rules as GET /api/episodes/{id}.',
        security: optionalBearer,
        params: IdParams,
        response: {
          200: binaryAudio('The whole file'),
          206: binaryAudio('The requested byte range'),
          ...errorResponses(401, 404, 416),
        },
      },
    }, async (request, reply) => {
      const episode = await readableEpisode(db, request, request.params.id);
      const info = episode.status === 'ready' && episode.audio_key ? await storage.stat(episode.audio_key) : null;
      if (!episode.audio_key || !info) throw new AppError('notFound', 'The audio of this episode is not available yet');

      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', info.contentType)
        .header('Cache-Control', episode.is_public ? 'public, max-age=3600' : 'private, max-age=3600')
        .header('Content-Disposition', `inline; filename="${episode.id}.mp3"`);

      const header = request.headers.range;
      const ranges = header ? parseRange(info.size, header, { combine: true }) : undefined;
      if (ranges === -1) {
        throw new AppError('rangeNotSatisfiable', undefined, { headers: { 'Content-Range': `bytes */${info.size}` } });
      }
      // A malformed Range header (-2) is ignored, as HTTP says: the whole file is sent.
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length > 0) {
        const { start, end } = ranges[0] as { start: number; end: number };
        reply.status(206).header('Content-Range', `bytes ${start}-${end}/${info.size}`).header('Content-Length', end - start + 1);
        return reply.send(await storage.read(episode.audio_key, { start, end }));
      }
      reply.header('Content-Length', info.size);
      return reply.send(await storage.read(episode.audio_key));
    });
  };
}
