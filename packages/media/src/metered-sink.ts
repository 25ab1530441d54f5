// A timeline sink that meters what passes through it on the way to the real sink, so
// the episode's loudness is known the moment its last sample is written: mastering
// then needs no measuring pass over the file.

import { LoudnessMeter } from './loudness-meter.ts';
import type { SampleSink } from './timeline.ts';

export class MeteredSink implements SampleSink {
  readonly meter: LoudnessMeter;
  private readonly sink: SampleSink;

  constructor(sink: SampleSink, sampleRate: number) {
    this.sink = sink;
    this.meter = new LoudnessMeter(sampleRate);
  }

  write(samples: Float32Array): Promise<void> {
    this.meter.push(samples);
    return this.sink.write(samples);
  }

  writeSilence(frames: number): Promise<void> {
    this.meter.pushSilence(frames);
    return this.sink.writeSilence(frames);
  }
}
