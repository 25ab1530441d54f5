// The first look at an episode's clips before it is mastered: every clip is read once,
// in order, and the timeline they make with their pauses is metered exactly as the
// listener will hear it laid out (BS.1770 loudness and true peak over the real
// concatenation of clips and silences, loudness-meter.ts), while each clip's length and
// a digest of its samples are noted for the chunk layout and the chunk identities.
// Clips are read a few ahead of the meter, so a store on the network is not waited on
// one object at a time; only those few are in memory.

import { createHash } from 'node:crypto';
import type { LoudnessReading } from './loudness-meter.ts';
import { MeteredSink } from './metered-sink.ts';
import { RenderScriptError } from './render-script-error.ts';
import { TimelineBuilder } from './timeline.ts';
import type { PausePlan, SampleSink } from './timeline.ts';
import type { VoicedClip } from './voiced-clip.ts';
import { float32Bytes } from './wav.ts';
import { clipAtRate } from './clip-at-rate.ts';

/** A clip in hand, or how to fetch it (from the segment store). */
export type ClipSource = VoicedClip | (() => Promise<VoicedClip>);

export interface ScanLine {
  speaker: string;
  clip: ClipSource;
  /** The silence before it, instead of the pause the speakers make. */
  pauseBeforeMs?: number | undefined;
}

export interface TimelineScan {
  sampleRate: number;
  clipSamples: number[];
  /** SHA-256 of each clip's samples and rate. */
  clipDigests: string[];
  loudness: LoudnessReading;
}

const READ_AHEAD = 4;

const discard: SampleSink = { write: async () => {}, writeSilence: async () => {} };

/** SHA-256 of a clip's rate and samples: what a chunk's content identity is built on. */
export function clipDigest(clip: VoicedClip): string {
  return createHash('sha256').update(`${clip.sampleRate}:`).update(float32Bytes(clip.samples)).digest('hex');
}

export function loadClip(source: ClipSource): Promise<VoicedClip> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}

/** A clip as it goes on the timeline at `sampleRate` (the first clip's): resampled when it is at another; throws RenderScriptError naming an empty line. */
export async function timelineClip(clip: VoicedClip, index: number, sampleRate: number, signal?: AbortSignal): Promise<VoicedClip> {
  if (!(clip.samples instanceof Float32Array) || clip.samples.length === 0) throw new RenderScriptError(`Line ${index + 1} has no audio`);
  return clipAtRate(clip, sampleRate, signal);
}

/** Calls `each` with every line's clip, in order, fetching up to READ_AHEAD clips ahead. */
async function forEachClip(lines: readonly ScanLine[], signal: AbortSignal | undefined, each: (clip: VoicedClip, index: number) => Promise<void> | void): Promise<void> {
  const pending: Promise<VoicedClip>[] = [];
  const fetch = (index: number) => {
    const line = lines[index];
    if (!line) return;
    const promise = loadClip(line.clip);
    // Awaited in order below; until then a failure must not count as unhandled.
    promise.catch(() => {});
    pending[index] = promise;
  };
  for (let index = 0; index < Math.min(READ_AHEAD, lines.length); index++) fetch(index);
  for (let index = 0; index < lines.length; index++) {
    signal?.throwIfAborted();
    const clip = await (pending[index] as Promise<VoicedClip>);
    delete pending[index];
    fetch(index + READ_AHEAD);
    await each(clip, index);
  }
}

/** Meters the timeline: each clip after the silence before it (its `pauseBeforeMs`, else the plan's for its speaker). */
export async function scanTimeline(lines: readonly ScanLine[], pauses: PausePlan, signal?: AbortSignal): Promise<TimelineScan> {
  if (lines.length === 0) throw new RenderScriptError('The script has no lines');
  let sampleRate = 0;
  let metered: MeteredSink | undefined;
  let timeline: TimelineBuilder | undefined;
  const clipSamples: number[] = [];
  const clipDigests: string[] = [];
  await forEachClip(lines, signal, async (read, index) => {
    if (index === 0) sampleRate = read.sampleRate;
    const clip = await timelineClip(read, index, sampleRate, signal);
    if (index === 0) {
      if (!Number.isInteger(sampleRate) || sampleRate < 1000) throw new RenderScriptError(`Line 1 has no usable sample rate (${sampleRate})`);
      metered = new MeteredSink(discard, sampleRate);
      timeline = new TimelineBuilder(metered, sampleRate, pauses);
    }
    const line = lines[index] as ScanLine;
    await timeline?.add(line.speaker, clip.samples, line.pauseBeforeMs);
    clipSamples.push(clip.samples.length);
    clipDigests.push(clipDigest(clip));
  });
  await timeline?.finish();
  return { sampleRate, clipSamples, clipDigests, loudness: (metered as MeteredSink).meter.reading() };
}
