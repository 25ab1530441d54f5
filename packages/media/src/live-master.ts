// Masters an episode while it is still being voiced, for a live stream: the timeline
// grows line by line, and each time some lines are ready they are mastered and encoded
// as the same MP3 chunks the finished episode is made of (assemble-episode.ts: one per
// placed clip, a line with the reactions said under it and a cut-in overlapping it,
// placed-clips.ts), handed back as one segment of whole MP3 frames that plays on from the
// segments before. A segment holds whole placed clips, after the same pauses the finished
// file has (each line's `pauseBeforeMs`, natural or fixed: script-timeline.ts): the caller
// ends a segment before a line that is not mixed into the one before it, which it knows
// one line ahead.
//
//  - Layout: every chunk is placed by placeChunk with the silence carried from the chunk
//    before, exactly as the whole timeline's layout places it, so the stream's timings are
//    the finished episode's to the sample.
//  - Loudness: the lines the stream holds are metered as they are mastered (BS.1770, the
//    meter the finished episode's plan comes from; lines voiced but not streamed are not
//    metered here); a segment keeps the plan of the one before while that plan still lands
//    the timeline so far close to the target (stillHolds: 0.5 LU in the first two minutes,
//    0.05 LU after), else it is planned afresh (chooseMasterPlan). The finished episode
//    keeps the last live plan when it lands the whole timeline within 0.05 LU
//    (live-take-audio.ts, LIVE_KEEP_TOLERANCE_LU), and then copies every chunk made with it.
//  - The end of a stream whose lines were voiced far ahead of its listeners is not mastered
//    here: the finished file's own chunks follow the last live segment (followFinished;
//    live-take-audio.ts's writeFinishedTail), laid out the same way, so they play on from it.
//  - Resuming: a render taken over after its worker died opens the master on the segments
//    already published (their records) and the same lines' clips; the clips are metered
//    again and checked against the recorded chunks, so the stream goes on where it stopped.
//    Clips that no longer match (another engine, another lexicon) cannot go on: LiveTakeMismatch.

import { chunkContent } from './chunk-table.ts';
import { firstLeadWanted, placeChunk, type ChunkPlacement } from './chunk-layout.ts';
import { encodeChunks } from './encode-chunks.ts';
import { encoderGainDb, type Mp3Format } from './encoder-gain.ts';
import { encoderTiming, type EncoderTiming } from './encoder-timing.ts';
import { chooseMasterPlan, parseEpisodeMasterPlan, type EpisodeMasterPlan } from './episode-master-plan.ts';
import { PODCAST_LOUDNESS, type LoudnessTarget } from './loudness.ts';
import type { LoudnessReading } from './loudness-meter.ts';
import { TRUE_PEAK_MARGIN_DB } from './mastering-plan.ts';
import { MeteredSink } from './metered-sink.ts';
import { placeClips, type PlacedClip } from './placed-clips.ts';
import { RenderScriptError } from './render-script-error.ts';
import type { LinePlacement } from './script-timeline.ts';
import { DEFAULT_PAUSES, TimelineBuilder, type PausePlan, type SampleSink } from './timeline.ts';
import { clipDigest, timelineClip, type ClipSource } from './timeline-scan.ts';
import type { VoicedClip } from './voiced-clip.ts';

/** The delivery format of every episode (assemble-episode.ts). */
const LIVE_FORMAT: Mp3Format = { sampleRate: 44_100, bitrateKbps: 96 };

/** One placed clip's chunk in a live segment, as recorded (a chunk table's record less its offset). */
export interface LiveChunkRecord {
  /** The lines its placed clip holds (left out: one, as every chunk was before reactions). */
  lines?: number;
  content: string;
  leadSamples: number;
  outputSamples: number;
  bytes: number;
  frames: number;
}

/** What is kept of a published segment: enough to go on from it and to reuse its chunks. */
export interface LiveSegmentRecord {
  /** Index of its first line in the script. */
  firstLine: number;
  chunks: LiveChunkRecord[];
  /** The plan its chunks were mastered with. */
  plan: EpisodeMasterPlan;
  /** Output samples of silence wanted before the next line's clip (the layout's carry). */
  wantedNext: number;
  encoder: string;
  frameSamples: number;
}

export interface MasteredSegment {
  record: LiveSegmentRecord;
  /** The segment's MP3 frames: its chunks end to end. */
  mp3: Uint8Array;
}

export interface LiveLine {
  speaker: string;
  clip: ClipSource;
  /** How it overlaps the line before it (a reaction, a cut-in): it is mixed into that line's placed clip. */
  placement?: LinePlacement | undefined;
  /** The silence before it when it starts a placed clip; left out, the plan's for its speaker (assemble-episode.ts). */
  pauseBeforeMs?: number | undefined;
}

