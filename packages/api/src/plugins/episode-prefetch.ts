// GET /api/episodes/:id — the API's hottest read — asks for its episode's row while the
// caller is still being identified: the two round trips to PostgreSQL (the metering
// statement that loads the caller, and the episode's row) overlap instead of following
// one another, and waiting on them is most of the request's time (docs/benchmarks.md).
// Nothing is decided by the row before the caller is known: the handler still serves it
// only to a reader readableEpisode allows, and an unauthenticated request is refused
// first, its read dropped unseen.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The episode of the path's `:id`, read as the request arrived (routes with `prefetchEpisode`). */
    prefetchedEpisode: Promise<EpisodeRow | undefined> | undefined;
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
    const read = selectEpisodeById(db, id);
    // Awaited by the handler; when the request is refused first, nobody does.
    read.catch(() => undefined);
    request.prefetchedEpisode = read;
  };
}

