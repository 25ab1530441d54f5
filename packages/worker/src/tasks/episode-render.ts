// episode:render (media role) — renders the episode's revision (its first render, or a
// re-render after an edit or restore): voices the lines its segment store lacks, masters
// the episode reusing the published audio's unchanged chunks, stores the MP3, and
// publishes it with a transcript whose timings come from the rendered audio. Each run is
// a numbered render attempt: it stores its audio under its own key and may publish only
// while it is the current attempt.
import { rm, stat } from 'node:fs/promises';
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { TransientError } from '@castwright/core/errors';
import { parseJobPayload } from '@castwright/core/jobs';
import { selectEpisodeRevision } from '@castwright/core/repositories/episode-revisions';
import { selectEpisodeById, updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { deleteDraftLines } from '@castwright/core/repositories/episode-draft-lines';
import { episodeAudioKey, episodeAudioPrefix, episodeSegmentPrefix } from '@castwright/core/storage/object-storage';
import type { PreviousEpisode } from '@castwright/media/assemble-episode';
import { runEpisodeStage } from '../episode-stage.ts';
import { startRender } from '../render/start-render.ts';
import { renderWithFallback, type EngineCasting } from '../render/engine-fallback.ts';
import { renderLive } from '../render/live-render.ts';
import { lexiconSnapshot } from '../render/lexicon-snapshot.ts';
import { publishEpisode } from '../render/publish-episode.ts';
import { progressNotes } from '../render/progress-notes.ts';
import { renderRevision } from '../render/render-revision.ts';
import { showSoundOf } from '../render/show-sound.ts';
import { openRenderWorkspace } from '../render/render-workspace.ts';
import type { TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

/** Rendering reports progress from 70 up to 99; 100 is reserved for ready. */
const RENDER_PROGRESS_SPAN = 29;

export function episodeRenderTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:render', payload);
    const signal = AbortSignal.any([context.shutdownSignal, ...(helpers.abortSignal ? [helpers.abortSignal] : [])]);
    let attempt: number | undefined;
    await runEpisodeStage(context, helpers, episodeId, 'Audio rendering', async () => {
      const started = await context.db.transaction().execute((trx) => startRender(trx, episodeId));
      if (!started) return;
      const { episode, revision, lines } = started;
      attempt = episode.render_attempt;
      // The account's lexicon, read once: every line and any fallback engine say the same entries.
      const lexicon = await lexiconSnapshot(context.db, episode.user_id);

      // Whatever an earlier, killed attempt was uploading is abandoned now.
      const abandoned = await context.storage.deletePartialUploads(episodeAudioPrefix(episodeId)).catch((error: unknown) => {
        context.logger.warn({ err: error, episodeId }, 'could not check for abandoned partial uploads');
        return 0;
      });
      if (abandoned > 0) context.logger.info({ episodeId, abandoned }, 'removed partial uploads of an earlier attempt');

      const renderStarted = performance.now();
      const previous = await publishedAudio(context, episode);
      const workDir = await openRenderWorkspace(episodeId, attempt);
      const audioKey = episodeAudioKey(episodeId, attempt);
      let published = false;
      let uploaded = false;
      const notes = progressNotes(context, episodeId, attempt);
      try {
        const renderAttempt = attempt;
        const request = {
          episode,
          revision: revision.revision,
          lines,
          lexicon,
          previous,
          // The show's sound, as its parts are now: a render after a change to the show re-mixes and voices nothing.
          show: await showSoundOf(context, episode, workDir),
          workDir,
          signal,
          // Never backwards: a fallback or a retried render counts its lines again from the first.
          onProgress: async (done: number, total: number) => {
            const percent = STAGE_PROGRESS.generating_audio + Math.floor((RENDER_PROGRESS_SPAN * done) / total);
            await context.db.transaction().execute((trx) =>
              updateEpisodeStatus(trx, episodeId, { status: 'generating_audio', progressPercent: percent, from: ['generating_audio'], renderAttempt, forwardOnly: true }),
            );
          },
          // Why the progress stands still (a Chatterbox server loading its model), as the episode's progressNote.
          onWait: notes.onWait,
        };
        // A first render can be heard while it is made: a live stream, the script voiced as it is written.
        // Not yet in a show with its own sound: the stream would lack the intro and bed the
        // finished file has, and its times would not be the transcript's.
        const live = context.config.liveAudio && episode.published_revision === null && request.show === undefined;
        const render = (casting: EngineCasting) => (live ? renderLive(context, { ...request, attempt: renderAttempt }, casting) : renderRevision(context, request, casting));
        const { result, engineUsed, fallbackReason } = await renderWithFallback(context, engines, episode, render, signal);
        context.renderMetrics?.observeRender(engineUsed, result);
        context.logger.info(
          { episodeId, revision: revision.revision, attempt, lines: lines.length, voiced: result.engineCalls, chunksReused: result.chunksReused, ...result.timings },
          'revision rendered',
        );
        uploaded = true;
        await context.storage.putFile(audioKey, result.audioFile, 'audio/mpeg').catch((error: unknown) => {
          throw new TransientError('the audio could not be saved to storage', { cause: error });
        });
        published = await publishEpisode(context.db, {
          episodeId,
          attempt,
          revision: revision.revision,
          audioKey,
          render: result,
          engineUsed,
          fallbackReason,
          renderMs: Math.round(performance.now() - renderStarted),
          audioBytes: (await stat(result.audioFile)).size,
        }, { publicBaseUrl: publicBaseUrl(context.config), fair: context.config.fairScheduling, prices: context.config.prices });
        if (!published) context.logger.warn({ episodeId, attempt }, 'a newer render attempt took this episode over; this one is discarded');
        else if (live) await context.db.transaction().execute((trx) => deleteDraftLines(trx, episodeId));
      } finally {
        await notes.settled();
        await rm(workDir, { recursive: true, force: true });
        // An attempt that did not publish leaves no audio behind.
        if (uploaded && !published) await context.storage.delete(audioKey).catch(() => undefined);
        // Nor lines of an episode deleted while it rendered (its deletion may have run before they were stored).
        if (!published && (await episodeGone(context, episodeId))) await context.storage.deletePrefix(episodeSegmentPrefix(episodeId)).catch(() => undefined);
      }
    }, { failureGuard: () => ({ renderAttempt: attempt }) });
  };
}

/** The published revision's MP3 (read by byte ranges) and the records its chunks are found with; none before the first ready. */
async function publishedAudio(context: WorkerContext, episode: EpisodeRow): Promise<PreviousEpisode | undefined> {
  const audioKey = episode.audio_key;
  if (episode.published_revision === null || audioKey === null) return undefined;
  const published = await selectEpisodeRevision(context.db, episode.id, episode.published_revision);
  if (!published?.chunk_table || !published.master_plan) return undefined;
  return { audio: (range) => context.storage.read(audioKey, range), chunkTable: published.chunk_table, plan: published.master_plan };
}

/** True only when the episode's row is certainly gone (a failing database says nothing). */
async function episodeGone(context: WorkerContext, episodeId: string): Promise<boolean> {
  return selectEpisodeById(context.db, episodeId).then((row) => row === undefined, () => false);
}