/** The line after a segment's last: who says it and the silence before it. */
export type LiveFollowing = Pick<LiveLine, 'speaker' | 'pauseBeforeMs' | 'placement'>;

/** The clips of a live take's published lines do not match what was streamed: the stream cannot go on. */
export class LiveTakeMismatch extends Error {
  override name = 'LiveTakeMismatch';
}

export interface LiveMasterOptions {
  pauses?: PausePlan;
  format?: Mp3Format;
  target?: LoudnessTarget;
  /** A folder the encoder's scratch files go in (the caller removes it). */
  workDir: string;
  /** ffmpeg processes at once (encode-chunks.ts). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Segments already published for this take, with the clips of the lines they hold (in order). */
  earlier?: { segments: readonly LiveSegmentRecord[]; lines: readonly LiveLine[] };
}

/** How far the stream's plan may land the timeline so far from the target before a segment is planned afresh: early on, loosely… */
const EARLY_KEEP_TOLERANCE_LU = 0.5;
/** …and once the loudness so far barely moves with a new line, closely: the finished file copies chunks made with a close plan. */
const SETTLED_KEEP_TOLERANCE_LU = 0.05;
/** When the timeline so far counts as settled. */
const SETTLED_AFTER_SECONDS = 120;

const discard: SampleSink = { write: async () => {}, writeSilence: async () => {} };

export class LiveMaster {
  private readonly options: LiveMasterOptions;
  private readonly format: Mp3Format;
  private readonly target: LoudnessTarget;
  private readonly pauses: PausePlan;
  private readonly timing: EncoderTiming;
  private readonly gainDb: number;
  private sourceRate = 0;
  private metered: MeteredSink | undefined;
  private timeline: TimelineBuilder | undefined;
  private plan: EpisodeMasterPlan | undefined;
  private wanted: number | undefined;
  private lines = 0;
  /** The speaker of the last line mastered (the pause before the next line depends on it, when the line gives none). */
  private lastSpeaker: string | undefined;
  /** The first line's lead-in, once the first segment set it. */
  private leadInMs: number;
  private frames = 0;
  /** Clip samples on the metered timeline (speech, roughly: the pauses are left out). */
  private meteredSamples = 0;

  private constructor(options: LiveMasterOptions, timing: EncoderTiming, gainDb: number) {
    this.options = options;
    this.format = options.format ?? LIVE_FORMAT;
    this.target = options.target ?? PODCAST_LOUDNESS;
    this.pauses = options.pauses ?? DEFAULT_PAUSES;
    this.leadInMs = this.pauses.leadInMs;
    this.timing = timing;
    this.gainDb = gainDb;
  }

  static async open(options: LiveMasterOptions): Promise<LiveMaster> {
    const format = options.format ?? LIVE_FORMAT;
    const [timing, gainDb] = await Promise.all([encoderTiming(format), encoderGainDb(format)]);
    const master = new LiveMaster(options, timing, gainDb);
    if (options.earlier && options.earlier.segments.length > 0) await master.resume(options.earlier.segments, options.earlier.lines);
    return master;
  }

  /** Lines mastered so far: the next segment starts at this line. */
  get linesMastered(): number {
    return this.lines;
  }

  /** How long the stream published so far plays, in ms (its frames, the encoder's delay at the start included). */
  get durationMs(): number {
    return Math.round((this.frames * this.timing.frameSamples * 1000) / this.format.sampleRate);
  }

