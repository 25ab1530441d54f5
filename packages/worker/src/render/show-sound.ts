// The sound of the show an episode is in, for its render: the show's levels and its parts,
// each fetched from storage into the render's workspace as the render starts (so a part
// replaced while it renders cannot be read half old, half new) and decoded by ffmpeg at
// the timeline's rate when the mix asks for it. Undefined for an episode in no show.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { TransientError } from '@castwright/core/errors';
import { selectShowParts } from '@castwright/core/repositories/show-audio-parts';
import { selectShowById } from '@castwright/core/repositories/shows';
import { showLevels } from '@castwright/core/shows/show-levels';
import { concatSamples } from '@castwright/media/concat-samples';
import { decodePcm } from '@castwright/media/ffmpeg-pcm';
import type { ShowSound } from '@castwright/media/mix/mix-episode';
import type { WorkerContext } from '../worker-context.ts';

async function decodeWhole(file: string, sampleRate: number, signal: AbortSignal | undefined): Promise<Float32Array> {
  const pieces: Float32Array[] = [];
  await decodePcm(file, { sampleRate, ...(signal ? { signal } : {}) }, (samples) => pieces.push(samples));
  return concatSamples(pieces);
}

export async function showSoundOf(context: WorkerContext, episode: Pick<EpisodeRow, 'show_id'>, workDir: string): Promise<ShowSound | undefined> {
  if (!episode.show_id) return undefined;
  const show = await selectShowById(context.db, episode.show_id);
  if (!show) return undefined;
  const sound: ShowSound = { levels: showLevels(show) };
  for (const part of await selectShowParts(context.db, show.id)) {
    const file = path.join(workDir, `show-${part.part}.flac`);
    await pipeline(await context.storage.read(part.storage_key), createWriteStream(file)).catch((error: unknown) => {
      throw new TransientError(`the show's ${part.part} could not be read from storage`, { cause: error });
    });
    sound[part.part] = { digest: part.sha256, load: (sampleRate, signal) => decodeWhole(file, sampleRate, signal) };
  }
  return sound;
}
