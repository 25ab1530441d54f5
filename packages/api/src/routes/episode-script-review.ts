// Script review: an episode created with `reviewScript: true` waits in `review_script`
// (progress 50) after its script is written. Its owner reads the script, edits it
// line by line or replaces it whole, and approves it; approval moves the episode to
// `generating_audio` and queues rendering in ONE guarded transaction, so a second
// approve (or an edit after approval) is a 409 and can never queue a second render.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { findEpisode, moveEpisode } from '@castwright/core/repositories/episodes';
import { formatScript, parseScript, type ScriptLine } from '@castwright/content/script/script-format';
import Type from 'typebox';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const MAX_LINES = 2000;
const MAX_TEXT = 2000;
const Speaker = Type.Enum(['Host 1', 'Host 2'], { description: '`Host 2` only for multi-host episodes' });
const LineText = Type.String({ minLength: 1, maxLength: MAX_TEXT, description: 'One turn; runs of whitespace (newlines included) become one space' });

const ScriptView = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  status: Type.String(),
  lines: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), speaker: Type.String(), text: Type.String() })),
  editable: Type.Boolean({ description: 'true while the episode is in review_script' }),
});
const ReplaceScriptBody = Type.Object(
  { lines: Type.Array(Type.Object({ speaker: Speaker, text: LineText }, { additionalProperties: false }), { minItems: 1, maxItems: MAX_LINES }) },
  { additionalProperties: false },
);
const EditLineBody = Type.Object(
  { text: Type.Optional(LineText), speaker: Type.Optional(Speaker) },
  { additionalProperties: false, minProperties: 1 },
);
const LineParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), index: Type.Integer({ minimum: 0, maximum: MAX_LINES - 1 }) });
const Approved = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  episode: Type.Object({ id: Type.String(), status: Type.String() }),
});

const notInReview = (episode: EpisodeRow) =>
  new AppError('conflict', `The script can only be changed or approved while the episode is in review_script (it is ${episode.status})`);

export function episodeScriptReviewRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;

  /** The caller's own episode, else 404: someone else's episode is not even acknowledged. */
  async function ownEpisode(userId: string, id: string): Promise<EpisodeRow> {
    const episode = await findEpisode(db, id);
    if (!episode || episode.user_id !== userId) throw new AppError('notFound', 'Episode not found');
    return episode;
  }

  function checkSpeakers(episode: EpisodeRow, lines: readonly ScriptLine[]): void {
    if (episode.host_mode === 'single' && lines.some((line) => line.speaker !== 'Host 1')) {
      throw new AppError('validation', 'This is a single-host episode: every line must be spoken by Host 1', {
        extras: { errors: ['speaker must be Host 1 in a single-host episode'] },
      });
    }
  }

  function cleanText(text: string): string {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '') throw new AppError('validation', 'Line text must not be blank', { extras: { errors: ['text must not be blank'] } });
    return clean;
  }

  /** Saves a new script if the episode is still in review, under a row lock; else 409. */
  async function saveScript(userId: string, id: string, change: (episode: EpisodeRow, lines: ScriptLine[]) => ScriptLine[]): Promise<EpisodeRow> {
    return db.transaction().execute(async (trx) => {
      const episode = await trx.selectFrom('episodes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!episode || episode.user_id !== userId) throw new AppError('notFound', 'Episode not found');
      if (episode.status !== 'review_script') throw notInReview(episode);
      const lines = change(episode, parseScript(episode.script_text ?? ''));
      checkSpeakers(episode, lines);
      return trx
        .updateTable('episodes')
        .set({ script_text: formatScript(lines), updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  const view = (episode: EpisodeRow) => ({
    success: true as const,
    episodeId: episode.id,
    status: episode.status,
    lines: parseScript(episode.script_text ?? '').map((line, index) => ({ index, speaker: line.speaker, text: line.text })),
    editable: episode.status === 'review_script',
  });

  return async (app) => {
    app.get('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['script review'],
        summary: "The episode's script as numbered lines (owner only)",
        description: 'Lines are empty until the script is written. `editable` is true only in `review_script`.',
        security: bearer,
        params: IdParams,
        response: { 200: ScriptView, ...errorResponses(401, 404) },
      },
    }, async (request) => view(await ownEpisode(currentUser(request).id, request.params.id)));

    app.put('/api/episodes/:id/script', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['script review'],
        summary: 'Replace the whole script while the episode is in review_script',
        description: `1 to ${MAX_LINES} lines of 1 to ${MAX_TEXT} characters. 409 when the episode is not in review_script.`,
        security: bearer,
        params: IdParams,
        body: ReplaceScriptBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => {
      const lines = request.body.lines.map((line) => ({ speaker: line.speaker, text: cleanText(line.text) }));
      return view(await saveScript(currentUser(request).id, request.params.id, () => lines));
    });

    app.patch('/api/episodes/:id/script/lines/:index', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['script review'],
        summary: 'Edit one line (text, speaker or both) while the episode is in review_script',
        description: '404 when the line does not exist; 409 when the episode is not in review_script.',
        security: bearer,
        params: LineParams,
        body: EditLineBody,
        response: { 200: ScriptView, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => {
      const { index } = request.params;
      const { text, speaker } = request.body;
      const saved = await saveScript(currentUser(request).id, request.params.id, (_episode, lines) => {
        const line = lines[index];
        if (!line) throw new AppError('notFound', `The script has no line ${index} (it has ${lines.length} lines, numbered from 0)`);
        lines[index] = { speaker: speaker ?? line.speaker, text: text !== undefined ? cleanText(text) : line.text };
        return lines;
      });
      return view(saved);
    });

    app.post('/api/episodes/:id/approve-script', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['script review'],
        summary: 'Approve the reviewed script and start rendering the audio',
        description:
          'Moves the episode from review_script to generating_audio (progress 70) and queues rendering, in one transaction. ' +
          'A second approve, or an approve in any other state, is a 409.',
        security: bearer,
        params: IdParams,
        response: { 202: Approved, ...errorResponses(401, 404, 409) },
      },
    }, async (request, reply) => {
      const episode = await ownEpisode(currentUser(request).id, request.params.id);
      const moved = await db.transaction().execute(async (trx) => {
        const row = await moveEpisode(trx, episode.id, {
          status: 'generating_audio',
          progressPercent: STAGE_PROGRESS.generating_audio,
          from: ['review_script'],
        });
        if (row) await addJob(trx, 'episode:render', { episodeId: row.id });
        return row;
      });
      if (!moved) throw notInReview((await findEpisode(db, episode.id)) ?? episode);
      return reply.status(202).send({
        success: true as const,
        message: 'Script approved; the audio is being generated',
        episode: { id: moved.id, status: moved.status },
      });
    });
  };
}
