// episode:render (media role) — voices every script line, mixes and masters the
// episode, stores the MP3, and publishes it with a transcript whose timings come
// from the rendered audio.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { PermanentError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { parseJobPayload } from '@castwright/core/jobs';
import { moveEpisode, replaceTranscript } from '@castwright/core/repositories/episodes';
import { recordEpisodeUsage } from '@castwright/core/repositories/usage';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';
import { parseScript } from '@castwright/content/script/script-format';
import { buildShowNotes } from '@castwright/content/show-notes/show-notes';
import { renderScript } from '@castwright/media/render-script';
import type { TtsEngine } from '@castwright/media/tts-engine';
import { runEpisodeStage } from '../episode-stage.ts';
import type { WorkerContext } from '../worker-context.ts';

/** Built-in voices: a male voice for Host 1, a female voice for Host 2. */
const OFFLINE_VOICES: Record<string, string> = { 'Host 1': 'rms', 'Host 2': 'slt' };

/** Rendering reports progress from 70 up to 99; 100 is reserved for ready. */
const RENDER_PROGRESS_SPAN = 29;

export function episodeRenderTask(context: WorkerContext, engine: TtsEngine): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:render', payload);
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

      const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-render-'));
      try {
        let reported: number = STAGE_PROGRESS.generating_audio;
        const result = await renderScript({
          lines,
          engine,
          voiceFor: (speaker) => OFFLINE_VOICES[speaker] ?? 'rms',
          workDir,
          metadata: { title: episode.title, artist: 'Castwright' },
          signal: helpers.abortSignal,
          onProgress: async (done, total) => {
            const percent = STAGE_PROGRESS.generating_audio + Math.floor((RENDER_PROGRESS_SPAN * done) / total);
            if (percent <= reported) return;
            reported = percent;
            await context.db.transaction().execute((trx) =>
              moveEpisode(trx, episodeId, { status: 'generating_audio', progressPercent: percent, from: ['generating_audio'] }),
            );
          },
        });

        const showNotes = buildShowNotes(result.segments);
        const audioKey = episodeAudioKey(episodeId);
        await context.storage.putFile(audioKey, result.audioFile, 'audio/mpeg');
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
            },
          });
          if (ready) {
            await recordEpisodeUsage(trx, {
              userId: ready.user_id,
              createdAt: ready.created_at,
              audioSeconds: Math.round(result.durationMs / 1000),
              characters: lines.reduce((sum, line) => sum + line.text.length, 0),
              cost: 0,
            });
          }
        });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });
  };
}
