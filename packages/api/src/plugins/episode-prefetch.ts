// GET /api/episodes/:id — the API's hottest read — asks for its episode (the row, its
// sources and its show's name, one statement) while the caller is still being identified:
// the two round trips to PostgreSQL (the metering statement that loads the caller, and the
// episode's) overlap instead of following one another, and waiting on them is most of the
// request's time (docs/benchmarks.md).
// Nothing is decided by the row before the caller is known: the handler still serves it
// only to a reader readableEpisode allows, and an unauthenticated request is refused
// first, its read dropped unseen.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '@castwright/core/db/connect';
import { selectEpisodeWithDetail, type EpisodeWithDetail } from '@castwright/core/repositories/episodes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The episode of the path's `:id`, read as the request arrived (routes with `prefetchEpisode`). */
    prefetchedEpisode: Promise<EpisodeWithDetail | undefined> | undefined;
  }
}

/** Longer than any id: such a path is refused by its schema, not looked up. */
const MAX_ID_LENGTH = 64;

export function decoratePrefetchedEpisode(app: FastifyInstance): void {
  app.decorateRequest('prefetchedEpisode', undefined);
}

/** An onRequest hook, before authentication, that starts reading the path's episode. */
export function prefetchEpisode(db: Db): onRequestAsyncHookHandler {
  return async (request) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id !== 'string' || id.length > MAX_ID_LENGTH) return;
    const read = selectEpisodeWithDetail(db, id);
    // Awaited by the handler; when the request is refused first, nobody does.
    read.catch(() => undefined);
    request.prefetchedEpisode = read;
  };
}

/** The path's episode: the read started as the request arrived, or (an id too long to prefetch) a read now. */
export function prefetchedEpisode(db: Db, request: FastifyRequest): Promise<EpisodeWithDetail | undefined> {
  return request.prefetchedEpisode ?? selectEpisodeWithDetail(db, (request.params as { id: string }).id);
}
