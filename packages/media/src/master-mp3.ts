// Mastering: loudness-normalise a mixed timeline and encode the episode MP3 with
// its ID3 tags. The input is whatever ffmpeg can read (the renderer hands over a
// float WAV); the output is the file listeners download.
//
// Constant bit rate on purpose: browsers seek CBR MP3s exactly by byte offset,
// and the transcript player jumps to segment times. LAME's CBR mode measurably
// lowers loudness (about 0.4-0.5 LU on speech with this build, whatever the bit
// rate), so the encoder's loss is measured on an excerpt and made up before
// encoding; without that every episode would land half a LU under target.

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ffmpegCommand, runFfmpeg } from './ffmpeg-tools.ts';
import type { FfmpegCommand } from 'fluent-ffmpeg';
import { isUsableMeasurement, loudnormFilter, measureEbuR128, measureLoudness, parseLoudnormReport, PODCAST_LOUDNESS } from './loudness.ts';
import type { LoudnessTarget } from './loudness.ts';

export interface MasterMp3Options {
  input: string;
  output: string;
  metadata: { title: string; artist: string };
  target?: LoudnessTarget;
  /** MP3 sample rate; 44.1 kHz is what every podcast player and hardware decoder expects. */
  sampleRate?: number;
  bitrateKbps?: number;
  /** Where the calibration excerpt is written; defaults to the output's directory. */
  tempDir?: string;
  signal?: AbortSignal;
}

export interface MasterMp3Result {
  /** How loudnorm treated the audio: one constant gain, its compressing fallback, or untouched (silence). */
  normalization: 'linear' | 'dynamic' | 'none';
  /** Gain added to make up for the encoder's loudness loss, in dB. */
  encoderMakeupDb: number;
}

/** Length of the excerpt used to measure the encoder's loudness loss. */
const CALIBRATION_SECONDS = 60;
/** Never correct by more than this: a larger "loss" means the measurement went wrong. */
const MAX_MAKEUP_DB = 1.5;

export async function masterMp3(options: MasterMp3Options): Promise<MasterMp3Result> {
  const { input, output, metadata, target = PODCAST_LOUDNESS, sampleRate = 44_100, bitrateKbps = 96, signal } = options;
  const encode = (command: FfmpegCommand) =>
    command.audioCodec('libmp3lame').audioBitrate(bitrateKbps).audioChannels(1).audioFrequency(sampleRate).format('mp3');

  const measured = await measureLoudness(input, target, signal);
  const usable = isUsableMeasurement(measured);
  const makeupDb = usable ? await measureEncoderLossDb(input, encode, sampleRate, options.tempDir ?? dirname(output), signal) : 0;

  const filters: string[] = [];
  // Pure silence can't be normalised (loudness is -inf); it is encoded as is.
  if (usable) filters.push(loudnormFilter(target, measured));
  // loudnorm works (and outputs) at 192 kHz; bring it down to the delivery rate here.
  filters.push(`aresample=${sampleRate}`);
  if (makeupDb !== 0) filters.push(`volume=${makeupDb.toFixed(2)}dB`);

  const command = encode(ffmpegCommand(input).noVideo().audioFilters(filters))
    // Options as separate arguments, never one array: given an array, fluent-ffmpeg splits
    // any element with exactly one space in two, so a title like "Episode 7" would become
    // `title=Episode` plus a stray output file named `7`.
    .outputOptions(
      '-map_metadata', '-1',
      // ID3v2.3: the version the widest range of players and podcast apps read.
      '-id3v2_version', '3',
      '-metadata', `title=${metadata.title}`,
      '-metadata', `artist=${metadata.artist}`,
    )
    .output(output);
  const stderr = await runFfmpeg(command, signal);
  if (!usable) return { normalization: 'none', encoderMakeupDb: 0 };
  const report = parseLoudnormReport(stderr);
  return { normalization: report.normalization_type === 'linear' ? 'linear' : 'dynamic', encoderMakeupDb: makeupDb };
}

/** Encodes the start of `input` with the delivery settings and returns how much quieter the MP3 is (dB, ≥ 0). */
async function measureEncoderLossDb(
  input: string,
  encode: (command: FfmpegCommand) => FfmpegCommand,
  sampleRate: number,
  tempDir: string,
  signal: AbortSignal | undefined,
): Promise<number> {
  const excerpt = join(tempDir, `.encoder-calibration-${randomUUID()}.mp3`);
  try {
    const command = encode(ffmpegCommand(input).noVideo().inputOptions(['-t', String(CALIBRATION_SECONDS)]).audioFilters(`aresample=${sampleRate}`));
    await runFfmpeg(command.output(excerpt), signal);
    const before = await measureEbuR128(input, { maxSeconds: CALIBRATION_SECONDS, signal });
    const after = await measureEbuR128(excerpt, { signal });
    const loss = before.integratedLufs - after.integratedLufs;
    return Number.isFinite(loss) ? Math.round(Math.min(MAX_MAKEUP_DB, Math.max(0, loss)) * 100) / 100 : 0;
  } finally {
    await rm(excerpt, { force: true });
  }
}
