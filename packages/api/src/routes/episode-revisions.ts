// Rendering an edited episode again, its revisions, and restoring one (owner only).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listRevisions } from '../episodes/list-revisions.ts';
import { renderEpisode, type QueuedRevision } from '../episodes/render-episode.ts';
import { restoreRevision } from '../episodes/restore-revision.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { ScriptIfMatchHeaders } from '../schemas/episode-script.ts';
import { RenderQueued, RevisionList, RevisionParams, RevisionsQuery } from '../schemas/episode-revisions.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const RENDERING =
  'The episode moves ready → generating_audio → ready with the same stream messages as a first render; until the new revision is published the previous audio, transcript, show notes, chapters and feed item keep being served. ' +
  'Only lines not voiced before are voiced. A render that fails leaves the previous revision published and the episode ready, with the reason on the revision. ' +
  'Counts no episode against the monthly quota. 409 while a render runs, in review_script (approve instead) and before a script exists; 412 when `If-Match` names a script that has changed since.';

function queued(message: string, { episode, revision }: QueuedRevision) {
  return {
    success: true as const,
    message,
    episode: { id: episode.id, status: episode.status },
    revision: { revision: revision.revision, linesChanged: revision.lines_changed, restoredFrom: revision.restored_from },
  };
}

export function episodeRevisionRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['script'], security: bearer };
  return async (app) => {
    app.post('/api/episodes/:id/render', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Render the edited script as a new revision',
        description: RENDERING,
        params: IdParams,
        headers: ScriptIfMatchHeaders,
        response: { 202: RenderQueued, ...errorResponses(401, 404, 409, 412) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 202, (rendering: QueuedRevision) =>
        queued('The episode is being rendered again; the published audio is served until the new revision is ready', rendering));
      await renderEpisode(db, currentUser(request).id, request.params.id, request.headers['if-match'], answer, { fair: services.config.fairScheduling });
      return answer.send();
    });

    app.get('/api/episodes/:id/revisions', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The episode's revisions (each render is one), newest first",
        description:
          'Each render of the episode is a numbered revision: its status, how many lines it changed, voiced and reused, its audio length, and why it failed. ' +
          '`publishedRevision` is the one whose audio is served. A revision\'s script can be restored (`POST …/revisions/{revision}/restore`).',
        params: IdParams,
        querystring: RevisionsQuery,
        response: { 200: RevisionList, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => ({ success: true as const, ...(await listRevisions(db, currentUser(request).id, request.params.id, request.query)) }));

    app.post('/api/episodes/:id/revisions/:revision/restore', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: "Make a revision's script the episode's script and render it",
        description: `Unrendered edits to the current script are replaced. Lines still stored are not voiced again (nothing is, when the script equals one rendered recently). 404 for a revision the episode does not have. ${RENDERING}`,
        params: RevisionParams,
        headers: ScriptIfMatchHeaders,
        response: { 202: RenderQueued, ...errorResponses(400, 401, 404, 409, 412) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 202, (rendering: QueuedRevision) => queued(`Revision ${rendering.revision.restored_from} is restored and being rendered`, rendering));
      await restoreRevision(db, { userId: currentUser(request).id, ...request.params, ifMatch: request.headers['if-match'] }, answer, { fair: services.config.fairScheduling });
      return answer.send();
    });
  };
}
