// Turns a two-host script into the episode MP3 plus the timing of every line.
// Each line is synthesized in order, trimmed of the engine's own padding, faded at
// the edges and written onto a single timeline (at the engine's own sample rate)
// with natural pauses, and metered as it is written (BS.1770 loudness and true peak);
// one ffmpeg pass then applies the gain (and a true-peak limiter when needed),
// resamples and encodes it.
// Segment times come from the sample positions written, so they are the real
// positions of each line in the file (the transcript player depends on that).

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import { fadeEdges, trimSilence } from './clip-edges.ts';
import { probeDurationMs } from './ffmpeg-tools.ts';
import { masterMp3 } from './master-mp3.ts';
import { MeteredSink } from './metered-sink.ts';
import { DEFAULT_PAUSES, TimelineBuilder } from './timeline.ts';
import type { ClipPlacement, PausePlan } from './timeline.ts';
import type { TtsEngine } from './tts-engine.ts';
import { WavFileWriter } from './wav-file-writer.ts';

export interface RenderOptions {
  lines: readonly ScriptLine[];
  engine: TtsEngine;
  /** Maps a speaker to one of `engine.voices()`. */
  voiceFor(speaker: Speaker): string;
  /** Caller-owned directory; the MP3 is written here and nothing else is left behind. */
  workDir: string;
  metadata: { title: string; artist: string };
  /** Called after each line is synthesized; awaited, so it may persist progress. */
  onProgress?(linesDone: number, linesTotal: number): Promise<void> | void;
  signal?: AbortSignal;
  /** File name of the MP3 inside workDir (default `episode.mp3`). */
  outputFileName?: string;
  /** Pause lengths; defaults to DEFAULT_PAUSES. */
  pauses?: PausePlan;
  /** Speaking-rate multiplier passed to the engine for every line (default 1). */
  speed?: number;
}

export interface RenderedSegment {
  speaker: Speaker;
  text: string;
  startTimeMs: number;
  endTimeMs: number;
}

export interface RenderResult {
  /** Absolute path of the MP3 in workDir. */
  audioFile: string;
  /** Duration of the MP3 as ffprobe reports it. */
  durationMs: number;
  segments: RenderedSegment[];
  /** Where the time went, for the worker's metrics: the engine's synthesis, and mixing + mastering (one ffmpeg pass). */
  timings: { synthesisMs: number; masteringMs: number };
}

/** A line could not be rendered; says which one. */
export class RenderScriptError extends Error {
  override name = 'RenderScriptError';
}

/** Fade length at each clip edge: long enough to avoid clicks, short enough to be inaudible. */
const EDGE_FADE_MS = 8;

export async function renderScript(options: RenderOptions): Promise<RenderResult> {
  const { lines, engine, voiceFor, workDir, metadata, onProgress, signal } = options;
  if (lines.length === 0) throw new RenderScriptError('The script has no lines');
  signal?.throwIfAborted();

  const audioFile = join(workDir, options.outputFileName ?? 'episode.mp3');
  const timelineFile = join(workDir, `.timeline-${randomUUID()}.wav`);
  // The timeline runs at the engine's own rate (one engine voices a whole episode), so
  // no resampling happens here: ffmpeg's resampler brings the master to 44.1 kHz.
  let writer: WavFileWriter | undefined;
  let metered: MeteredSink | undefined;
  let timeline: TimelineBuilder | undefined;
  let sampleRate = 0;
  let writerOpen = false;
  let succeeded = false;
  let synthesisMs = 0;
  try {
    const placements: ClipPlacement[] = [];
    for (const [index, line] of lines.entries()) {
      signal?.throwIfAborted();
      const synthesisStarted = performance.now();
      const audio = await engine.synthesize({ text: line.text, voice: voiceFor(line.speaker), speed: options.speed, signal }).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new RenderScriptError(`Line ${index + 1} (${line.speaker}) could not be synthesized: ${reason}`, { cause: error });
      });
      synthesisMs += performance.now() - synthesisStarted;
      if (!writer || !timeline) {
        sampleRate = audio.sampleRate;
        writer = await WavFileWriter.create(timelineFile, sampleRate);
        writerOpen = true;
        metered = new MeteredSink(writer, sampleRate);
        timeline = new TimelineBuilder(metered, sampleRate, options.pauses ?? DEFAULT_PAUSES);
      } else if (audio.sampleRate !== sampleRate) {
        throw new RenderScriptError(`Line ${index + 1}: the engine returned ${audio.sampleRate} Hz after ${sampleRate} Hz`);
      }
      const clip = fadeEdges(trimSilence(audio.samples, sampleRate), sampleRate, EDGE_FADE_MS);
      placements.push(await timeline.add(line.speaker, clip));
      await onProgress?.(index + 1, lines.length);
    }
    await timeline?.finish();
    writerOpen = false;
    await writer?.close();

    const measured = metered && { sampleRate, loudness: metered.meter.reading() };
    const masteringStarted = performance.now();
    await masterMp3({ input: timelineFile, output: audioFile, metadata, measured, signal });
    const masteringMs = performance.now() - masteringStarted;
    const durationMs = await probeDurationMs(audioFile);
    const toMs = (sample: number) => Math.min(durationMs, Math.round((sample * 1000) / sampleRate));
    const segments = lines.map((line, index) => {
      const placement = placements[index] as ClipPlacement;
      return { speaker: line.speaker, text: line.text, startTimeMs: toMs(placement.startSample), endTimeMs: toMs(placement.endSample) };
    });
    succeeded = true;
    return { audioFile, durationMs, segments, timings: { synthesisMs, masteringMs } };
  } finally {
    if (writerOpen) await writer?.abandon().catch(() => {});
    await rm(timelineFile, { force: true });
    // A half-written MP3 must not be mistaken for a finished episode.
    if (!succeeded) await rm(audioFile, { force: true });
  }
}
