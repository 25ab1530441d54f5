// Encodes chunks (chunk-layout.ts) to MP3, each on its own, with a few ffmpeg
// processes at once. One process per chunk would spend more time starting ffmpeg than
// encoding a short line, so each process takes a batch: ffmpeg encodes every output
// with its own encoder and filter graph, so a chunk's bytes are the same whichever batch
// it is in (tested). Chunk audio goes to ffmpeg as raw float files and comes back as
// MP3 files in a private folder; the frames are counted, checked and handed over.

import { availableParallelism } from 'node:os';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mp3Format } from './encoder-gain.ts';
import { chunkOutputArgs } from './encoder-timing.ts';
import { runFfmpegPipe } from './ffmpeg-pcm.ts';
import { parseMp3Frames } from './mp3-frames.ts';
import type { VoicedClip } from './voiced-clip.ts';
import { float32Bytes } from './wav.ts';

export interface ChunkJob {
  /** The line's index, handed back with the result. */
  index: number;
  clip: () => Promise<VoicedClip>;
  leadSamples: number;
  outputSamples: number;
}

export interface EncodedChunk {
  index: number;
  mp3: Uint8Array;
  frames: number;
}

export interface EncodeChunksOptions {
  jobs: readonly ChunkJob[];
  /** The plan's filters, ending at the MP3's rate. */
  filters: readonly string[];
  format: Mp3Format;
  /** A private folder for the batch files (the caller removes it). */
  dir: string;
  /** ffmpeg processes at once; default availableParallelism(), at most MAX_PROCESSES. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called with each chunk as it is encoded (in any order); awaited. */
  onChunk(chunk: EncodedChunk): Promise<void> | void;
}

export interface EncodeChunksStats {
  ffmpegRuns: number;
  processes: number;
}

/** LAME is single-threaded: one process per core, and a few at most, so a render leaves room for the rest of the worker. */
const MAX_PROCESSES = 4;
/** Enough chunks per process to hide its start-up (~40 ms of CPU), few enough that the processes finish together. */
const MAX_BATCH = 16;
/** Batches per process, so a slow batch does not leave the others idle at the end. */
const BATCHES_PER_PROCESS = 3;

/** The chunk's audio at the timeline's rate: its lead, the clip, and silence to fill `outputSamples` once resampled. */
function chunkSamples(job: ChunkJob, clip: VoicedClip, ratio: number): Float32Array {
  // A little past the end: the filters cut at exactly outputSamples (and pad, should the resampler come up short).
  const total = Math.max(job.leadSamples + clip.samples.length, Math.ceil(job.outputSamples / ratio) + 16);
  const samples = new Float32Array(total);
  samples.set(clip.samples, job.leadSamples);
  return samples;
}

function chunkFilters(filters: readonly string[], outputSamples: number): string {
  return [...filters, `apad=whole_len=${outputSamples}`, `atrim=end_sample=${outputSamples}`].join(',');
}

export async function encodeChunks(options: EncodeChunksOptions): Promise<EncodeChunksStats> {
  const { jobs, filters, format, dir, signal, onChunk } = options;
  const processes = Math.max(1, Math.min(options.concurrency ?? Math.min(availableParallelism(), MAX_PROCESSES), jobs.length));
  const batchSize = Math.max(1, Math.min(MAX_BATCH, Math.ceil(jobs.length / (processes * BATCHES_PER_PROCESS))));
  const batches: ChunkJob[][] = [];
  for (let at = 0; at < jobs.length; at += batchSize) batches.push(jobs.slice(at, at + batchSize));

  let next = 0;
  let failure: { error: unknown } | undefined;
  const stats: EncodeChunksStats = { ffmpegRuns: 0, processes };
  const runBatch = async (batch: ChunkJob[]) => {
    const inputs: string[] = [];
    const outputs: string[] = [];
    const args = ['-y'];
    const graphs: string[][] = [];
    try {
      for (const job of batch) {
        const clip = await job.clip();
        const input = path.join(dir, `chunk-${job.index}.f32`);
        inputs.push(input);
        await writeFile(input, float32Bytes(chunkSamples(job, clip, format.sampleRate / clip.sampleRate)));
        args.push('-f', 'f32le', '-ar', String(clip.sampleRate), '-ac', '1', '-i', input);
        const output = path.join(dir, `chunk-${job.index}.mp3`);
        outputs.push(output);
        graphs.push(['-af', chunkFilters(filters, job.outputSamples), ...chunkOutputArgs(format), output]);
      }
      graphs.forEach((graph, position) => args.push('-map', `${position}:a`, ...graph));
      signal?.throwIfAborted();
      stats.ffmpegRuns++;
      await runFfmpegPipe(args, { signal }, () => {});
      for (const [position, job] of batch.entries()) {
        const mp3 = await readFile(outputs[position] as string);
        const info = parseMp3Frames(mp3);
        if (info.sampleRate !== format.sampleRate || info.bitrateKbps !== format.bitrateKbps || info.channels !== 1) {
          throw new Error(`ffmpeg encoded chunk ${job.index} as ${info.sampleRate} Hz ${info.bitrateKbps} kbps, ${info.channels} channels`);
        }
        await onChunk({ index: job.index, mp3, frames: info.frames });
      }
    } finally {
      await Promise.all([...inputs, ...outputs].map((file) => rm(file, { force: true })));
    }
  };
  // Each worker takes the next batch until none is left or one has failed; all are
  // awaited before returning, so no ffmpeg is still writing when the caller cleans up.
  await Promise.all(
    Array.from({ length: processes }, async () => {
      while (!failure && next < batches.length) {
        const batch = batches[next++] as ChunkJob[];
        try {
          await runBatch(batch);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
  return stats;
}
