// GET /api/episodes/:id/sources: what the episode is made from, each source with where it
// is discussed. The access rules of GET /api/episodes/:id apply.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readEpisodeSources } from '../episodes/episode-sources.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { optionalBearer } from '../schemas/security.ts';
import { EpisodeSourcesReply } from '../schemas/sources.ts';
import type { ApiServices } from '../services.ts';

export function episodeSourceRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  return async (app) => {
    app.get('/api/episodes/:id/sources', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: "The episode's sources, each with the moments it is discussed",
        description:
          'Every source in order (`index` is the `source` of the script lines\' `sourceRefs`), how it was read (`status`, `error` for one that failed), ' +
          'and `timestamps`: where in the published audio lines drawing on it start (empty before the episode is ready, and for sources left out or unread).',
        security: optionalBearer,
        params: IdParams,
        response: { 200: EpisodeSourcesReply, ...errorResponses(401, 404) },
      },
    }, async (request) => ({ success: true as const, ...(await readEpisodeSources(db, await readableEpisode(db, request.user, request.params.id))) }));
  };
}
