// The reference loudness meter: ffmpeg's own ebur128 filter, run as a separate
// process on a file. Media tests and the render bench check our meter and our
// masters against it. The summary prints one decimal; the per-frame metadata gives
// three (integrated LUFS, and the true peak as a linear value), so both are read.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';

const run = promisify(execFile);

export interface Ebur128Reading {
  integratedLufs: number;
  truePeakDbtp: number;
}

export async function ebur128(file: string): Promise<Ebur128Reading> {
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-ebur128-'));
  try {
    const log = path.join(dir, 'frames.txt');
    const filter = `ebur128=metadata=1:peak=true,ametadata=mode=print:file=${log}`;
    const { stderr } = await run(resolveFfmpegToolPaths().ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-af', filter, '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
    const frames = await readFile(log, 'utf8');
    const last = (key: string) => {
      const values = [...frames.matchAll(new RegExp(`^${key.replaceAll('.', '\\.')}=(-?[\\d.]+|-?inf)$`, 'gm'))];
      const value = values.at(-1)?.[1];
      return value === undefined ? undefined : Number(value.replace('inf', 'Infinity'));
    };
    const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
    const summaryPeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]?.replace('inf', 'Infinity'));
    const integrated = last('lavfi.r128.I') ?? Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
    const linearPeak = last('lavfi.r128.true_peaks_ch0');
    // Three decimals of a linear value resolve 0.035 dB at 0.25 and worse below: quiet peaks come from the summary's dB.
    const truePeakDbtp = linearPeak !== undefined && linearPeak >= 0.25 ? 20 * Math.log10(linearPeak) : summaryPeak;
    // ebur128 reports -70 LUFS (its absolute gate) when nothing is above it.
    return { integratedLufs: integrated <= -70 ? -Infinity : integrated, truePeakDbtp };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