  /**
   * Masters the next lines (starting at `linesMastered`) into one segment: whole placed
   * clips (its first line is mixed into no line before it, and `following` into none of
   * its lines). `following` is the line after the last of them, or undefined when the last
   * of them ends the episode (its chunk then carries the lead-out).
   */
  async master(lines: readonly LiveLine[], following: LiveFollowing | undefined): Promise<MasteredSegment> {
    if (lines.length === 0) throw new RangeError('A live segment holds at least one line');
    if (lines[0]?.placement) throw new RangeError(`Line ${this.lines + 1} is mixed into the line before it: a segment starts with a placed clip`);
    if (following?.placement) throw new RangeError(`Line ${this.lines + lines.length + 1} is mixed into the segment's last clip: a segment ends with a whole placed clip`);
    const { signal } = this.options;
    signal?.throwIfAborted();
    if (this.lines === 0) this.leadInMs = lines[0]?.pauseBeforeMs ?? this.pauses.leadInMs;
    const placed = placeClips(lines);
    const pauses = this.clipPauses(lines, placed);
    const clips: VoicedClip[] = [];
    for (const [position, clip] of placed.entries()) clips.push(await this.meter(clip, this.lines + clip.firstLine, pauses[position]));
    const measured = (this.metered as MeteredSink).meter.readingSoFar();
    const plan = this.plan && this.stillHolds(this.plan, measured) ? this.plan : chooseMasterPlan({ measured, sourceRate: this.sourceRate, format: this.format, encoderGainDb: this.gainDb, target: this.target, previous: this.plan }).plan;
    const placement = this.placement();
    let wanted = this.wanted ?? firstLeadWanted(placement);
    const last = lines.at(-1) as LiveLine;
    const after = following === undefined ? undefined : (following.pauseBeforeMs ?? (following.speaker === last.speaker ? this.pauses.sameSpeakerMs : this.pauses.speakerChangeMs));
    const chunks = clips.map((clip, index) => {
      const content = chunkContent({ clipDigest: clipDigest(clip), sourceRate: this.sourceRate, filters: plan.filters, format: this.format, encoder: this.timing.encoder });
      const gapMs = index + 1 < clips.length ? pauses[index + 1] : after;
      const placed = placeChunk(placement, { content, clipSamples: clip.samples.length }, wanted, gapMs === undefined ? undefined : { next: undefined, gapMs });
      wanted = placed.wantedNext;
      return { content, slot: placed.slot };
    });
    const encoded = new Map<number, { mp3: Uint8Array; frames: number }>();
    await encodeChunks({
      jobs: chunks.map((chunk, index) => ({ index, clip: async () => clips[index] as VoicedClip, leadSamples: chunk.slot.leadSamples, outputSamples: chunk.slot.outputSamples })),
      filters: plan.filters,
      format: this.format,
      dir: this.options.workDir,
      ...(this.options.concurrency === undefined ? {} : { concurrency: this.options.concurrency }),
      ...(signal ? { signal } : {}),
      onChunk: (chunk) => {
        encoded.set(chunk.index, { mp3: chunk.mp3, frames: chunk.frames });
      },
    });
    const records = chunks.map((chunk, index): LiveChunkRecord => {
      const bytes = encoded.get(index) as { mp3: Uint8Array; frames: number };
      const held = (placed[index] as PlacedClip).lines.length;
      return { ...(held > 1 ? { lines: held } : {}), content: chunk.content, leadSamples: chunk.slot.leadSamples, outputSamples: chunk.slot.outputSamples, bytes: bytes.mp3.length, frames: bytes.frames };
    });
    const record: LiveSegmentRecord = { firstLine: this.lines, chunks: records, plan, wantedNext: wanted, encoder: this.timing.encoder, frameSamples: this.timing.frameSamples };
    const mp3 = Buffer.concat(chunks.map((_, index) => (encoded.get(index) as { mp3: Uint8Array }).mp3));
    // A failed encode leaves the meter past these lines: the caller gives up on this master then.
    this.plan = plan;
    this.wanted = wanted;
    this.lines += lines.length;
    this.lastSpeaker = last.speaker;
    this.frames += records.reduce((sum, chunk) => sum + chunk.frames, 0);
    return { record, mp3 };
  }

  /**
   * The silence before each of the placed clips of `lines` (which follow the lines mastered
   * so far), as assembleEpisode settles it: the episode's first clip's own (the lead-in), else
   * its first line's `pauseBeforeMs`, else the plan's for a change of speaker from the line before.
   */
  private clipPauses(lines: readonly LiveLine[], placed: readonly PlacedClip[]): (number | undefined)[] {
    return placed.map((clip) => {
      const line = lines[clip.firstLine] as LiveLine;
      if (this.lines === 0 && clip.firstLine === 0) return line.pauseBeforeMs;
      const before = clip.firstLine > 0 ? (lines[clip.firstLine - 1] as LiveLine).speaker : this.lastSpeaker;
      return line.pauseBeforeMs ?? (line.speaker === before ? this.pauses.sameSpeakerMs : this.pauses.speakerChangeMs);
    });
  }

  /**
   * Whether the stream's plan still lands the timeline so far close to the target with its
   * peaks held: in the first two minutes within 0.5 LU, so their swings (each new line moves
   * the loudness so far) do not make a new plan every few lines, while the stream as a whole
   * stays well within 1 LU; after that within 0.05 LU, so the last plan is one the finished
   * file can keep (LIVE_KEEP_TOLERANCE_LU) and copy every chunk made with.
   */
  private stillHolds(plan: EpisodeMasterPlan, measured: LoudnessReading): boolean {
    if (plan.normalization === 'none' || !Number.isFinite(measured.integratedLufs)) return plan.normalization === 'none' && !Number.isFinite(measured.integratedLufs);
    const tolerance = this.meteredSamples / this.sourceRate < SETTLED_AFTER_SECONDS ? EARLY_KEEP_TOLERANCE_LU : SETTLED_KEEP_TOLERANCE_LU;
    if (Math.abs(measured.integratedLufs + plan.gainDb - this.target.integratedLufs) > tolerance) return false;
    return plan.normalization === 'limited' || measured.truePeakDbtp + plan.gainDb <= this.target.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  }

