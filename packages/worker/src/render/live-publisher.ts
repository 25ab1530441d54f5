// Publishes a live take while its lines are voiced: when a listener needs more, the lines
// ready that the stream does not have yet are mastered into one segment (media's
// LiveMaster), the segment's object is stored under this attempt's own key, and only then
// is it recorded, with the take's new length and a progress notification, by the attempt
// that holds the episode.
//
// How much is mastered live is bounded by a listener who started with the first segment
// and plays at the pace of speech (the lead bound): after the first segment, nothing is
// published while that listener has LOW_WATER_MS or more left to hear, and then a segment
// takes the lines ready until the stream is LIVE_LEAD_MS ahead of them (at least one placed
// clip). An engine slower than speech is caught up with, so every line goes out as soon as
// it is laid out, encoded beside the voicing in time the voice leaves idle; a fast engine
// (the built-in voice) runs far ahead, and its lines are not mastered twice: the finished
// file is mastered as without listeners (live-render.ts), and `close` publishes its chunks
// of the lines the stream does not have as the take's last segment. A listener who joins
// late starts at the stream's start, behind that listener; one playing faster than speech
// waits at the stream's end for the next segment.
//
// A chunk is a placed clip (a line with the reactions said under it and a cut-in over it,
// media's placed-clips.ts), laid out once all its lines are voiced and the line after it is
// known (it is mixed into the clip or not, and the pause before it, from the episode's
// timeline, follows the clip), or once the script is complete and it is the last: one line
// of lookahead, as before reactions, when a line's speaker decided the pause after it. The
// first segment is the shortest opening with FIRST_SEGMENT_SPEECH_MS of speech and a line
// of each of the first two hosts, so the stream's first loudness plan is made on more than
// one voice's first words.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TransientError } from '@castwright/core/errors';
import { insertLiveSegment } from '@castwright/core/repositories/live-takes';
import { episodeLiveSegmentKey } from '@castwright/core/storage/object-storage';
import type { LiveFollowing, LiveLine, LiveMaster, LiveSegmentRecord } from '@castwright/media/live-master';
import { writeFinishedTail, type FinishedAudio } from '@castwright/media/live-take-audio';
import type { VoicedClip } from '@castwright/media/voiced-clip';
import type { WorkerContext } from '../worker-context.ts';

/** Speech the first segment waits for (unless the script is shorter). */
const FIRST_SEGMENT_SPEECH_MS = 6000;
/** A listener who started with the first segment has less than this left to hear: the stream is topped up. */
const LOW_WATER_MS = 10_000;
/** The lead bound: a top-up takes lines until the stream is this far ahead of that listener. */
const LIVE_LEAD_MS = 30_000;

export interface LivePublisherOptions {
  context: WorkerContext;
  episodeId: string;
  attempt: number;
  take: number;
  /** The next segment's number in the take (after those published before a takeover). */
  seq: number;
  master: LiveMaster;
  workDir: string;
  /** Line `index`'s voiced clip (it is stored by the time the line counts as voiced). */
  clip(index: number): Promise<VoicedClip>;
  /** Line `index` of those known: its speaker, how it is placed against the line before and the pause before it (the episode's timeline). */
  line(index: number): LiveFollowing;
  /** Progress to show with a published segment. */
  progressPercent(): number;
  signal: AbortSignal;
}

export class LivePublisher {
  private readonly options: LivePublisherOptions;
  private voicedLines = 0;
  private knownLines = 0;
  private complete = false;
  private seq: number;
  private wake: (() => void) | undefined;
  private readonly clips = new Map<number, VoicedClip>();
  readonly done: Promise<void>;
  private failure: unknown;

  constructor(options: LivePublisherOptions) {
    this.options = options;
    this.seq = options.seq;
    // Going on with a take after a takeover: its listeners may be waiting at its end.
    if (options.seq > 0) this.firstPublishedAt = Date.now() - options.master.durationMs;
    options.signal.addEventListener('abort', () => this.poke(), { once: true });
    this.done = this.run();
    this.done.catch((error: unknown) => {
      this.failure = error;
    });
  }

  /** Lines 0 … count − 1 are voiced and stored. */
  voiced(count: number): void {
    this.voicedLines = Math.max(this.voicedLines, count);
    this.poke();
  }

  /** The script has `count` lines so far; `complete`: no more will follow. */
  known(count: number, complete: boolean): void {
    this.knownLines = Math.max(this.knownLines, count);
    this.complete ||= complete;
    this.poke();
  }

  /** Ends the loop (the render stopped): nothing more is published. */
  stop(): void {
    this.stopped = true;
    this.poke();
  }

  private stopped = false;

