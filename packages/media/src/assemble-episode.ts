// Masters voiced lines into the episode MP3 as a chain of independently encoded chunks,
// one per line, so the next render after an edit copies every unchanged chunk's bytes
// and encodes only what changed.
//
//  1. Every clip is read once and metered (timeline-scan.ts), or, when the caller gave
//     its recipe and the last render recorded a clip made from the same, taken from that
//     record unread; the mastering plan is made from the clips' loudness together, or
//     the last episode's plan is kept while it still delivers (episode-master-plan.ts).
//  2. The timeline is cut into chunks of whole MP3 frames (chunk-layout.ts); chunks the
//     last episode has (same clip, plan, format, encoder and silences) are copied from
//     its MP3 (previous-chunks.ts), the rest encoded by a few ffmpeg processes
//     (encode-chunks.ts) with the plan's filters, without tags or header frames.
//  3. The MP3 is one ID3v2 tag (title, artist, chapters) and the chunks' frames end to
//     end. Chunks end in silence, so the joins are inaudible (tested: no jump at any join).
//
// Segment times are exact: a line starts where the frames before its chunk end
// (frames × samples per frame), plus the encoder's measured delay (encoder-timing.ts),
// plus its chunk's lead. The MP3 carries no gapless-playback header, so every decoder
// plays those samples at those times.
//
// The timeline is one of placed clips (placed-clips.ts): a line that overlaps the one
// before it (a reaction mixed under it, a cut-in) joins that line's clip, so a chunk is
// one placed clip (a line with what is mixed under it) and everything above works on
// placed clips as it did on lines; each line's time is its clip's plus its offset in it.

import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { layoutChunks } from './chunk-layout.ts';
import type { ChunkSlot } from './chunk-layout.ts';
import { ChunkSpill, writeChunkedMp3 } from './chunk-spill.ts';
import { chunkContent, parseChunkTable } from './chunk-table.ts';
import type { ChunkRecord, ChunkTable, RecordedClip } from './chunk-table.ts';
import type { EmbeddedChapter } from './embed-chapters.ts';
import { encodeChunks } from './encode-chunks.ts';
import type { ChunkJob } from './encode-chunks.ts';
import { encoderGainDb } from './encoder-gain.ts';
import type { Mp3Format } from './encoder-gain.ts';
import { encoderTiming } from './encoder-timing.ts';
import type { EncoderTiming } from './encoder-timing.ts';
import { chooseMasterPlan, parseEpisodeMasterPlan } from './episode-master-plan.ts';
import type { EpisodeMasterPlan, PlanChoice } from './episode-master-plan.ts';
import { episodeTag } from './episode-tag.ts';
import { PODCAST_LOUDNESS } from './loudness.ts';
import type { LoudnessTarget } from './loudness.ts';
import type { LoudnessReading } from './loudness-meter.ts';
import { readPreviousChunks } from './previous-chunks.ts';
import type { PreviousAudio } from './previous-chunks.ts';
import { RenderScriptError } from './render-script-error.ts';
import { DEFAULT_PAUSES } from './timeline.ts';
import type { PausePlan } from './timeline.ts';
import { placeClips, type MemberSpan, type PlacedClip } from './placed-clips.ts';
import type { LinePlacement } from './script-timeline.ts';
import { clipDigest, scanTimeline, timelineClip } from './timeline-scan.ts';
import type { ClipSource, ScanLine, TimelineScan } from './timeline-scan.ts';

export interface AssemblyLine {
  speaker: string;
  /** The voiced line (voiced-clip.ts), or how to fetch it, e.g. `() => store.get(key)`; fetched twice at most. */
  clip: ClipSource;
  /** How it overlaps the line before it (script-timeline.ts); left out, it follows it. */
  placement?: LinePlacement | undefined;
  /**
   * The silence before it (the lead-in for the first), instead of the pause the speakers make:
   * a natural pause (script-timeline.ts), or the show's mix (mix/mix-plan.ts). A line with a
   * placement is mixed into the clip before it and has none.
   */
  pauseBeforeMs?: number | undefined;
  /**
   * What its clip is made from, when that is known before it is made (a digest of its
   * inputs: segment keys, a show's parts and levels). A clip the last render recorded under
   * the same recipe is taken from its record instead of being read (or made) and metered
   * again. A placed clip of several lines (a reaction under a line, a cut-in) has one when
   * each of its lines has; a clip resampled to the timeline's rate is not recorded.
   */
  recipe?: string | undefined;
}

