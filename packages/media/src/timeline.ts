// Lays synthesized lines end to end on one mono timeline with conversational
// pauses, writing as it goes. Every position is counted in samples actually
// written, so the segment times derived from it are exact, not estimates.

export interface PausePlan {
  /** Silence before the first line. */
  leadInMs: number;
  /** Silence after the last line. */
  leadOutMs: number;
  /** Gap when the same speaker goes on: a breath, not a turn. */
  sameSpeakerMs: number;
  /** Gap at a change of speaker: long enough to hear the hand-over. */
  speakerChangeMs: number;
}

export const DEFAULT_PAUSES: PausePlan = { leadInMs: 300, leadOutMs: 300, sameSpeakerMs: 250, speakerChangeMs: 450 };

/** Where the timeline's samples go (a WAV file writer, or memory in tests). */
export interface SampleSink {
  write(samples: Float32Array): Promise<void>;
  writeSilence(frames: number): Promise<void>;
}

export interface ClipPlacement {
  /** First sample of the clip on the timeline. */
  startSample: number;
  /** One past the clip's last sample. */
  endSample: number;
}

export class TimelineBuilder {
  readonly sampleRate: number;
  private readonly pauses: PausePlan;
  private readonly sink: SampleSink;
  private cursor = 0;
  private previousSpeaker: string | undefined;
  private finished = false;

  constructor(sink: SampleSink, sampleRate: number, pauses: PausePlan = DEFAULT_PAUSES) {
    this.sink = sink;
    this.sampleRate = sampleRate;
    this.pauses = pauses;
  }

  /** Appends the pause before this clip (`pauseMs`, else the plan's for its speaker), then the clip; returns where the clip landed. */
  async add(speaker: string, samples: Float32Array, pauseBeforeMs?: number): Promise<ClipPlacement> {
    if (this.finished) throw new Error('Timeline is already finished');
    const pauseMs =
      this.previousSpeaker === undefined
        ? this.pauses.leadInMs
        : pauseBeforeMs !== undefined
          ? pauseBeforeMs
          : this.previousSpeaker === speaker
            ? this.pauses.sameSpeakerMs
            : this.pauses.speakerChangeMs;
    await this.silence(pauseMs);
    const startSample = this.cursor;
    await this.sink.write(samples);
    this.cursor += samples.length;
    this.previousSpeaker = speaker;
    return { startSample, endSample: this.cursor };
  }

  /** Appends the lead-out; returns the timeline's total length in samples. */
  async finish(): Promise<number> {
    if (!this.finished) {
      // An empty timeline still gets its lead-in, so it is never zero-length.
      if (this.previousSpeaker === undefined) await this.silence(this.pauses.leadInMs);
      await this.silence(this.pauses.leadOutMs);
      this.finished = true;
    }
    return this.cursor;
  }

  private async silence(ms: number): Promise<void> {
    const frames = Math.round((ms / 1000) * this.sampleRate);
    if (frames > 0) await this.sink.writeSilence(frames);
    this.cursor += frames;
  }
}
