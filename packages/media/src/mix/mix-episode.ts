// An episode with its show's sound: the mix plan (mix-plan.ts) made into blocks
// (render-block.ts) that assembleEpisode meters, masters and encodes as MP3 chunks, as it
// does voiced lines. Voicing and mixing stay apart: the lines come from the segment store
// as they are, so a change to the show (its parts or levels) voices nothing, and only the
// chunks whose sound changed are encoded again (an intro changed: the intro's chunk).
//
// Timings follow the mix: each line's start and end are its block's plus its place in the
// block, so the transcript, its formats and search, and the chapters (JSON, ID3 CHAP, the
// feed's) move with the intro's length. A section's chapter starts where its first block
// does (its sting, or the bed's rise), the first section's at 0 after an intro.
//
// The plan lays out the script's placed clips (placed-clips.ts), not its lines: a reaction
// is mixed under its line and a cut-in overlaps the line before it inside the show's
// blocks as in an episode without a show, and the pauses between them are the episode's
// (natural, or the voice style's at `reactions: none`). A line's time is its placed
// clip's in the block plus its place in the clip.
//
// A re-mix makes only the blocks whose recipe changed (block-recipes.ts): given every
// line's segment key, each part and bed block is recorded with its chunk under what it is
// made from, and a block made from the same again is taken from that record unread (its
// lines' places in it are recorded with it, as its layout: the line, from the block's
// first, then its start and end in samples). Without a show, so is each line that is a
// clip of its own: a re-render after an edit reads the lines it changed, not every line.
//
// Without a show (or with one that has no parts) the plan is a block per placed clip with
// the pauses assembleEpisode always used, and this is assembleEpisode itself.
import type { ShowLevels } from '@castwright/core/shows/show-options';
import { assembleEpisode, type AssembledEpisode, type AssembleEpisodeOptions, type AssemblyLine, type ChapterTiming, type SegmentTiming } from '../assemble-episode.ts';
import type { EmbeddedChapter } from '../embed-chapters.ts';
import { LoudnessMeter } from '../loudness-meter.ts';
import { DEFAULT_PAUSES } from '../timeline.ts';
import { clipAtRate } from '../clip-at-rate.ts';
import { placeClips, type PlacedClip } from '../placed-clips.ts';
import { loadClip } from '../timeline-scan.ts';
import type { VoicedClip } from '../voiced-clip.ts';
import { blockRecipes, lineRecipes } from './block-recipes.ts';
import { isPlainPlan, planMix, type MixLine, type MixPlan } from './mix-plan.ts';
import { loudnessOf, renderBlock, type BlockSources, type PartAudio } from './render-block.ts';

/** One of a show's parts, as the render gets it: what it is (its digest) and how to decode it. */
export interface ShowPartSource {
  /** SHA-256 of the stored file. */
  digest: string;
  /** Its samples, mono, at `sampleRate`. */
  load(sampleRate: number, signal?: AbortSignal): Promise<Float32Array>;
}

/** A show's sound: its parts (any may be missing) and the levels of its mix. */
export interface ShowSound {
  intro?: ShowPartSource | undefined;
  outro?: ShowPartSource | undefined;
  bed?: ShowPartSource | undefined;
  sting?: ShowPartSource | undefined;
  levels: ShowLevels;
}

export interface MixLineInput extends AssemblyLine {
  text: string;
  /** Set on a section's first line (its title). */
  section?: string | undefined;
  /** What its clip is (its segment key): with every line's, a re-mix takes the show's unchanged blocks from the last render's records. */
  identity?: string | undefined;
}

export interface MixTiming {
  /** Where each line is in the MP3, in line order. */
  segments: readonly SegmentTiming[];
  durationMs: number;
  /** Where the section starting at this line begins (its sting, its bed, or the line); undefined for a line that starts none. */
  sectionStartMs(line: number): number | undefined;
}

export interface MixEpisodeOptions extends Omit<AssembleEpisodeOptions, 'lines' | 'chapters'> {
  lines: readonly MixLineInput[];
  show?: ShowSound | undefined;
  chapters?(timing: MixTiming): readonly EmbeddedChapter[];
}

