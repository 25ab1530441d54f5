// Mastering: bring a mixed timeline to the podcast loudness and encode the episode
// MP3 with its ID3 tags, in ONE ffmpeg pass: one constant gain, a true-peak limiter
// only when that gain needs one (mastering-plan.ts), resampling to the delivery rate,
// LAME. The loudness comes from the renderer, which metered every sample as it wrote
// the timeline; given a file alone, it is measured first (one decode).
//
// Constant bit rate on purpose: browsers seek CBR MP3s exactly by byte offset, and the
// transcript player jumps to segment times. LAME's CBR presets scale the input a little
// (encoder-gain.ts); that is measured on the encoder and made up in the same gain.

import { encoderGainDb, mp3OutputArgs } from './encoder-gain.ts';
import { ffmpegCommand, runFfmpeg } from './ffmpeg-tools.ts';
import { measureFileLoudness, PODCAST_LOUDNESS } from './loudness.ts';
import type { LoudnessTarget, MeasuredAudio } from './loudness.ts';
import type { LoudnessReading } from './loudness-meter.ts';
import { planMastering } from './mastering-plan.ts';
import type { MasteringPlan } from './mastering-plan.ts';

export interface MasterMp3Options {
  /** Any audio file ffmpeg reads (the renderer hands over its float WAV timeline). */
  input: string;
  output: string;
  metadata: { title: string; artist: string };
  /** The input's loudness and rate when the caller metered it already (the renderer does); otherwise measured here. */
  measured?: MeasuredAudio;
  target?: LoudnessTarget;
  /** MP3 sample rate; 44.1 kHz is what every podcast player and hardware decoder expects. */
  sampleRate?: number;
  bitrateKbps?: number;
  signal?: AbortSignal;
}

export interface MasterMp3Result extends Pick<MasteringPlan, 'normalization' | 'gainDb'> {
  /** The input as measured (integrated LUFS, dBTP). */
  input: LoudnessReading;
  /** Gain added to make up for the encoder's own level change, in dB. */
  encoderMakeupDb: number;
}

export async function masterMp3(options: MasterMp3Options): Promise<MasterMp3Result> {
  const { input, output, metadata, target = PODCAST_LOUDNESS, sampleRate = 44_100, bitrateKbps = 96, signal } = options;
  const format = { sampleRate, bitrateKbps };
  const measured = options.measured ?? (await measureFileLoudness(input, signal));
  const encoderGain = await encoderGainDb(format);
  const plan = planMastering({ measured: measured.loudness, target, encoderGainDb: encoderGain, sourceRate: measured.sampleRate, outputRate: sampleRate });

  const command = ffmpegCommand(input)
    .noVideo()
    .audioFilters(plan.filters)
    // Options as separate arguments, never one array: given an array, fluent-ffmpeg splits
    // any element with exactly one space in two, so a title like "Episode 7" would become
    // `title=Episode` plus a stray output file named `7`.
    .outputOptions(
      ...mp3OutputArgs(format),
      '-map_metadata', '-1',
      // ID3v2.3: the version the widest range of players and podcast apps read.
      '-id3v2_version', '3',
      '-metadata', `title=${metadata.title}`,
      '-metadata', `artist=${metadata.artist}`,
    )
    .output(output);
  await runFfmpeg(command, signal);
  const encoderMakeupDb = plan.normalization === 'none' ? 0 : -encoderGain;
  return { normalization: plan.normalization, gainDb: plan.gainDb, input: measured.loudness, encoderMakeupDb };
}
