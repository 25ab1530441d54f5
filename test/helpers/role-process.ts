// A Castwright role as its own OS process (`castwright worker --role media`, `api`,
// `start`), as production runs it: tests kill, pause and restart these for real.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

const BIN = path.resolve(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'castwright.js');

export interface RoleProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Every JSON log line the process printed, parsed. */
  readonly logs: Record<string, unknown>[];
  /** Resolves with the first log line matching, waiting for it if need be. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRoleProcess(t: TestContext, args: string[], env: Record<string, string>): RoleProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    }
  });
  return {
    child,
    pid: child.pid ?? -1,
    logs,
    exited,
    signal: (signal) => void child.kill(signal),
    waitForLog(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = logs.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching log line within ${timeoutMs} ms from castwright ${args.join(' ')}; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
