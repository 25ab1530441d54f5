// How fast one engine voices a script on 1, 2, … N voicing slots, through the same
// voiceLines a render uses (a segment store on local disk included): audio seconds a
// second in all and per stream, against one slot, and the memory the slots hold (the
// process's resident memory; on CUDA also the GPU memory nvidia-smi counts for this
// process). `castwright voicing measure` prints it for an operator sizing a fleet, and
// `npm run bench:render` for the built-in voice and Kokoro's pipeline.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import { StorageSegmentStore } from '../segment-store.ts';
import type { TtsEngine } from '../tts-engine.ts';
import { voiceLines, type VoicingLine } from '../voice-lines.ts';
import { VoicingSlots } from '../voicing-slots.ts';

export interface SlotFigures {
  slots: number;
  audioSeconds: number;
  wallSeconds: number;
  /** Audio seconds voiced per second, all slots together. */
  audioPerSecond: number;
  /** The same per slot. */
  perStream: number;
  /** audioPerSecond against the first row's (one slot, where asked). */
  speedup: number;
  /** Resident memory of this process with the slots' sessions open, in MB. */
  residentMb: number;
  /** GPU memory nvidia-smi counts for this process, in MB; undefined where there is no nvidia-smi. */
  gpuMb: number | undefined;
}

export interface MeasureOptions {
  /** Opens the engine with `slots` sessions or threads (a fresh engine per row, so memory is that row's). */
  open(slots: number): Promise<TtsEngine>;
  lines: readonly VoicingLine[];
  voiceFor(speaker: string): string;
  slotCounts: readonly number[];
  /** Told each row as it is measured. */
  onRow?(row: SlotFigures): void;
}

export async function measureVoicing(options: MeasureOptions): Promise<SlotFigures[]> {
  const rows: SlotFigures[] = [];
  for (const slots of options.slotCounts) {
    const engine = await options.open(slots);
    const dir = await mkdtemp(path.join(tmpdir(), 'castwright-voicing-measure-'));
    try {
      // Every slot's session opened and run once before the clock starts.
      await engine.warmUp();
      await Promise.all(Array.from({ length: slots }, (_, index) => engine.synthesize({ text: 'Ready.', voice: options.voiceFor(index % 2 === 0 ? 'Host 1' : 'Host 2') })));
      const store = new StorageSegmentStore({ storage: new LocalDiskStorage(dir), episodeId: 'measure', tempDir: dir });
      let samples = 0;
      const started = performance.now();
      const voiced = await voiceLines({
        lines: options.lines,
        engine,
        voiceFor: options.voiceFor,
        store,
        slots: new VoicingSlots(slots),
        onVoiced: (line) => void (samples += line.samples),
      });
      const wallSeconds = (performance.now() - started) / 1000;
      const audioSeconds = samples / (voiced.sampleRate ?? 1);
      const audioPerSecond = audioSeconds / wallSeconds;
      const row: SlotFigures = {
        slots,
        audioSeconds,
        wallSeconds,
        audioPerSecond,
        perStream: audioPerSecond / slots,
        speedup: audioPerSecond / (rows[0]?.audioPerSecond ?? audioPerSecond),
        residentMb: process.memoryUsage.rss() / 2 ** 20,
        gpuMb: await gpuMemoryMb(),
      };
      rows.push(row);
      options.onRow?.(row);
    } finally {
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** The measured rows as a Markdown table, like the one docs/capacity.md plans from. */
export function figuresTable(rows: readonly SlotFigures[]): string {
  const lines = [
    '| voicing slots | audio seconds per second | per slot | × one slot | resident memory | GPU memory |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const gpu = row.gpuMb === undefined ? '—' : `${(row.gpuMb / 1024).toFixed(2)} GB (${(row.gpuMb / 1024 / row.slots).toFixed(2)} per slot)`;
    lines.push(`| ${row.slots} | ${row.audioPerSecond.toFixed(1)} | ${row.perStream.toFixed(1)} | ${row.speedup.toFixed(2)} | ${(row.residentMb / 1024).toFixed(2)} GB | ${gpu} |`);
  }
  return lines.join('\n');
}

/** GPU memory nvidia-smi counts for this process, in MB; undefined without nvidia-smi (or a GPU). */
async function gpuMemoryMb(): Promise<number | undefined> {
  try {
    const { stdout } = await promisify(execFile)('nvidia-smi', ['--query-compute-apps=pid,used_memory', '--format=csv,noheader,nounits'], { timeout: 10_000 });
    const mine = stdout
      .split('\n')
      .map((line) => line.split(',').map((field) => field.trim()))
      .filter(([pid]) => Number(pid) === process.pid);
    return mine.length > 0 ? mine.reduce((sum, [, used]) => sum + Number(used), 0) : undefined;
  } catch {
    return undefined;
  }
}