  /** Throws what stopped publishing, so the render stops too instead of voicing for nobody. */
  check(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Something changed: the loop looks again (at once, if it is looking now). */
  private poke(): void {
    this.changed = true;
    this.wake?.();
    this.wake = undefined;
  }

  private changed = false;

  /**
   * Ends the take with the finished file: publishing stops (a segment on its way is
   * published first), and the finished file's chunks of every line the stream does not
   * hold yet are published as its last segment, copied, not encoded.
   */
  async close(finished: FinishedAudio): Promise<void> {
    this.stop();
    await this.done.catch(() => undefined);
    this.check();
    this.options.signal.throwIfAborted();
    const { master } = this.options;
    const firstLine = master.linesMastered;
    if (!this.complete || firstLine >= this.knownLines) return;
    // The lines each of the tail's placed clips holds: a line mixed into the one before it is in that line's chunk.
    const lines: number[] = [];
    for (let index = firstLine; index < this.knownLines; index++) {
      if (index > firstLine && this.options.line(index).placement) lines[lines.length - 1] = (lines.at(-1) as number) + 1;
      else lines.push(1);
    }
    await this.store(async (file) => {
      const record = await writeFinishedTail(finished, { firstLine, lines }, file);
      master.followFinished(record);
      return record;
    }, true);
  }

  private async run(): Promise<void> {
    const { master, signal } = this.options;
    for (;;) {
      signal.throwIfAborted();
      if (this.stopped) return;
      this.changed = false;
      const mastered = master.linesMastered;
      if (this.complete && mastered >= this.knownLines) return;
      const last = this.complete && this.voicedLines >= this.knownLines;
      let layable = last ? this.knownLines : Math.min(this.voicedLines, this.knownLines - 1);
      // A placed clip goes out whole: never before a line mixed into the one before it.
      while (layable > mastered && layable < this.knownLines && this.options.line(layable).placement) layable -= 1;
      const next = layable > mastered ? await this.nextStep(mastered, layable) : { waitMs: undefined };
      if ('to' in next && !this.stopped) {
        await this.publish(mastered, next.to);
        continue;
      }
      if (this.changed || this.stopped) continue;
      const waitMs = 'waitMs' in next ? next.waitMs : undefined;
      await new Promise<void>((resolve) => {
        const timer = waitMs === undefined ? undefined : setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async load(index: number): Promise<VoicedClip> {
    let clip = this.clips.get(index);
    if (!clip) {
      clip = await this.options.clip(index);
      this.clips.set(index, clip);
    }
    return clip;
  }

  private async speechMs(index: number): Promise<number> {
    const clip = await this.load(index);
    return (clip.samples.length * 1000) / clip.sampleRate;
  }

  /** The end of the placed clip line `index` is in, up to `layable` (which starts one, or is the end). */
  private clipEnd(index: number, layable: number): number {
    let end = index + 1;
    while (end < layable && this.options.line(end).placement) end += 1;
    return end;
  }

  /**
   * What to do with lines `mastered` … `layable` − 1, which are ready: publish those before
   * `to` now, or wait `waitMs` (undefined: for the next line) until a listener needs them.
   */
  private async nextStep(mastered: number, layable: number): Promise<{ to: number } | { waitMs: number | undefined }> {
    const { master, line } = this.options;
    const last = this.complete && layable === this.knownLines;
    if (mastered === 0) {
      // The shortest opening with the speech and hosts asked for (or all of a shorter script).
      const opening = new Set(Array.from({ length: Math.min(this.knownLines, 6) }, (_, index) => line(index).speaker));
      const speakers = new Set<string>();
      let speech = 0;
      for (let index = 0; index < layable; index++) {
        speech += await this.speechMs(index);
        speakers.add(line(index).speaker);
        if (speech >= FIRST_SEGMENT_SPEECH_MS && speakers.size >= Math.min(2, opening.size)) return { to: this.clipEnd(index, layable) };
      }
      return last ? { to: layable } : { waitMs: undefined };
    }
    const heard = Date.now() - (this.firstPublishedAt ?? Date.now());
    const ahead = master.durationMs - heard;
    if (ahead >= LOW_WATER_MS) return { waitMs: ahead - LOW_WATER_MS };
    let length = master.durationMs;
    for (let index = mastered; index < layable; index++) {
      length += await this.speechMs(index);
      if (length - heard >= LIVE_LEAD_MS) return { to: this.clipEnd(index, layable) };
    }
    return { to: layable };
  }

  private firstPublishedAt: number | undefined;

  private async publish(from: number, to: number): Promise<void> {
    const { master } = this.options;
    const lines: LiveLine[] = [];
    for (let index = from; index < to; index++) lines.push({ ...this.options.line(index), clip: await this.load(index) });
    const following = to < this.knownLines ? this.options.line(to) : undefined;
    const segment = await master.master(lines, following);
    for (let index = from; index < to; index++) this.clips.delete(index);
    await this.store(async (file) => {
      await writeFile(file, segment.mp3);
      return segment.record;
    }, following === undefined);
  }

  /** Stores the take's next segment (`write` puts its bytes in the file given and returns its record), then records it for listeners. */
  private async store(write: (file: string) => Promise<LiveSegmentRecord>, complete: boolean): Promise<void> {
    const { context, master, episodeId, attempt, take } = this.options;
    const seq = this.seq;
    const key = episodeLiveSegmentKey(episodeId, take, seq, attempt);
    const file = path.join(this.options.workDir, `live-${take}-${seq}.mp3`);
    let record: LiveSegmentRecord;
    try {
      record = await write(file);
      await context.storage.putFile(key, file, 'audio/mpeg').catch((error: unknown) => {
        // The listener's reason is the finished file's: storage is what failed, not the stream.
        throw new TransientError('the audio could not be saved to storage', { cause: error });
      });
    } finally {
      await rm(file, { force: true });
    }
    const bytes = record.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    const recorded = await context.db.transaction().execute((trx) =>
      insertLiveSegment(trx, attempt, {
        segment: { episode_id: episodeId, take, seq, object_key: key, first_line: record.firstLine, line_count: master.linesMastered - record.firstLine, bytes, record: JSON.stringify(record) },
        durationMs: master.durationMs,
        complete,
        progressPercent: this.options.progressPercent(),
      }),
    );
    if (!recorded) {
      await context.storage.delete(key).catch(() => undefined);
      throw new TransientError('a newer render attempt took the live stream over');
    }
    this.seq += 1;
    this.firstPublishedAt ??= Date.now();
  }
}
