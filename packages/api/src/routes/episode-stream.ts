// GET /api/episodes/:id/stream: progress as Server-Sent Events. The stream subscribes
// first, then reads the current state, so nothing between "read" and "subscribe" can
// be missed; duplicates and stale steps are dropped, and it closes at ready or error.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { isTerminal, type EpisodeStatus } from '@castwright/core/episode-states';
import { findEpisode } from '@castwright/core/repositories/episodes';
import type { ProgressEvent } from '@castwright/core/progress';
import Type from 'typebox';
import { audioSecondsOf, audioUrlOf } from '../episodes/episode-views.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const KEEP_ALIVE_MS = 15_000;

export const StreamMessage = Type.Object({
  status: Type.String(),
  progressPercent: Type.Integer(),
  audioUrl: Type.Optional(Type.String()),
  audioDuration: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
});

interface StreamState {
  status: EpisodeStatus;
  progressPercent: number;
}

function messageFor(row: EpisodeRow): Record<string, unknown> {
  const message: Record<string, unknown> = { status: row.status, progressPercent: row.progress_percent };
  if (row.status === 'ready') {
    message.audioUrl = audioUrlOf(row);
    message.audioDuration = audioSecondsOf(row);
  }
  if (row.status === 'error') message.error = row.error_message ?? 'Processing failed';
  return message;
}

export function episodeStreamRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, progressHub } = services;
  return async (app) => {
    app.get('/api/episodes/:id/stream', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: 'Follow processing as Server-Sent Events',
        description:
          'Content type text/event-stream. The first message is the current state; then one `data:` message per change: ' +
          '{"status","progressPercent"} (10 ingesting, 30 generating_script, 70 to 99 generating_audio, 100 ready), plus ' +
          '`audioUrl` and `audioDuration` at ready and `error` at error. The server closes the stream after ready or error. ' +
          'A `: keep-alive` comment is sent every 15 seconds.',
        security: bearer,
        params: IdParams,
        response: {
          200: { description: 'An event stream of progress messages', content: { 'text/event-stream': { schema: StreamMessage } } },
          ...errorResponses(401, 404),
        },
      },
    }, async (request, reply) => {
      const episodeId = (await readableEpisode(db, request, request.params.id)).id;
      let last: StreamState | undefined;
      let finished = false;
      let chain = Promise.resolve();

      const finish = () => {
        if (finished) return;
        finished = true;
        unsubscribe();
        clearInterval(keepAlive);
        reply.sseContext?.source.end();
      };

      const send = (state: StreamState, message: Record<string, unknown>) => {
        if (finished) return;
        const terminal = isTerminal(state.status);
        const stale = last && !terminal && (state.progressPercent < last.progressPercent ||
          (state.progressPercent === last.progressPercent && state.status === last.status));
        if (stale) return;
        last = state;
        reply.sse({ data: JSON.stringify(message) });
        if (terminal) finish();
      };

      const sendCurrentRow = async () => {
        const row = await findEpisode(db, episodeId);
        if (!row) return finish();
        send({ status: row.status, progressPercent: row.progress_percent }, messageFor(row));
      };

      const onEvent = async (event: ProgressEvent) => {
        // Terminal states carry more than a notification holds (audio address, error reason).
        if (isTerminal(event.status)) return sendCurrentRow();
        send(event, { status: event.status, progressPercent: event.progressPercent });
      };

      const enqueue = (step: () => Promise<void>) => {
        chain = chain.then(step).catch((error: unknown) => {
          request.log.warn({ err: error, episodeId }, 'progress stream step failed');
        });
      };

      const unsubscribe = progressHub.subscribe(episodeId, {
        onEvent: (event) => enqueue(() => onEvent(event)),
        onResync: () => enqueue(sendCurrentRow),
      });
      const keepAlive = setInterval(() => {
        if (!finished) reply.sse({ comment: 'keep-alive' });
      }, KEEP_ALIVE_MS);
      request.raw.on('close', finish);
      enqueue(sendCurrentRow);
      await chain;
    });
  };
}
