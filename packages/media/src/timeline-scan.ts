// The first look at an episode's clips before it is mastered: every clip is read once,
// in order, and metered on its own (BS.1770 gating blocks and true peak, loudness-meter.ts),
// so the timeline's loudness is its clips' summaries added up (the pauses between them are
// silence, under every gate) and a chunk kept by the next render needs no metering again;
// each clip's length and a digest of its samples are noted for the chunk layout and the
// chunk identities. Clips are read a few ahead of the meter, so a store on the network is
// not waited on one object at a time; only those few are in memory.
//
// A line whose clip the last render recorded under the same recipe (what the clip is made
// from, known before it is made: chunk-table.ts) is not read at all: its length, digest,
// loudness and layout are the record's. Reading and metering are most of what a re-render
// that keeps its chunks costs (a show's new intro: every block of the show otherwise made
// again to be metered).

import { createHash } from 'node:crypto';
import type { RecordedClip } from './chunk-table.ts';
import { combinedReading, LoudnessMeter } from './loudness-meter.ts';
import type { LoudnessReading, LoudnessSummary } from './loudness-meter.ts';
import { RenderScriptError } from './render-script-error.ts';
import type { VoicedClip } from './voiced-clip.ts';
import { float32Bytes } from './wav.ts';
import { clipAtRate } from './clip-at-rate.ts';

/** A voiced clip, or a clip made of pieces that says where they are in it (`layout`, the caller's to read: a show's block, its lines). */
export type LaidOutClip = VoicedClip & { layout?: number[] | undefined };

/** A clip in hand, or how to fetch it (from the segment store). */
export type ClipSource = LaidOutClip | (() => Promise<LaidOutClip>);

export interface ScanLine {
  clip: ClipSource;
  /** The last render's record of this clip (the same recipe): taken instead of the clip. */
  recalled?: RecordedClip | undefined;
}

export interface TimelineScan {
  sampleRate: number;
  clipSamples: number[];
  /** SHA-256 of each clip's samples and rate. */
  clipDigests: string[];
  /** Each clip's gating blocks and true peak. */
  clipLoudness: LoudnessSummary[];
  /** Each clip's layout, if it has one. */
  layouts: (number[] | undefined)[];
  /** Which clips were taken from the last render's records instead of being read. */
  recalled: boolean[];
  /** Which clips were at another rate than the timeline's, and resampled to it. */
  resampled: boolean[];
  /** The timeline's: its clips' summaries together. */
  loudness: LoudnessReading;
}

const READ_AHEAD = 4;
/**
 * Silence metered on each side of a clip: every 400 ms gating block that overlaps the
 * clip is then counted, as in the timeline, where pauses surround it (a block over two
 * clips counts as one over each, with silence in place of the other).
 */
const EDGE_SILENCE_MS = 300;

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

/** Calls `each` with every line's clip (undefined for a recalled one), in order, fetching up to READ_AHEAD clips ahead. */
async function forEachClip(lines: readonly ScanLine[], signal: AbortSignal | undefined, each: (clip: LaidOutClip | undefined, index: number) => Promise<void> | void): Promise<void> {
  const pending: Promise<LaidOutClip | undefined>[] = [];
  const fetch = (index: number) => {
    const line = lines[index];
    if (!line) return;
    if (line.recalled) {
      pending[index] = Promise.resolve(undefined);
      return;
    }
    const promise = loadClip(line.clip);
    // Awaited in order below; until then a failure must not count as unhandled.
    promise.catch(() => {});
    pending[index] = promise;
  };
  for (let index = 0; index < Math.min(READ_AHEAD, lines.length); index++) fetch(index);
  for (let index = 0; index < lines.length; index++) {
    signal?.throwIfAborted();
    const clip = await (pending[index] as Promise<LaidOutClip | undefined>);
    delete pending[index];
    fetch(index + READ_AHEAD);
    await each(clip, index);
  }
}

/** Meters each clip, or takes its record; `recalledRate` is the rate the records are at (the last render's timeline's), the timeline's when the first clip is recalled. */
export async function scanTimeline(lines: readonly ScanLine[], signal?: AbortSignal, recalledRate?: number): Promise<TimelineScan> {
  if (lines.length === 0) throw new RenderScriptError('The script has no lines');
  let sampleRate = 0;
  const scan: Omit<TimelineScan, 'sampleRate' | 'loudness'> = { clipSamples: [], clipDigests: [], clipLoudness: [], layouts: [], recalled: [], resampled: [] };
  await forEachClip(lines, signal, async (read, index) => {
    if (index === 0) sampleRate = read?.sampleRate ?? recalledRate ?? 0;
    if (index === 0 && (!Number.isInteger(sampleRate) || sampleRate < 1000)) throw new RenderScriptError(`Line 1 has no usable sample rate (${sampleRate})`);
    const recalled = (lines[index] as ScanLine).recalled;
    if (!read && recalled) {
      scan.clipSamples.push(recalled.samples);
      scan.clipDigests.push(recalled.digest);
      scan.clipLoudness.push(recalled.loudness);
      scan.layouts.push(recalled.layout);
      scan.recalled.push(true);
      scan.resampled.push(false);
      return;
    }
    const clip = await timelineClip(read as LaidOutClip, index, sampleRate, signal);
    const meter = new LoudnessMeter(sampleRate);
    const edge = Math.round((EDGE_SILENCE_MS * sampleRate) / 1000);
    meter.pushSilence(edge);
    meter.push(clip.samples);
    meter.pushSilence(edge);
    scan.clipSamples.push(clip.samples.length);
    scan.clipDigests.push(clipDigest(clip));
    scan.clipLoudness.push(meter.summary());
    scan.layouts.push((read as LaidOutClip).layout);
    scan.recalled.push(false);
    scan.resampled.push(clip !== read);
  });
  return { sampleRate, ...scan, loudness: combinedReading(scan.clipLoudness) };
}
