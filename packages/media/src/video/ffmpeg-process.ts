// Runs one ffmpeg for a video step: in a working folder (so the filter graph names its files
// without quoting), with FONTCONFIG_FILE pointing at a configuration whose only folder is
// the work folder's `fonts/`, so libass finds the fonts it is handed, falls back between
// them (a Latin name in a Hindi caption), and never scans the machine's fonts (the bundled
// static build cannot read the system's font cache: scanning a full Noto install took it
// ten seconds a run). Progress comes from `-progress pipe:1`; aborting kills ffmpeg.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FfmpegError, ffmpegToolPaths } from '../ffmpeg-tools.ts';

export interface FfmpegRun {
  workDir: string;
  args: string[];
  signal?: AbortSignal | undefined;
  /** Called with the output time reached, in milliseconds. */
  onTime?: ((ms: number) => void) | undefined;
}

const fontconfig = (workDir: string) =>
  `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${path.join(workDir, 'fonts')}</dir>` +
  `<cachedir>${path.join(workDir, 'fontconfig-cache')}</cachedir></fontconfig>\n`;

export async function runVideoFfmpeg(run: FfmpegRun): Promise<void> {
  run.signal?.throwIfAborted();
  const configFile = path.join(run.workDir, 'fonts.conf');
  await writeFile(configFile, fontconfig(run.workDir));
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', ...run.args];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegToolPaths().ffmpeg, args, { cwd: run.workDir, env: { ...process.env, FONTCONFIG_FILE: configFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr: string[] = [];
    let pending = '';
    const onAbort = () => child.kill('SIGKILL');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us, or out_time_ms in builds that misname it: both count microseconds.
        const match = /^out_time_[mu]s=(\d+)$/.exec(line.trim());
        if (match && run.onTime) run.onTime(Number(match[1]) / 1000);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      if (stderr.length > 64) stderr.shift();
    });
    child.on('error', (error) => {
      run.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, killedBy) => {
      run.signal?.removeEventListener('abort', onAbort);
      if (run.signal?.aborted) reject(run.signal.reason instanceof Error ? run.signal.reason : new DOMException('ffmpeg was aborted', 'AbortError'));
      else if (code === 0) resolve();
      else reject(new FfmpegError(`ffmpeg exited with ${code ?? killedBy}: ${stderr.join('').trim().split('\n').slice(-6).join('\n')}`));
    });
  });
}