export interface MixedEpisode extends AssembledEpisode {
  /** The blocks mastered (one chunk each); as many as placed clips (lines, without reactions or cut-ins) without a show. */
  blocks: number;
}

export async function mixEpisode(options: MixEpisodeOptions): Promise<MixedEpisode> {
  const { lines, show, chapters, ...assembly } = options;
  const pauses = options.pauses ?? DEFAULT_PAUSES;
  const placed = placeClips(lines);
  const units = placed.map((clip): MixLine => {
    const first = lines[clip.firstLine] as MixLineInput;
    return { speaker: first.speaker, text: clip.lines.map((line) => (lines[line] as MixLineInput).text).join(' '), section: first.section, pauseBeforeMs: first.pauseBeforeMs };
  });
  const plan = planMix(units, pauses, { intro: !!show?.intro, outro: !!show?.outro, bed: !!show?.bed, sting: !!show?.sting });
  const sampleRate = (await loadClip((lines[0] as MixLineInput).clip)).sampleRate;
  if (!show || isPlainPlan(plan)) {
    const recipes = lineRecipes(lines, sampleRate);
    const assembled = await assembleEpisode({
      ...assembly,
      lines: lines.map((line, index) => ({ ...line, recipe: recipes[index] })),
      ...(chapters ? { chapters: (timing: ChapterTiming) => chapters({ ...timing, sectionStartMs: () => undefined }) } : {}),
    });
    return { ...assembled, blocks: placed.length };
  }
  const sources = blockSources(placed, units, plan, show, sampleRate, pauses, options.signal);
  const recipes = blockRecipes({ plan, placed, units, lines, show, pauses, sampleRate });
  const blockLines: AssemblyLine[] = plan.blocks.map((block, index) => ({
    speaker: block.kind === 'line' ? (units[block.line] as MixLine).speaker : `block ${index}`,
    pauseBeforeMs: block.pauseBeforeMs,
    recipe: recipes[index],
    clip: block.kind === 'line'
      ? () => (placed[block.line] as PlacedClip).clip()
      : async () => {
        const rendered = await renderBlock(block, sources);
        return block.kind === 'bed' ? { ...rendered.clip, layout: bedLayout(placed, block.from, rendered.placements, sampleRate) } : rendered.clip;
      },
  }));
  const lineTiming = (blocks: readonly SegmentTiming[], layouts: ChapterTiming['layouts']) => lineTimings(plan, placed, blocks, layouts, sampleRate);
  const firstLines = new Map(placed.map((clip, unit) => [clip.firstLine, unit]));
  const assembled = await assembleEpisode({
    ...assembly,
    lines: blockLines,
    ...(chapters
      ? { chapters: ({ segments, durationMs, layouts }: ChapterTiming) => chapters({ segments: lineTiming(segments, layouts), durationMs, sectionStartMs: (line) => sectionStart(plan, segments, firstLines.get(line)) }) }
      : {}),
  });
  return { ...assembled, segments: lineTiming(assembled.segments, assembled.layouts), blocks: plan.blocks.length };
}

/** Where a bed block's lines are in it: for each, its line counted from the block's first, then its start and end in samples (at the timeline's rate). */
function bedLayout(placed: readonly PlacedClip[], from: number, placements: readonly { start: number; end: number }[], sampleRate: number): number[] {
  const first = (placed[from] as PlacedClip).firstLine;
  return placements.flatMap((place, offset) => (placed[from + offset] as PlacedClip).spans().flatMap((span) => {
    const start = place.start + Math.round((span.offsetSamples * sampleRate) / span.sampleRate);
    return [span.line - first, start, Math.min(place.end, start + Math.round((span.samples * sampleRate) / span.sampleRate))];
  }));
}

