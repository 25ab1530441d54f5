// Masters an episode while it is still being voiced, for a live stream: the timeline
// grows line by line, and each time some lines are ready they are mastered and encoded
// as the same per-line MP3 chunks the finished episode is made of (assemble-episode.ts),
// handed back as one segment of whole MP3 frames that plays on from the segments before.
//
//  - Layout: every chunk is placed by placeChunk with the silence carried from the chunk
//    before, exactly as the whole timeline's layout places it, so the stream's timings are
//    the finished episode's to the sample.
//  - Loudness: the timeline so far is metered as it grows (BS.1770, the meter the finished
//    episode's plan comes from); a segment keeps the plan of the one before while that
//    plan still lands the timeline so far close to the target (stillHolds: 0.5 LU in the
//    first two minutes, 0.05 LU after), else it is planned afresh (chooseMasterPlan).
//    The finished episode is mastered with the last live plan when it lands the whole
//    timeline within 0.05 LU (closeEnough), and then copies every chunk made with it.
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
import { RenderScriptError } from './render-script-error.ts';
import { DEFAULT_PAUSES, TimelineBuilder, type PausePlan, type SampleSink } from './timeline.ts';
import { clipDigest, loadClip, timelineClip, type ClipSource } from './timeline-scan.ts';
import type { VoicedClip } from './voiced-clip.ts';

/** The delivery format of every episode (assemble-episode.ts). */
const LIVE_FORMAT: Mp3Format = { sampleRate: 44_100, bitrateKbps: 96 };

