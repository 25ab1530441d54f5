// Publishes a live take while its lines are voiced: whenever lines are ready that the
// stream does not have yet, they are mastered into one segment (media's LiveMaster), the
// segment's object is stored under this attempt's own key, and only then is it recorded,
// with the take's new length and a progress notification, by the attempt that holds the
// episode. It runs beside the voicing (ffmpeg on one core while the engine works on
// another) and takes everything that is ready each time, so a fast engine makes few
// large segments and a slow one a segment per line.
//
// A chunk is a placed clip (a line with the reactions said under it and a cut-in over it,
// media's placed-clips.ts), laid out once all its lines are voiced and the line after it is
// known (it is mixed into the clip or not, and the pause before it, from the episode's
// timeline, follows the clip), or once the script is complete and it is the last: one line
// of lookahead, as before reactions, when a line's speaker decided the pause after it. The
// first segment waits for FIRST_SEGMENT_SPEECH_MS of speech and a line of each of the
// first two hosts, so the stream's first loudness plan is made on more than one voice's
// first words. Later, while the stream is far ahead of a listener who started with it,
// lines gather into larger segments (fewer encoder runs); once it is less than
// LOW_WATER_MS ahead, whatever is ready goes out at once.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TransientError } from '@castwright/core/errors';
import { insertLiveSegment } from '@castwright/core/repositories/live-takes';
import { episodeLiveSegmentKey } from '@castwright/core/storage/object-storage';
import type { LiveFollowing, LiveLine, LiveMaster } from '@castwright/media/live-master';
import type { VoicedClip } from '@castwright/media/voiced-clip';
import type { WorkerContext } from '../worker-context.ts';

/** Speech the first segment waits for (unless the script is shorter). */
const FIRST_SEGMENT_SPEECH_MS = 6000;
/** A listener who started with the first segment has less than this left to hear: publish what is ready at once. */
const LOW_WATER_MS = 10_000;
/** Otherwise a segment gathers this much speech first. */
const SEGMENT_SPEECH_MS = 60_000;

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

  private async run(): Promise<void> {
    const { master, signal } = this.options;
    for (;;) {
      signal.throwIfAborted();
      if (this.stopped) return;
      this.changed = false;
      const mastered = master.linesMastered;
      const last = this.complete && this.voicedLines >= this.knownLines;
      let layable = last ? this.knownLines : Math.min(this.voicedLines, this.knownLines - 1);
      // A placed clip goes out whole: never before a line mixed into the one before it.
      while (layable > mastered && layable < this.knownLines && this.options.line(layable).placement) layable -= 1;
      const waitMs = layable > mastered ? await this.holdFor(mastered, layable, last) : undefined;
      if (waitMs === 0) {
        await this.publish(mastered, layable);
        continue;
      }
      if (this.complete && mastered >= this.knownLines) return;
      if (this.changed) continue;
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

  /**
   * How long the lines ready now may wait for more before they are published: 0 to publish
   * now, undefined to wait for the next line (the first segment's speech or hosts are not
   * there yet).
   */
  private async holdFor(mastered: number, layable: number, last: boolean): Promise<number | undefined> {
    if (last && layable === this.knownLines) return 0;
    let speechMs = 0;
    const speakers = new Set<string>();
    for (let index = mastered; index < layable; index++) {
      const clip = await this.load(index);
      speechMs += (clip.samples.length * 1000) / clip.sampleRate;
      speakers.add(this.options.line(index).speaker);
    }
    if (mastered === 0) {
      const opening = new Set(Array.from({ length: Math.min(this.knownLines, 6) }, (_, index) => this.options.line(index).speaker));
      return speechMs >= FIRST_SEGMENT_SPEECH_MS && speakers.size >= Math.min(2, opening.size) ? 0 : undefined;
    }
    if (speechMs >= SEGMENT_SPEECH_MS) return 0;
    const ahead = this.options.master.durationMs - (Date.now() - (this.firstPublishedAt ?? Date.now()));
    return Math.max(0, ahead - LOW_WATER_MS);
  }

  private firstPublishedAt: number | undefined;

  private async publish(from: number, to: number): Promise<void> {
    const { context, master, episodeId, attempt, take } = this.options;
    const lines: LiveLine[] = [];
    for (let index = from; index < to; index++) lines.push({ ...this.options.line(index), clip: await this.load(index) });
    const following = to < this.knownLines ? this.options.line(to) : undefined;
    const segment = await master.master(lines, following);
    for (let index = from; index < to; index++) this.clips.delete(index);
    const seq = this.seq;
    const key = episodeLiveSegmentKey(episodeId, take, seq, attempt);
    const file = path.join(this.options.workDir, `live-${take}-${seq}.mp3`);
    try {
      await writeFile(file, segment.mp3);
      await context.storage.putFile(key, file, 'audio/mpeg').catch((error: unknown) => {
        // The listener's reason is the finished file's: storage is what failed, not the stream.
        throw new TransientError('the audio could not be saved to storage', { cause: error });
      });
    } finally {
      await rm(file, { force: true });
    }
    const recorded = await context.db.transaction().execute((trx) =>
      insertLiveSegment(trx, attempt, {
        segment: { episode_id: episodeId, take, seq, object_key: key, first_line: from, line_count: to - from, bytes: segment.mp3.length, record: JSON.stringify(segment.record) },
        durationMs: master.durationMs,
        complete: following === undefined,
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
