// One Flite invocation through WASI: text in via a file, WAV out via a file.
// Text is never passed with `-t` because Flite aborts on arguments past ~1,300
// characters; `-f` has no such limit. Runs synchronously (WASI `start` blocks),
// which is why it only ever runs inside the engine's worker thread.

import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WASI } from 'node:wasi';
import { instantiateWasm } from './wasm-runtime.ts';
import type { WasmModule } from './wasm-runtime.ts';

export interface FliteRun {
  text: string;
  voice: string;
  durationStretch: number;
}

/** Mount point of the request directory inside the WASI sandbox. */
const GUEST_DIR = '/io';

class FliteRunError extends Error {
  override name = 'FliteRunError';
}

/** Runs Flite once and returns the WAV file it wrote. `workRoot` must exist. */
export function runFlite(module: WasmModule, workRoot: string, run: FliteRun): Uint8Array {
  const dir = mkdtempSync(join(workRoot, 'req-'));
  try {
    writeFileSync(join(dir, 'in.txt'), run.text, 'utf8');
    // Flite's diagnostics go to a file so a failure can say why, instead of
    // interleaving with the service's own log output.
    const diagnostics = openSync(join(dir, 'stderr.txt'), 'w');
    let exitCode: number;
    try {
      const args = ['flite', '-voice', run.voice];
      if (run.durationStretch !== 1) args.push('--setf', `duration_stretch=${run.durationStretch}`);
      args.push('-f', `${GUEST_DIR}/in.txt`, '-o', `${GUEST_DIR}/out.wav`);
      const wasi = new WASI({
        version: 'preview1',
        args,
        env: {},
        preopens: { [GUEST_DIR]: dir },
        stdout: diagnostics,
        stderr: diagnostics,
        returnOnExit: true,
      });
      // A fresh instance per run: `_start` is a whole program run and leaves its
      // memory dirty, but instantiating an already-compiled module is cheap.
      const instance = instantiateWasm(module, wasi.getImportObject());
      exitCode = wasi.start(instance);
    } finally {
      closeSync(diagnostics);
    }
    const said = readFileSync(join(dir, 'stderr.txt'), 'utf8').trim().slice(-500);
    if (exitCode !== 0) throw new FliteRunError(`Flite exited with code ${exitCode}${said ? `: ${said}` : ''}`);
    let wav: Uint8Array;
    try {
      wav = readFileSync(join(dir, 'out.wav'));
    } catch {
      throw new FliteRunError(`Flite wrote no audio${said ? `: ${said}` : ''}`);
    }
    if (wav.byteLength <= 44) throw new FliteRunError(`Flite wrote an empty WAV file${said ? `: ${said}` : ''}`);
    return wav;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
