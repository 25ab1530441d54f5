// The script endpoints (owner only): read the script with its ETag; replace it, edit,
// insert or remove a line (in review, or after the audio is made); approve a reviewed one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { approveScript } from '../episodes/approve-script.ts';
import { addScriptLine, editScriptLine, readScript, removeScriptLine, replaceScript } from '../episodes/edit-script.ts';
import { scriptEtag, scriptView, type ScriptState } from '../episodes/script-view.ts';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { Approved, EditLineBody, ScriptIfMatchHeaders, InsertLineBody, LineParams, ReplaceScriptBody, ScriptView } from '../schemas/episode-script.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SCRIPT_LINES } from '@castwright/core/script-lines';

const OVERLAPS =
  'A line with `reaction` is mixed under the line before it (a listening host\'s "Mm-hm."), one with `overlapMs` cuts in before the line before it ends; ' +
  'both are by another host than that line, and a change that breaks their rules is a 400 naming each. ';
const EDITABLE =
  'The script can be changed in review_script, and in ready (or error, once written): edits on a ready episode change nothing listeners get until `POST /api/episodes/{id}/render`. ' +
  '409 while a render of the episode runs, and in other states; 412 when `If-Match` names a script that has changed since.';

/** The script, with its ETag for the next change's If-Match. */
function sendScript(reply: FastifyReply, state: ScriptState, status: 200 | 201 = 200) {
  return reply.status(status).header('ETag', scriptEtag(state.episode)).send({ success: true as const, ...scriptView(state) });
}

export function episodeScriptRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['script'], security: bearer };
  return async (app) => {
    app.get('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The episode's script as numbered lines (owner only)",
        description:
          'Lines are empty until the script is written. A reaction shows the line it goes `under` and the word it follows; a cut-in its `overlapMs`. ' +
          'The `ETag` header names this version of the script: send it back in `If-Match` with a change.',
        params: IdParams,
        response: { 200: ScriptView, ...errorResponses(401, 404) },
      },
    }, async (request, reply) => sendScript(reply, await readScript(db, currentUser(request).id, request.params.id)));

    app.put('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Replace the whole script',
        description: `1 to ${MAX_SCRIPT_LINES} lines of 1 to ${MAX_SCRIPT_LINE_CHARACTERS} characters. ${OVERLAPS}${EDITABLE}`,
        params: IdParams,
        headers: ScriptIfMatchHeaders,
        body: ReplaceScriptBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409, 412) },
      },
    }, async (request, reply) => sendScript(reply, await replaceScript(db, currentUser(request).id, request.params.id, request.body.lines, request.headers['if-match'])));

    app.post('/api/episodes/:id/script/lines', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Insert a line',
        description: `The new line goes before line \`index\` (at the end when \`index\` is the number of lines; 400 beyond). A \`section\` makes it open a section. ${OVERLAPS}${EDITABLE}`,
        params: IdParams,
        headers: ScriptIfMatchHeaders,
        body: InsertLineBody,
        response: { 201: ScriptView, ...errorResponses(400, 401, 404, 409, 412) },
      },
    }, async (request, reply) =>
      sendScript(reply, await addScriptLine(db, { userId: currentUser(request).id, id: request.params.id, ifMatch: request.headers['if-match'] }, request.body), 201));

    app.patch('/api/episodes/:id/script/lines/:index', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Edit one line (text, speaker, refs, or whether it is a reaction or cut-in)',
        description: `404 when the line does not exist. \`reaction: null\` or \`overlapMs: null\` makes the line a turn of its own. ${OVERLAPS}${EDITABLE}`,
        params: LineParams,
        headers: ScriptIfMatchHeaders,
        body: EditLineBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409, 412) },
      },
    }, async (request, reply) =>
      sendScript(reply, await editScriptLine(db, { userId: currentUser(request).id, ...request.params, ifMatch: request.headers['if-match'] }, request.body)));

    app.delete('/api/episodes/:id/script/lines/:index', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Remove one line',
        description: `404 when the line does not exist; 400 for the last line left (a script keeps one). A section the line opened moves to the line after it; the reactions under the line go with it. ${EDITABLE}`,
        params: LineParams,
        headers: ScriptIfMatchHeaders,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409, 412) },
      },
    }, async (request, reply) => sendScript(reply, await removeScriptLine(db, { userId: currentUser(request).id, ...request.params, ifMatch: request.headers['if-match'] })));

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
      const moved = await approveScript(db, currentUser(request).id, request.params.id, { fair: services.config.fairScheduling });
      return reply.status(202).send({
        success: true as const,
        message: 'Script approved; the audio is being generated',
        episode: { id: moved.id, status: moved.status },
      });
    });
  };
}