/** One line's chunk in a live segment, as recorded (a chunk table's record less its offset). */
export interface LiveChunkRecord {
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
}

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
/** How close the last plan must land the whole episode for the finished file to keep it (see closeEnough). */
const FINISHED_KEEP_TOLERANCE_LU = 0.05;

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
  private frames = 0;
  /** Clip samples on the metered timeline (speech, roughly: the pauses are left out). */
  private meteredSamples = 0;

  private constructor(options: LiveMasterOptions, timing: EncoderTiming, gainDb: number) {
    this.options = options;
    this.format = options.format ?? LIVE_FORMAT;
    this.target = options.target ?? PODCAST_LOUDNESS;
    this.pauses = options.pauses ?? DEFAULT_PAUSES;
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
   * Masters the next lines (starting at `linesMastered`) into one segment. `following` is
   * the speaker of the line after the last of them, or undefined when the last of them
   * ends the episode (its chunk then carries the lead-out).
   */
  async master(lines: readonly LiveLine[], following: string | undefined): Promise<MasteredSegment> {
    if (lines.length === 0) throw new RangeError('A live segment holds at least one line');
    const { signal } = this.options;
    signal?.throwIfAborted();
    const clips: VoicedClip[] = [];
    for (const [position, line] of lines.entries()) clips.push(await this.meter(line, this.lines + position));
    const measured = (this.metered as MeteredSink).meter.readingSoFar();
    const plan = this.plan && this.stillHolds(this.plan, measured) ? this.plan : chooseMasterPlan({ measured, sourceRate: this.sourceRate, format: this.format, encoderGainDb: this.gainDb, target: this.target, previous: this.plan }).plan;
    const placement = this.placement();
    let wanted = this.wanted ?? firstLeadWanted(placement);
    const chunks = clips.map((clip, index) => {
      const content = chunkContent({ clipDigest: clipDigest(clip), sourceRate: this.sourceRate, filters: plan.filters, format: this.format, encoder: this.timing.encoder });
      const nextSpeaker = index + 1 < lines.length ? (lines[index + 1] as LiveLine).speaker : following;
      const speaker = (lines[index] as LiveLine).speaker;
      const after = nextSpeaker === undefined ? undefined : { next: undefined, gapMs: nextSpeaker === speaker ? this.pauses.sameSpeakerMs : this.pauses.speakerChangeMs };
      const placed = placeChunk(placement, { content, clipSamples: clip.samples.length }, wanted, after);
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
      return { content: chunk.content, leadSamples: chunk.slot.leadSamples, outputSamples: chunk.slot.outputSamples, bytes: bytes.mp3.length, frames: bytes.frames };
    });
    const record: LiveSegmentRecord = { firstLine: this.lines, chunks: records, plan, wantedNext: wanted, encoder: this.timing.encoder, frameSamples: this.timing.frameSamples };
    const mp3 = Buffer.concat(chunks.map((_, index) => (encoded.get(index) as { mp3: Uint8Array }).mp3));
    // A failed encode leaves the meter past these lines: the caller gives up on this master then.
    this.plan = plan;
    this.wanted = wanted;
    this.lines += lines.length;
    this.frames += records.reduce((sum, chunk) => sum + chunk.frames, 0);
    return { record, mp3 };
  }

  /**
   * Whether the stream's plan still lands the timeline so far close to the target with its
   * peaks held: in the first two minutes within 0.5 LU, so their swings (each new line moves
   * the loudness so far) do not make a new plan every few lines, while the stream as a whole
   * stays well within 1 LU; after that within 0.05 LU, so the last plan is one the finished
   * file can keep (closeEnough) and copy every chunk made with.
   */
  private stillHolds(plan: EpisodeMasterPlan, measured: LoudnessReading): boolean {
    if (plan.normalization === 'none' || !Number.isFinite(measured.integratedLufs)) return plan.normalization === 'none' && !Number.isFinite(measured.integratedLufs);
    const tolerance = this.meteredSamples / this.sourceRate < SETTLED_AFTER_SECONDS ? EARLY_KEEP_TOLERANCE_LU : SETTLED_KEEP_TOLERANCE_LU;
    if (Math.abs(measured.integratedLufs + plan.gainDb - this.target.integratedLufs) > tolerance) return false;
    return plan.normalization === 'limited' || measured.truePeakDbtp + plan.gainDb <= this.target.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  }

  /**
   * Whether the last plan lands the whole timeline (every line mastered; call once, at the
   * end) within FINISHED_KEEP_TOLERANCE_LU of the target: then the finished file is mastered
   * with it and copies the stream's chunks. Further off, the finished file is planned afresh,
   * as a render without listeners would be: a re-render after an edit keeps the published
   * plan while it lands within 0.3 LU, and should have that room, not 0.3 less the stream's miss.
   */
  async closeEnough(): Promise<boolean> {
    if (!this.plan || !this.metered || !this.timeline) return false;
    // The whole timeline, as the finished file's scan meters it: its lead-out too.
    await this.timeline.finish();
    const measured = this.metered.meter.readingSoFar();
    if (!Number.isFinite(measured.integratedLufs)) return this.plan.normalization === 'none';
    return Math.abs(measured.integratedLufs + this.plan.gainDb - this.target.integratedLufs) <= FINISHED_KEEP_TOLERANCE_LU;
  }

  private placement(): ChunkPlacement {
    return { sourceRate: this.sourceRate, outputRate: this.format.sampleRate, timing: this.timing, leadInMs: this.pauses.leadInMs, leadOutMs: this.pauses.leadOutMs };
  }

  /** Puts the next line on the metered timeline; returns its clip. */
  private async meter(line: LiveLine, index: number): Promise<VoicedClip> {
    const read = await loadClip(line.clip);
    if (!this.timeline) {
      if (!Number.isInteger(read.sampleRate) || read.sampleRate < 1000) throw new RenderScriptError(`Line 1 has no usable sample rate (${read.sampleRate})`);
      this.sourceRate = read.sampleRate;
      this.metered = new MeteredSink(discard, read.sampleRate);
      this.timeline = new TimelineBuilder(this.metered, read.sampleRate, this.pauses);
    }
    // A line at another rate (a quote in eSpeak NG's among Flite's) is resampled to the first's, as the finished file does (timeline-scan.ts).
    const clip = await timelineClip(read, index, this.sourceRate, this.options.signal);
    await this.timeline.add(line.speaker, clip.samples);
    this.meteredSamples += clip.samples.length;
    return clip;
  }

  /** Takes in the segments already published: meters their lines again and checks every chunk is the one streamed. */
  private async resume(segments: readonly LiveSegmentRecord[], lines: readonly LiveLine[]): Promise<void> {
    let index = 0;
    for (const segment of segments) {
      const plan = parseEpisodeMasterPlan(segment.plan);
      if (!plan || segment.encoder !== this.timing.encoder || segment.frameSamples !== this.timing.frameSamples || segment.firstLine !== index) {
        throw new LiveTakeMismatch('the stream was encoded another way');
      }
      for (const chunk of segment.chunks) {
        const line = lines[index];
        if (!line) throw new LiveTakeMismatch(`line ${index + 1} of the stream has no clip`);
        const clip = await this.meter(line, index);
        const content = chunkContent({ clipDigest: clipDigest(clip), sourceRate: this.sourceRate, filters: plan.filters, format: this.format, encoder: this.timing.encoder });
        if (content !== chunk.content) throw new LiveTakeMismatch(`line ${index + 1} no longer sounds as it was streamed`);
        this.frames += chunk.frames;
        index += 1;
      }
      this.plan = plan;
      this.wanted = segment.wantedNext;
    }
    this.lines = index;
  }
}