/** What the blocks are made from, each read or decoded once per render: the placed clips at the timeline's rate, the show's parts, the sections' loudness. */
function blockSources(placed: readonly PlacedClip[], units: readonly MixLine[], plan: MixPlan, show: ShowSound, sampleRate: number, pauses: typeof DEFAULT_PAUSES, signal: AbortSignal | undefined): BlockSources {
  const parts = new Map<string, Promise<PartAudio>>();
  const references = new Map<number, Promise<number>>();
  // A placed clip is at its first line's rate: a bed block lays it out at the timeline's, as assembleEpisode does a clip of its own.
  const clip = async (unit: number): Promise<VoicedClip> => clipAtRate(await (placed[unit] as PlacedClip).clip(), sampleRate, signal);
  const sectionLoudness = async (from: number, to: number) => {
    const meter = new LoudnessMeter(sampleRate, { truePeak: false });
    for (let unit = from; unit < to; unit++) {
      const before = units[unit] as MixLine;
      if (unit > from) meter.pushSilence(Math.round(((before.pauseBeforeMs ?? (before.speaker === units[unit - 1]?.speaker ? pauses.sameSpeakerMs : pauses.speakerChangeMs)) * sampleRate) / 1000));
      meter.push((await clip(unit)).samples);
    }
    return meter.reading().integratedLufs;
  };
  return {
    sampleRate,
    levels: show.levels,
    clip,
    part: (kind) => {
      let audio = parts.get(kind);
      if (!audio) {
        const source = show[kind];
        if (!source) throw new Error(`The show has no ${kind}`);
        audio = source.load(sampleRate, signal).then((samples) => ({ samples, loudnessLufs: loudnessOf(samples, sampleRate) }));
        parts.set(kind, audio);
      }
      return audio;
    },
    // A section's voices as they are heard: its placed clips at their pauses, metered (clip by clip: no track is built).
    reference: (section) => {
      let reference = references.get(section);
      if (!reference) {
        reference = sectionLoudness(plan.sectionStarts[section] as number, plan.sectionStarts[section + 1] ?? units.length);
        references.set(section, reference);
      }
      return reference;
    },
  };
}

/** Each line's place in the MP3: its block's start, plus where the line lies in the block (its placed clip's spans, or the bed block's layout). */
function lineTimings(plan: MixPlan, placed: readonly PlacedClip[], blocks: readonly SegmentTiming[], layouts: ChapterTiming['layouts'], sampleRate: number): SegmentTiming[] {
  const timings: SegmentTiming[] = [];
  const toMs = (samples: number, rate: number) => Math.round((samples * 1000) / rate);
  /** The lines of placed clip `unit`, whose first sample is at `startMs` and which ends by `endMs` at the latest. */
  const members = (unit: number, startMs: number, endMs: number) => {
    const clip = placed[unit] as PlacedClip;
    if (clip.lines.length === 1) {
      timings[clip.firstLine] = { startTimeMs: startMs, endTimeMs: endMs };
      return;
    }
    for (const span of clip.spans()) {
      timings[span.line] = { startTimeMs: startMs + toMs(span.offsetSamples, span.sampleRate), endTimeMs: Math.min(endMs, startMs + toMs(span.offsetSamples + span.samples, span.sampleRate)) };
    }
  };
  plan.blocks.forEach((block, index) => {
    const timing = blocks[index] as SegmentTiming;
    if (block.kind === 'line') members(block.line, timing.startTimeMs, timing.endTimeMs);
    if (block.kind !== 'bed') return;
    const layout = layouts[index];
    if (!layout) throw new Error(`Block ${index} has no layout`);
    const first = (placed[block.from] as PlacedClip).firstLine;
    for (let at = 0; at + 2 < layout.length; at += 3) {
      const [line, start, end] = [layout[at] as number, layout[at + 1] as number, layout[at + 2] as number];
      timings[first + line] = { startTimeMs: timing.startTimeMs + toMs(start, sampleRate), endTimeMs: Math.min(timing.endTimeMs, timing.startTimeMs + toMs(end, sampleRate)) };
    }
  });
  return timings;
}

/** Where the section opened by placed clip `unit` begins; undefined where none does (a section opened by a line mixed into a clip starts with that line). */
function sectionStart(plan: MixPlan, blocks: readonly SegmentTiming[], unit: number | undefined): number | undefined {
  if (unit === undefined) return undefined;
  const section = plan.sectionStarts.indexOf(unit);
  if (section < 0) return undefined;
  const block = plan.chapterBlocks[section] as number;
  // The episode's first block opens the first chapter at 0 (an intro: the listener starts there).
  return block === 0 ? 0 : blocks[block]?.startTimeMs;
}