/** What the last render of this episode left: its MP3 and the two records assembleEpisode returned with it. */
export interface PreviousEpisode {
  audio: PreviousAudio;
  /** `chunkTable` as returned (or as JSON read back; it is checked). */
  chunkTable: unknown;
  /** `plan` as returned (or as JSON read back; it is checked). */
  plan: unknown;
  /**
   * How close `plan` must land this timeline to the target to be kept, in LU (default
   * KEEP_PLAN_TOLERANCE_LU, a re-render's margin); a live stream's chunks are kept closer
   * (live-take-audio.ts), so the re-renders after it keep that whole margin.
   */
  keepWithinLu?: number;
}

export interface SegmentTiming {
  startTimeMs: number;
  endTimeMs: number;
}

/** What the chapters are placed by: every line's time, the episode's length, and each placed clip's layout (as its clip gave it, or its record). */
export interface ChapterTiming {
  segments: readonly SegmentTiming[];
  durationMs: number;
  layouts: readonly (number[] | undefined)[];
}

export interface AssembleEpisodeOptions {
  lines: readonly AssemblyLine[];
  /** Pause lengths; defaults to DEFAULT_PAUSES. */
  pauses?: PausePlan;
  previous?: PreviousEpisode;
  metadata: { title: string; artist: string };
  /** The chapters to embed, from the finished timings (they are not known before). */
  chapters?(timing: ChapterTiming): readonly EmbeddedChapter[];
  /** Caller-owned directory; the MP3 is written here and nothing else is left behind. */
  workDir: string;
  /** File name of the MP3 inside workDir (default `episode.mp3`). */
  outputFileName?: string;
  format?: Mp3Format;
  target?: LoudnessTarget;
  /** ffmpeg processes at once (default: one per core, at most four). */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface AssemblyStats {
  chunksEncoded: number;
  chunksReused: number;
  ffmpegRuns: number;
  /** 'kept': the last plan still delivers; 'replanned': it did not, so every chunk was encoded again. */
  plan: PlanChoice['decision'];
  planReason?: string;
  /** The timeline as metered (before mastering). */
  measured: LoudnessReading;
  /** Clips taken from the last render's records, neither read nor metered. */
  clipsRecalled: number;
  /** Why some or all of the last episode's chunks could not be reused (they were encoded instead). */
  reuseProblem?: string;
  /** Reading every clip and metering the timeline. */
  meteringMs: number;
  /** Reading the reused chunks from the last episode. */
  reuseMs: number;
  encodingMs: number;
  /** Writing the MP3. */
  writingMs: number;
  totalMs: number;
}

export interface AssembledEpisode {
  /** Absolute path of the MP3 in workDir. */
  audioFile: string;
  /** The MP3's decoded length. */
  durationMs: number;
  /** Where each line's audio is in the MP3, in line order. */
  segments: SegmentTiming[];
  /** Each placed clip's layout (its clip's, or its record's). */
  layouts: (number[] | undefined)[];
  /** Keep with the episode and hand back as `previous.chunkTable` on the next render. */
  chunkTable: ChunkTable;
  /** Keep with the episode and hand back as `previous.plan` on the next render. */
  plan: EpisodeMasterPlan;
  stats: AssemblyStats;
}

const DEFAULT_FORMAT: Mp3Format = { sampleRate: 44_100, bitrateKbps: 96 };

function usablePrevious(previous: PreviousEpisode | undefined, timing: EncoderTiming, format: Mp3Format): { table?: ChunkTable; plan?: EpisodeMasterPlan; problem?: string } {
  if (!previous) return {};
  const plan = parseEpisodeMasterPlan(previous.plan);
  let table: ChunkTable;
  try {
    table = parseChunkTable(previous.chunkTable);
  } catch (error) {
    return { ...(plan ? { plan } : {}), problem: `its chunk table is unusable: ${(error as Error).message}` };
  }
  if (table.encoder !== timing.encoder || table.format.sampleRate !== format.sampleRate || table.format.bitrateKbps !== format.bitrateKbps || table.frameSamples !== timing.frameSamples) {
    return { ...(plan ? { plan } : {}), problem: 'it was encoded by another encoder or to another format' };
  }
  return { table, ...(plan ? { plan } : {}), ...(plan ? {} : { problem: 'its mastering plan is unusable' }) };
}

/** A recalled clip, made again for encoding, is not the one recorded (a store that gave other audio for the same key): the render starts over, reading every clip. */
class RecalledClipChanged extends Error {}

export async function assembleEpisode(options: AssembleEpisodeOptions): Promise<AssembledEpisode> {
  try {
    return await assemble(options, true);
  } catch (error) {
    if (!(error instanceof RecalledClipChanged)) throw error;
    return assemble(options, false);
  }
}

async function assemble(options: AssembleEpisodeOptions, recall: boolean): Promise<AssembledEpisode> {
  const { lines, workDir, metadata, signal } = options;
  const format = options.format ?? DEFAULT_FORMAT;
  const target = options.target ?? PODCAST_LOUDNESS;
  const pauses = options.pauses ?? DEFAULT_PAUSES;
  if (lines.length === 0) throw new RenderScriptError('The script has no lines');
  signal?.throwIfAborted();
  const started = performance.now();
  const audioFile = path.join(workDir, options.outputFileName ?? 'episode.mp3');
  const scratch = path.join(workDir, `.assembly-${randomUUID()}`);
  let succeeded = false;
  try {
    // The silence before each placed clip is settled once, so the meter and the layout lay the same timeline out.
    const clips = placeClips(lines).map((clip, index) => Object.assign(clip, { pauseBeforeMs: index === 0 ? clip.pauseBeforeMs : pauseBefore(lines, clip.firstLine, pauses) }));
    const [timing, gainDb] = await Promise.all([encoderTiming(format), encoderGainDb(format)]);
    const previous = usablePrevious(options.previous, timing, format);
    // Records are at the last timeline's rate, which its plan holds: without the plan, none is taken.
    const recorded = recall && previous.plan ? recordedClips(previous.table) : new Map<string, RecordedClip>();
    const recalled = clips.map((clip) => recorded.get(clip.recipe ?? ''));
    const scanLines = clips.map((clip, index): ScanLine => ({ clip: clip.clip, recalled: recalled[index] }));
    const scan = await scanTimeline(scanLines, signal, previous.plan?.sourceRate);
    const meteringMs = performance.now() - started;

    const choice = chooseMasterPlan({ measured: scan.loudness, sourceRate: scan.sampleRate, format, encoderGainDb: gainDb, target, previous: previous.plan, keepWithinLu: options.previous?.keepWithinLu });
    const { plan } = choice;
    const contents = scan.clipDigests.map((clipDigest) => chunkContent({ clipDigest, sourceRate: scan.sampleRate, filters: plan.filters, format, encoder: timing.encoder }));
    const reusable = new Map<string, ChunkRecord[]>();
    for (const record of previous.table?.chunks ?? []) reusable.set(record.content, [...(reusable.get(record.content) ?? []), record]);
    const slots = layoutChunks({
      lines: contents.map((content, index) => ({ content, clipSamples: scan.clipSamples[index] as number })),
      sourceRate: scan.sampleRate,
      outputRate: format.sampleRate,
      timing,
      leadInMs: lines[0]?.pauseBeforeMs ?? pauses.leadInMs,
      leadOutMs: pauses.leadOutMs,
      gapsMs: clips.slice(1).map((clip) => clip.pauseBeforeMs as number),
      reusable,
    });

    await mkdir(scratch);
    const spill = await ChunkSpill.open(path.join(scratch, 'chunks.mp3'));
    try {
      const reuseStarted = performance.now();
      const reuseProblems = previous.problem ? [previous.problem] : [];
      const toEncode = await copyReusedChunks(options.previous, previous.table, slots, spill, reuseProblems, signal);
      const reuseMs = performance.now() - reuseStarted;

      const encodingStarted = performance.now();
      const jobs: ChunkJob[] = toEncode.map((index) => ({
        index,
        clip: () => loadChecked(clips, scan, index),
        leadSamples: (slots[index] as ChunkSlot).leadSamples,
        outputSamples: (slots[index] as ChunkSlot).outputSamples,
      }));
      const encoded = jobs.length === 0
        ? { ffmpegRuns: 0 }
        : await encodeChunks({ jobs, filters: plan.filters, format, dir: scratch, concurrency: options.concurrency, signal, onChunk: (chunk) => spill.add(chunk.index, chunk.mp3, chunk.frames) });
      const encodingMs = performance.now() - encodingStarted;

      const writingStarted = performance.now();
      const { segments, durationMs } = timeline(slots, spill, scan, timing, format.sampleRate, clips, recalled);
      const tag = episodeTag(metadata, options.chapters?.({ segments, durationMs, layouts: scan.layouts }) ?? [], durationMs);
      const records = clips.map(({ recipe }, index): RecordedClip | undefined => recipe === undefined || scan.resampled[index] ? undefined : {
        recipe,
        samples: scan.clipSamples[index] as number,
        digest: scan.clipDigests[index] as string,
        loudness: scan.clipLoudness[index] as RecordedClip['loudness'],
        ...(scan.layouts[index] ? { layout: scan.layouts[index] } : {}),
        ...((clips[index] as PlacedClip).lines.length > 1 ? { spans: spansOf(clips[index] as PlacedClip, scan.sampleRate, recalled[index]).flatMap((span) => [span.line - (clips[index] as PlacedClip).firstLine, span.offsetSamples, span.samples]) } : {}),
      });
      const chunkTable = await writeChunkedMp3(audioFile, tag, slots, contents, records, spill, timing, format);
      const writingMs = performance.now() - writingStarted;
      succeeded = true;
      return {
        audioFile,
        durationMs,
        segments,
        layouts: scan.layouts,
        chunkTable,
        plan,
        stats: {
          chunksEncoded: jobs.length,
          chunksReused: slots.length - jobs.length,
          ffmpegRuns: encoded.ffmpegRuns,
          plan: choice.decision,
          ...(choice.reason ? { planReason: choice.reason } : {}),
          measured: scan.loudness,
          clipsRecalled: scan.recalled.filter(Boolean).length,
          ...(reuseProblems.length > 0 ? { reuseProblem: reuseProblems.join('; ') } : {}),
          meteringMs,
          reuseMs,
          encodingMs,
          writingMs,
          totalMs: performance.now() - started,
        },
      };
    } finally {
      await spill.handle.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    // A half-written MP3 must not be mistaken for a finished episode.
    if (!succeeded) await rm(audioFile, { force: true });
  }
}

/** Copies the chunks the layout reuses into the spill; returns the lines still to encode (new, or whose bytes did not check out). */
async function copyReusedChunks(
  previous: PreviousEpisode | undefined,
  table: ChunkTable | undefined,
  slots: readonly ChunkSlot[],
  spill: ChunkSpill,
  problems: string[],
  signal: AbortSignal | undefined,
): Promise<number[]> {
  const reusedBy = new Map<ChunkRecord, number[]>();
  slots.forEach((slot, index) => {
    const record = slot.reuse as ChunkRecord | undefined;
    if (record) reusedBy.set(record, [...(reusedBy.get(record) ?? []), index]);
  });
  const copied = new Set<number>();
  if (previous && table && reusedBy.size > 0) {
    try {
      const { rejected } = await readPreviousChunks(previous.audio, table, [...reusedBy.keys()], async ({ record, mp3 }) => {
        for (const index of reusedBy.get(record) ?? []) {
          await spill.add(index, mp3, record.frames);
          copied.add(index);
        }
      }, signal);
      if (rejected.length > 0) problems.push(`${rejected.length} chunk(s) did not match the table (${rejected[0]?.reason})`);
    } catch (error) {
      if (signal?.aborted) throw error;
      problems.push(`the earlier MP3 could not be read: ${(error as Error).message}`);
    }
  }
  return slots.flatMap((_, index) => (copied.has(index) ? [] : [index]));
}

/** The clips the last render recorded, by recipe. */
function recordedClips(table: ChunkTable | undefined): Map<string, RecordedClip> {
  const recorded = new Map<string, RecordedClip>();
  for (const record of table?.chunks ?? []) if (record.clip) recorded.set(record.clip.recipe, record.clip);
  return recorded;
}

/** A clip fetched again for encoding must be the one that was metered (or, recalled, recorded). */
async function loadChecked(clips: readonly PlacedClip[], scan: TimelineScan, index: number) {
  const placed = clips[index] as PlacedClip;
  const clip = await timelineClip(await placed.clip(), index, scan.sampleRate);
  if (clipDigest(clip) === scan.clipDigests[index]) return clip;
  if (scan.recalled[index]) throw new RecalledClipChanged();
  throw new RenderScriptError(`Line ${placed.firstLine + 1}'s audio changed while the episode was being mastered`);
}

/** The pause before line `index` (not the first): the one the caller gave, else the plan's for a change of speaker or not. */
function pauseBefore(lines: readonly AssemblyLine[], index: number, pauses: PausePlan): number {
  const line = lines[index] as AssemblyLine;
  return line.pauseBeforeMs ?? (line.speaker === lines[index - 1]?.speaker ? pauses.sameSpeakerMs : pauses.speakerChangeMs);
}

/** Each line's time: where its placed clip's chunk puts the clip, plus the line's offset in it. */
function timeline(slots: readonly ChunkSlot[], spill: ChunkSpill, scan: TimelineScan, timing: EncoderTiming, outputRate: number, clips: readonly PlacedClip[], recalled: readonly (RecordedClip | undefined)[]) {
  const ratio = outputRate / scan.sampleRate;
  const toMs = (samples: number) => (samples * 1000) / outputRate;
  let chunkStart = 0;
  const positions = slots.flatMap((slot, index) => {
    const start = chunkStart + timing.delaySamples + slot.leadSamples * ratio;
    chunkStart += (spill.located.get(index)?.frames ?? 0) * timing.frameSamples;
    // A span counts in its clip's own rate, which the timeline may have resampled to its own.
    return spansOf(clips[index] as PlacedClip, scan.sampleRate, recalled[index]).map((span) => {
      const scale = ratio * (scan.sampleRate / span.sampleRate);
      return { line: span.line, start: start + span.offsetSamples * scale, end: start + (span.offsetSamples + span.samples) * scale };
    });
  });
  const durationMs = Math.round(toMs(chunkStart));
  const segments = positions.sort((a, b) => a.line - b.line).map(({ start, end }) => ({ startTimeMs: Math.round(toMs(start)), endTimeMs: Math.min(durationMs, Math.round(toMs(end))) }));
  return { segments, durationMs };
}

/** Where the lines of a placed clip are in it: as it laid them out, or, recalled (never fetched), as recorded (one line: the whole clip). */
function spansOf(clip: PlacedClip, sampleRate: number, recalled: RecordedClip | undefined): MemberSpan[] {
  if (!recalled) return clip.spans();
  const spans = recalled.spans ?? [0, 0, recalled.samples];
  return Array.from({ length: spans.length / 3 }, (_, at) => ({
    line: clip.firstLine + (spans[3 * at] as number),
    offsetSamples: spans[3 * at + 1] as number,
    samples: spans[3 * at + 2] as number,
    sampleRate,
    gainDb: 0,
  }));
}
