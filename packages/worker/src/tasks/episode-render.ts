// episode:render (media role) — voices every script line, mixes and masters the
// episode, stores the MP3, and publishes it with a transcript whose timings come
// from the rendered audio. Each run is a numbered render attempt: it stores its audio
// under its own key and may publish only while it is the current attempt.
import { rm, stat } from 'node:fs/promises';
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import { episodeCostUsd } from '@castwright/core/episode-cost';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { PermanentError, TransientError } from '@castwright/core/errors';
import { parseJobPayload } from '@castwright/core/jobs';
import { claimRenderAttempt, updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { episodeAudioKey, episodeAudioPrefix } from '@castwright/core/storage/object-storage';
import { parseScript } from '@castwright/content/script/script-format';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { storedLanguage } from '@castwright/core/languages';
import { embedChapters } from '@castwright/media/embed-chapters';
import { renderScript } from '@castwright/media/render-script';
import { runEpisodeStage } from '../episode-stage.ts';
import { renderWithFallback } from '../render/engine-fallback.ts';
import { lexiconSnapshot } from '../render/lexicon-snapshot.ts';
import { publishEpisode } from '../render/publish-episode.ts';
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
    await runEpisodeStage(context, helpers, episodeId, 'Audio rendering', async (episode) => {
      const started = await context.db.transaction().execute((trx) =>
        claimRenderAttempt(trx, episodeId, ['generating_script', 'review_script', 'generating_audio']),
      );
      if (!started) return;
      attempt = started.render_attempt;
      const lines = parseScript(episode.script_text ?? '');
      if (lines.length === 0) throw new PermanentError('The script is empty');
      // Each line with the lexicon entries that apply to it: said by the engine, part of its segment key.
      const lexicon = await lexiconSnapshot(context.db, episode.user_id);
      const spokenLines = lines.map((line) => ({ ...line, pronunciations: lexicon.entriesIn(line.text) }));

      // Whatever an earlier, killed attempt was uploading is abandoned now.
      const abandoned = await context.storage.deletePartialUploads(episodeAudioPrefix(episodeId)).catch((error: unknown) => {
        context.logger.warn({ err: error, episodeId }, 'could not check for abandoned partial uploads');
        return 0;
      });
      if (abandoned > 0) context.logger.info({ episodeId, abandoned }, 'removed partial uploads of an earlier attempt');

      const renderStarted = performance.now();
      const workDir = await openRenderWorkspace(episodeId, attempt);
      const audioKey = episodeAudioKey(episodeId, attempt);
      let published = false;
      let uploaded = false;
      try {
        const renderAttempt = attempt;
        const { result, engineUsed, fallbackReason } = await renderWithFallback(
          context,
          engines,
          episode,
          (voicing) =>
            renderScript({
              ...voicing,
              lines: spokenLines,
              workDir,
              metadata: { title: episode.title, artist: 'Castwright' },
              signal,
              // Never backwards: a fallback or a retried render starts again from the first line.
              onProgress: async (done, total) => {
                const percent = STAGE_PROGRESS.generating_audio + Math.floor((RENDER_PROGRESS_SPAN * done) / total);
                await context.db.transaction().execute((trx) =>
                  updateEpisodeStatus(trx, episodeId, { status: 'generating_audio', progressPercent: percent, from: ['generating_audio'], renderAttempt, forwardOnly: true }),
                );
              },
            }),
          signal,
        );

        context.renderMetrics?.observeRender(engineUsed, result);
        // Chapters are the script's sections (segments are its lines, one for one).
        const showNotes = buildShowNotes(result.segments, { sections: scriptSections(lines), language: storedLanguage(episode.language) });
        await embedChapters(result.audioFile, showNotes.chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.timestampMs })), result.durationMs);
        uploaded = true;
        await context.storage.putFile(audioKey, result.audioFile, 'audio/mpeg').catch((error: unknown) => {
          throw new TransientError('the audio could not be saved to storage', { cause: error });
        });
        const renderMs = Math.round(performance.now() - renderStarted);
        published = await publishEpisode(context.db, {
          episodeId,
          attempt,
          audioKey,
          result,
          showNotes,
          engineUsed,
          fallbackReason,
          renderMs,
          audioBytes: (await stat(result.audioFile)).size,
          cost: episodeCostUsd({ llmInputTokens: episode.llm_input_tokens, llmOutputTokens: episode.llm_output_tokens, renderMs }, context.config.prices),
          characters: lines.reduce((sum, line) => sum + line.text.length, 0),
        }, { publicBaseUrl: publicBaseUrl(context.config) });
        if (!published) context.logger.warn({ episodeId, attempt }, 'a newer render attempt took this episode over; this one is discarded');
      } finally {
        await rm(workDir, { recursive: true, force: true });
        // An attempt that did not publish leaves no audio behind.
        if (uploaded && !published) await context.storage.delete(audioKey).catch(() => undefined);
      }
    }, { failureGuard: () => ({ renderAttempt: attempt }) });
  };
}
