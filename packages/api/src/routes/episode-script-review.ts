// The script review endpoints: read, replace, edit one line, approve (owner only).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { approveScript } from '../episodes/approve-script.ts';
import { editScriptLine, readScript, replaceScript, scriptView } from '../episodes/review-script.ts';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { Approved, EditLineBody, LineParams, ReplaceScriptBody, ScriptView } from '../schemas/script-review.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SCRIPT_LINES } from '@castwright/core/script-lines';

export function episodeScriptReviewRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['script review'], security: bearer };
  return async (app) => {
    app.get('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The episode's script as numbered lines (owner only)",
        description: 'Lines are empty until the script is written. `editable` is true only in `review_script`.',
        params: IdParams,
        response: { 200: ScriptView, ...errorResponses(401, 404) },
      },
    }, async (request) => ({ success: true as const, ...(await readScript(db, currentUser(request).id, request.params.id)) }));

    app.put('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Replace the whole script while the episode is in review_script',
        description: `1 to ${MAX_SCRIPT_LINES} lines of 1 to ${MAX_SCRIPT_LINE_CHARACTERS} characters. 409 when the episode is not in review_script.`,
        params: IdParams,
        body: ReplaceScriptBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => ({
      success: true as const,
      ...scriptView(await replaceScript(db, currentUser(request).id, request.params.id, request.body.lines)),
    }));

    app.patch('/api/episodes/:id/script/lines/:index', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Edit one line (text, speaker or both) while the episode is in review_script',
        description: '404 when the line does not exist; 409 when the episode is not in review_script.',
        params: LineParams,
        body: EditLineBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => ({
      success: true as const,
      ...scriptView(await editScriptLine(db, currentUser(request).id, request.params.id, request.params.index, request.body)),
    }));

    app.post('/api/episodes/:id/approve-script', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Approve the reviewed script and start rendering the audio',
        description:
          'Moves the episode from review_script to generating_audio (progress 70) and queues rendering, in one transaction. ' +
          'A second approve, or an approve in any other state, is a 409.',
        params: IdParams,
        response: { 202: Approved, ...errorResponses(401, 404, 409) },
      },
    }, async (request, reply) => {
      const moved = await approveScript(db, currentUser(request).id, request.params.id);
      return reply.status(202).send({
        success: true as const,
        message: 'Script approved; the audio is being generated',
        episode: { id: moved.id, status: moved.status },
      });
    });
  };
}