  /**
   * Counts a segment cut from the finished file (live-take-audio.ts's writeFinishedTail) as
   * published after the ones mastered here: the stream's lines and length move on, nothing
   * is metered or encoded. Its chunks were laid out by the same layout, so they play on from
   * the last live segment; nothing is mastered after it.
   */
  followFinished(record: LiveSegmentRecord): void {
    if (record.firstLine !== this.lines) throw new RangeError(`The finished file's chunks start at line ${record.firstLine + 1}, the stream at line ${this.lines + 1}`);
    if (record.encoder !== this.timing.encoder || record.frameSamples !== this.timing.frameSamples) throw new LiveTakeMismatch('the finished file was encoded another way');
    this.lines += record.chunks.reduce((sum, chunk) => sum + (chunk.lines ?? 1), 0);
    this.frames += record.chunks.reduce((sum, chunk) => sum + chunk.frames, 0);
  }

  private placement(): ChunkPlacement {
    return { sourceRate: this.sourceRate, outputRate: this.format.sampleRate, timing: this.timing, leadInMs: this.leadInMs, leadOutMs: this.pauses.leadOutMs };
  }

  /** Puts the next placed clip (its first line is line `index`) on the metered timeline after `pauseMs`; returns its clip. */
  private async meter(placed: PlacedClip, index: number, pauseMs: number | undefined): Promise<VoicedClip> {
    const read = await placed.clip();
    if (!this.timeline) {
      if (!Number.isInteger(read.sampleRate) || read.sampleRate < 1000) throw new RenderScriptError(`Line 1 has no usable sample rate (${read.sampleRate})`);
      this.sourceRate = read.sampleRate;
      this.metered = new MeteredSink(discard, read.sampleRate);
      this.timeline = new TimelineBuilder(this.metered, read.sampleRate, this.pauses);
    }
    // A clip at another rate (a quote in eSpeak NG's among Flite's) is resampled to the first's, as the finished file does (timeline-scan.ts).
    const clip = await timelineClip(read, index, this.sourceRate, this.options.signal);
    await this.timeline.add(placed.speaker, clip.samples, pauseMs);
    this.meteredSamples += clip.samples.length;
    return clip;
  }

  /** Takes in the segments already published: meters their placed clips again and checks every chunk is the one streamed. */
  private async resume(segments: readonly LiveSegmentRecord[], lines: readonly LiveLine[]): Promise<void> {
    for (const segment of segments) {
      const plan = parseEpisodeMasterPlan(segment.plan);
      if (!plan || segment.encoder !== this.timing.encoder || segment.frameSamples !== this.timing.frameSamples || segment.firstLine !== this.lines) {
        throw new LiveTakeMismatch('the stream was encoded another way');
      }
      for (const chunk of segment.chunks) {
        const held = lines.slice(this.lines, this.lines + (chunk.lines ?? 1));
        if (held.length !== (chunk.lines ?? 1)) throw new LiveTakeMismatch(`line ${this.lines + held.length + 1} of the stream has no clip`);
        // The chunk's lines must still make one placed clip: a line now mixed into another (or no longer) was streamed otherwise.
        const placed = placeClips(held);
        if (placed.length !== 1 || held[0]?.placement || lines[this.lines + held.length]?.placement) throw new LiveTakeMismatch(`line ${this.lines + 1} is no longer laid out as it was streamed`);
        if (this.lines === 0) this.leadInMs = held[0]?.pauseBeforeMs ?? this.pauses.leadInMs;
        const clip = await this.meter(placed[0] as PlacedClip, this.lines, this.clipPauses(held, placed)[0]);
        const content = chunkContent({ clipDigest: clipDigest(clip), sourceRate: this.sourceRate, filters: plan.filters, format: this.format, encoder: this.timing.encoder });
        if (content !== chunk.content) throw new LiveTakeMismatch(`line ${this.lines + 1} no longer sounds as it was streamed`);
        this.frames += chunk.frames;
        this.lines += held.length;
        this.lastSpeaker = held.at(-1)?.speaker;
      }
      this.plan = plan;
      this.wanted = segment.wantedNext;
    }
  }
}
