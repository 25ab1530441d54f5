// Runs each role as its own child process, as production does, on one machine.
// Signals are forwarded; if one child dies unexpectedly, the others are stopped too,
// so the developer sees the failure instead of a half-working service.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@castwright/core/logger';

const BIN = fileURLToPath(new URL('../bin/castwright.js', import.meta.url));
const STOP_TIMEOUT_MS = 30_000;

export interface RoleSpec {
  name: string;
  args: string[];
}

export interface Supervisor {
  /** Resolves with the exit code the supervisor should exit with. */
  done: Promise<number>;
  stop(signal?: NodeJS.Signals): void;
}

export function superviseRoles(roles: RoleSpec[], env: NodeJS.ProcessEnv, logger: Logger): Supervisor {
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let exitCode = 0;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill(signal);
    setTimeout(() => {
      for (const [name, child] of children) {
        logger.warn({ role: name }, 'role did not stop in time; killing it');
        child.kill('SIGKILL');
      }
    }, STOP_TIMEOUT_MS).unref();
  };

  for (const role of roles) {
    const child = spawn(process.execPath, [BIN, ...role.args], { env, stdio: 'inherit' });
    children.set(role.name, child);
    child.on('exit', (code, signal) => {
      children.delete(role.name);
      if (!stopping) {
        logger.error({ role: role.name, code, signal }, 'role exited unexpectedly; stopping the others');
        exitCode = 1;
        stop();
      } else if (code !== 0 && code !== null) {
        exitCode = exitCode || code;
      }
      if (children.size === 0) resolveDone(exitCode);
    });
  }
  return { done, stop };
}
