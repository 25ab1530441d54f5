// episode:render (media role) — voices every script line, mixes and masters the
// episode, stores the MP3, and publishes it with a transcript whose timings come
// from the rendered audio.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { episodeCostUsd } from '@castwright/core/episode-cost';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { PermanentError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { parseJobPayload } from '@castwright/core/jobs';
import { moveEpisode, replaceTranscript } from '@castwright/core/repositories/episodes';
import { recordEpisodeUsage } from '@castwright/core/repositories/usage';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';
import { parseScript } from '@castwright/content/script/script-format';
import { buildShowNotes } from '@castwright/content/show-notes/show-notes';
import { embedChapters } from '@castwright/media/embed-chapters';
import { renderScript, type RenderOptions, type RenderResult } from '@castwright/media/render-script';
import { castVoices } from '@castwright/media/voice-casting';
import { runEpisodeStage } from '../episode-stage.ts';
import { engineOrder, type TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

/** Rendering reports progress from 70 up to 99; 100 is reserved for ready. */
const RENDER_PROGRESS_SPAN = 29;

interface EngineRender {
  result: RenderResult;
  engineUsed: string;
  /** Why engines before the one used were passed over; null when the first choice voiced it. */
  fallbackReason: string | null;
}

/**
 * Renders with the first engine that works, in `engineOrder`. One engine voices the
 * whole episode (hosts must not change voice mid-show), so a failure restarts the
 * render on the next engine. `auto` passes over engines that are not set up here
 * without calling it a fallback; an engine asked for by name that is absent is one.
 */
async function renderWithFallback(
  context: WorkerContext,
  engines: TtsEngines,
  episode: EpisodeRow,
  render: (options: Pick<RenderOptions, 'engine' | 'voiceFor' | 'speed' | 'pauses'>) => Promise<RenderResult>,
  signal: AbortSignal | undefined,
): Promise<EngineRender> {
  const reasons: string[] = [];
  let lastError: unknown;
  for (const name of engineOrder(episode.tts_engine)) {
    const engine = engines.get(name);
    if (!engine) {
      if (episode.tts_engine === name) reasons.push(`${name}: ${engines.unavailableReason(name) ?? 'unavailable'}`);
      continue;
    }
    const casting = castVoices(name, episode.voice_style, episode.voice_pair, engine.voices());
    try {
      const result = await render({
        engine,
        voiceFor: (speaker) => casting.voices[speaker],
        speed: casting.speed,
        pauses: casting.pauses,
      });
      return { result, engineUsed: name, fallbackReason: reasons.length > 0 ? reasons.join('; ') : null };
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
      reasons.push(`${name}: ${(error as Error).message}`);
      context.logger.warn({ err: error, episodeId: episode.id, engine: name }, 'TTS engine failed; trying the next one');
    }
  }
  throw lastError ?? new Error('No TTS engine is available');
}

export function episodeRenderTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:render', payload);
    const signal = AbortSignal.any([context.shutdownSignal, ...(helpers.abortSignal ? [helpers.abortSignal] : [])]);
    await runEpisodeStage(context, helpers, episodeId, 'Audio rendering', async (episode) => {
      await context.db.transaction().execute((trx) =>
        moveEpisode(trx, episodeId, {
          status: 'generating_audio',
          progressPercent: STAGE_PROGRESS.generating_audio,
          from: ['generating_script', 'review_script', 'generating_audio'],
        }),
      );
      const lines = parseScript(episode.script_text ?? '');
      if (lines.length === 0) throw new PermanentError('The script is empty');

      const renderStarted = performance.now();
      const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-render-'));
      try {
        let reported: number = STAGE_PROGRESS.generating_audio;
        const { result, engineUsed, fallbackReason } = await renderWithFallback(
          context,
          engines,
          episode,
          (voicing) =>
            renderScript({
              ...voicing,
              lines,
              workDir,
              metadata: { title: episode.title, artist: 'Castwright' },
              signal,
              // Never backwards: a fallback render starts again from the first line.
              onProgress: async (done, total) => {
                const percent = STAGE_PROGRESS.generating_audio + Math.floor((RENDER_PROGRESS_SPAN * done) / total);
                if (percent <= reported) return;
                reported = percent;
                await context.db.transaction().execute((trx) =>
                  moveEpisode(trx, episodeId, { status: 'generating_audio', progressPercent: percent, from: ['generating_audio'] }),
                );
              },
            }),
          signal,
        );

        const showNotes = buildShowNotes(result.segments);
        await embedChapters(result.audioFile, showNotes.chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.timestampMs })), result.durationMs);
        const audioKey = episodeAudioKey(episodeId);
        await context.storage.putFile(audioKey, result.audioFile, 'audio/mpeg');
        const renderMs = Math.round(performance.now() - renderStarted);
        const cost = episodeCostUsd({ llmInputTokens: episode.llm_input_tokens, llmOutputTokens: episode.llm_output_tokens, renderMs }, context.config.prices);
        await context.db.transaction().execute(async (trx) => {
          await replaceTranscript(
            trx,
            episodeId,
            result.segments.map((segment, position) => ({
              id: newId('segment'),
              episode_id: episodeId,
              position,
              speaker: segment.speaker,
              text: segment.text,
              start_ms: segment.startTimeMs,
              end_ms: segment.endTimeMs,
              confidence: 1,
            })),
          );
          const ready = await moveEpisode(trx, episodeId, {
            status: 'ready',
            progressPercent: STAGE_PROGRESS.ready,
            from: ['generating_audio'],
            set: {
              audio_key: audioKey,
              audio_duration_ms: Math.round(result.durationMs),
              completed_at: new Date(),
              show_notes: JSON.stringify(showNotes),
              tts_engine_used: engineUsed,
              tts_fallback_reason: fallbackReason,
              render_ms: renderMs,
              cost_usd: cost,
            },
          });
          if (ready) {
            await recordEpisodeUsage(trx, {
              userId: ready.user_id,
              createdAt: ready.created_at,
              audioSeconds: Math.round(result.durationMs / 1000),
              characters: lines.reduce((sum, line) => sum + line.text.length, 0),
              cost,
            });
          }
        });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });
  };
}
