// EBU R128 loudness via ffmpeg's loudnorm filter. Podcasts are normalised to
// -16 LUFS integrated (the common stereo/mono podcast target) with true peak at
// most -1.5 dBTP so lossy encoding doesn't clip.
//
// Two passes: the first only measures; the second applies one constant gain
// (linear=true) computed from those measurements, which keeps the speech's
// natural dynamics. loudnorm itself falls back to its dynamic (compressing) mode
// when a constant gain would push the true peak over the limit.

import { ffmpegCommand, FfmpegError, runFfmpeg } from './ffmpeg-tools.ts';

export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRangeLu: number;
}

export const PODCAST_LOUDNESS: LoudnessTarget = { integratedLufs: -16, truePeakDbtp: -1.5, loudnessRangeLu: 11 };

/** loudnorm's first-pass report (the `input_*` fields), in its own units. */
export interface LoudnessMeasurement {
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRangeLu: number;
  thresholdLufs: number;
  /** Gain loudnorm suggests passing as `offset` in the second pass. */
  targetOffsetLu: number;
}

export function loudnormFilter(target: LoudnessTarget, measured?: LoudnessMeasurement): string {
  const base = `loudnorm=I=${target.integratedLufs}:TP=${target.truePeakDbtp}:LRA=${target.loudnessRangeLu}`;
  if (!measured) return `${base}:print_format=json`;
  return (
    `${base}:measured_I=${measured.integratedLufs}:measured_TP=${measured.truePeakDbtp}` +
    `:measured_LRA=${measured.loudnessRangeLu}:measured_thresh=${measured.thresholdLufs}` +
    `:offset=${measured.targetOffsetLu}:linear=true:print_format=json`
  );
}

/** Extracts the JSON block loudnorm prints at the end of a run. */
export function parseLoudnormReport(stderr: readonly string[]): Record<string, string> {
  const start = stderr.findLastIndex((line) => line.includes('[Parsed_loudnorm'));
  const text = stderr.slice(start + 1).join('\n');
  const open = text.indexOf('{');
  const close = text.indexOf('}', open);
  if (start < 0 || open < 0 || close < 0) throw new FfmpegError('loudnorm printed no report');
  return JSON.parse(text.slice(open, close + 1)) as Record<string, string>;
}

/**
 * First pass: measures a file's loudness. Fields are NaN/-Infinity for silence
 * (loudnorm reports "-inf"), which callers must check before the second pass.
 */
export async function measureLoudness(file: string, target: LoudnessTarget = PODCAST_LOUDNESS, signal?: AbortSignal): Promise<LoudnessMeasurement> {
  const command = ffmpegCommand(file).noVideo().audioFilters(loudnormFilter(target)).format('null').output('-');
  const report = parseLoudnormReport(await runFfmpeg(command, signal));
  const read = (key: string) => {
    const value = report[key];
    if (value === '-inf') return -Infinity;
    if (value === 'inf') return Infinity;
    return Number(value);
  };
  return {
    integratedLufs: read('input_i'),
    truePeakDbtp: read('input_tp'),
    loudnessRangeLu: read('input_lra'),
    thresholdLufs: read('input_thresh'),
    targetOffsetLu: read('target_offset'),
  };
}

/** True when a measurement can drive loudnorm's second pass (i.e. the audio isn't silent). */
export function isUsableMeasurement(measured: LoudnessMeasurement): boolean {
  return [measured.integratedLufs, measured.truePeakDbtp, measured.loudnessRangeLu, measured.thresholdLufs, measured.targetOffsetLu].every(Number.isFinite);
}

/** Integrated loudness (LUFS) and, if asked, true peak (dBTP) from ffmpeg's ebur128 meter. */
export interface EbuR128Reading {
  integratedLufs: number;
  truePeakDbtp: number | undefined;
}

/**
 * Reads the summary of ffmpeg's ebur128 filter: the ITU-R BS.1770 reference meter,
 * much faster than a loudnorm pass. `maxSeconds` measures only the start of the file.
 */
export async function measureEbuR128(
  file: string,
  options: { truePeak?: boolean; maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<EbuR128Reading> {
  const command = ffmpegCommand(file).noVideo();
  if (options.maxSeconds !== undefined) command.inputOptions(['-t', String(options.maxSeconds)]);
  // framelog=verbose keeps the per-100 ms readings out of the log; only the summary is printed.
  command.audioFilters(options.truePeak ? 'ebur128=framelog=verbose:peak=true' : 'ebur128=framelog=verbose').format('null').output('-');
  const stderr = await runFfmpeg(command, options.signal);
  const summary = stderr.slice(stderr.findLastIndex((line) => line.includes('Summary:')));
  const valueAfter = (label: RegExp) => {
    const match = summary.map((line) => label.exec(line)).find((found) => found !== null);
    return match ? Number(match[1]) : undefined;
  };
  const integratedLufs = valueAfter(/^\s*I:\s*(-?[\d.]+|-inf) LUFS/);
  if (integratedLufs === undefined) throw new FfmpegError('ebur128 printed no integrated loudness');
  return { integratedLufs, truePeakDbtp: options.truePeak ? valueAfter(/^\s*Peak:\s*(-?[\d.]+|-inf) dBFS/) : undefined };
}
