// Making one video or clip (the episode:video job): the row names the revision, shape and
// span; the revision must still be the published one (its audio and transcript are the
// episode's now), read together in one snapshot. The audio comes from storage into a
// scratch folder, the audiogram is rendered there (media/video/render-audiogram.ts) with
// each step of progress recorded and NOTIFYed, the MP4 is stored under a name of its own and
// recorded only on a row still waiting for it; a copy that lost a race deletes its file. A
// whole-episode video of a newer revision retires those of earlier ones.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EpisodeRow, EpisodeVideoRow, TranscriptSegmentRow } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import { storedLanguage } from '@castwright/core/languages';
import { selectEpisodeById, selectTranscript } from '@castwright/core/repositories/episodes';
import { deleteEarlierRevisionVideos, updateEpisodeVideoMade, updateEpisodeVideoProgress } from '@castwright/core/repositories/episode-videos';
import { episodeVideoKey } from '@castwright/core/storage/object-storage';
import { hostNames } from '@castwright/core/voices/episode-hosts';
import { captionSpeaker } from '@castwright/media/video/caption-events';
import { captionFonts } from '@castwright/media/video/caption-fonts';
import { renderAudiogram } from '@castwright/media/video/render-audiogram';
import type { WorkerContext } from '../worker-context.ts';
import type { ArtworkSource } from './episode-artwork.ts';

/** Progress is written at most this often (a row update and a NOTIFY each). */
const PROGRESS_EVERY_MS = 1_000;

/** The episode and its transcript as of one moment, or why the video cannot be made from them. */
async function publishedSource(context: WorkerContext, video: EpisodeVideoRow): Promise<{ episode: EpisodeRow; lines: TranscriptSegmentRow[] }> {
  return context.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const episode = await selectEpisodeById(trx, video.episode_id);
    if (!episode?.audio_key) throw new PermanentError('The episode has no audio');
    if (episode.published_revision !== video.revision) {
      throw new PermanentError(`The episode was rendered again (revision ${episode.published_revision ?? 'none'} is published, this was made from ${video.revision}); ask for it again`);
    }
    return { episode, lines: await selectTranscript(trx, episode.id) };
  });
}

export async function makeEpisodeVideo(context: WorkerContext, artwork: ArtworkSource, video: EpisodeVideoRow, signal: AbortSignal): Promise<void> {
  const { episode, lines } = await publishedSource(context, video);
  const language = storedLanguage(episode.language);
  const fonts = await captionFonts(language, context.config.videoFontDirs);
  const names = hostNames(episode.hosts);
  const workDir = await mkdtemp(path.join(tmpdir(), `castwright-video-${video.id}-`));
  try {
    const audioFile = path.join(workDir, 'audio.mp3');
    await pipeline(await context.storage.read(episode.audio_key ?? ''), createWriteStream(audioFile));
    const output = path.join(workDir, 'video.mp4');
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    await updateEpisodeVideoProgress(context.db, video.id, 1);
    await renderAudiogram({
      audioFile,
      span: { startMs: video.start_ms, endMs: video.end_ms },
      shape: video.shape,
      title: episode.title,
      language,
      lines: lines.map((line) => ({ speaker: captionSpeaker(line.speaker, names, language), text: line.text, startMs: line.start_ms, endMs: line.end_ms })),
      chapters: (episode.show_notes?.chapters ?? []).map((chapter) => ({ title: chapter.title, startMs: chapter.timestampMs })),
      artworkFile: await artwork(episode, workDir),
      seed: episode.id,
      fonts,
      workDir,
      output,
      signal,
      onProgress: (done) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        // 1 to 98: 99 and 100 are the upload and the record.
        writing = writing.then(() => updateEpisodeVideoProgress(context.db, video.id, Math.max(1, Math.min(98, Math.round(done * 98)))));
      },
    });
    await writing;
    await updateEpisodeVideoProgress(context.db, video.id, 99);
    const key = episodeVideoKey(episode.id, video.id, randomBytes(8).toString('hex'));
    await context.storage.putFile(key, output, 'video/mp4');
    const made = await updateEpisodeVideoMade(context.db, video.id, key, (await stat(output)).size);
    if (!made) {
      await context.storage.delete(key);
      return;
    }
    context.logger.info({ episodeId: episode.id, videoId: video.id, kind: video.kind, shape: video.shape, key }, 'episode video made');
    if (video.kind === 'video') {
      for (const old of await deleteEarlierRevisionVideos(context.db, episode.id, video.revision)) {
        await context.storage.delete(old).catch((error: unknown) => context.logger.warn({ err: error, key: old }, 'could not delete a replaced video'));
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
