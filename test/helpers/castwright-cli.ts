// Runs the real `castwright` binary as a user would, and returns what it printed and its exit code.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const CASTWRIGHT_BIN = path.resolve(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'castwright.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `input` is piped to the command's stdin (which is closed either way, as in a script). */
export async function runCastwright(args: readonly string[], env: Record<string, string> = {}, timeoutMs = 60_000, input = ''): Promise<CliResult> {
  try {
    const running = promisify(execFile)(process.execPath, [CASTWRIGHT_BIN, ...args], {
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env },
      timeout: timeoutMs,
    });
    running.child.stdin?.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
