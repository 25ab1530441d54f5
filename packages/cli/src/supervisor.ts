// Runs each role as its own child process, as production does, on one machine. A role
// that dies unexpectedly is started again after a backoff that grows with repeated
// crashes (and resets once it has stayed up a while), as Kubernetes would restart a
// pod; the others keep running. Stopping (Ctrl-C) stops every role and restarts none.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@castwright/core/logger';

const BIN = fileURLToPath(new URL('../bin/castwright.js', import.meta.url));
const STOP_TIMEOUT_MS = 30_000;

export interface RoleSpec {
  name: string;
  args: string[];
}

export interface RestartPolicy {
  /** Wait before the first restart; doubles for each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A role that ran this long before dying starts again from the initial delay. */
  resetAfterMs: number;
}

const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

export interface Supervisor {
  /** Resolves with the exit code the supervisor should exit with, once every role has stopped. */
  done: Promise<number>;
  stop(signal?: NodeJS.Signals): void;
  /** The current process id of a role (tests use it to kill one). */
  pidOf(name: string): number | undefined;
}

export interface SuperviseOptions {
  policy?: RestartPolicy;
  /** A message a role sent over its IPC channel (see role-ready.ts). */
  onMessage?: (role: string, message: unknown) => void;
}

export function superviseRoles(roles: RoleSpec[], env: NodeJS.ProcessEnv, logger: Logger, options: SuperviseOptions = {}): Supervisor {
  const { policy = DEFAULT_RESTART_POLICY, onMessage } = options;
  const children = new Map<string, ChildProcess>();
  const pendingRestarts = new Map<string, NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const settleIfIdle = () => {
    if (stopping && children.size === 0) resolveDone(exitCode);
  };

  const startRole = (role: RoleSpec, crashesInARow: number) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [BIN, ...role.args], { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    children.set(role.name, child);
    child.on('message', (message) => onMessage?.(role.name, message));
    child.on('exit', (code, signal) => {
      children.delete(role.name);
      if (stopping) {
        if (code !== 0 && code !== null) exitCode = exitCode || code;
        return settleIfIdle();
      }
      const crashes = Date.now() - startedAt >= policy.resetAfterMs ? 1 : crashesInARow + 1;
      const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (crashes - 1));
      logger.error({ role: role.name, code, signal, restartInMs: delayMs, crashesInARow: crashes }, 'role exited unexpectedly; restarting it');
      const timer = setTimeout(() => {
        pendingRestarts.delete(role.name);
        if (!stopping) startRole(role, crashes);
      }, delayMs);
      pendingRestarts.set(role.name, timer);
    });
  };

  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts.values()) clearTimeout(timer);
    pendingRestarts.clear();
    for (const child of children.values()) child.kill(signal);
    setTimeout(() => {
      for (const [name, child] of children) {
        logger.warn({ role: name }, 'role did not stop in time; killing it');
        child.kill('SIGKILL');
      }
    }, STOP_TIMEOUT_MS).unref();
    settleIfIdle();
  };

  for (const role of roles) startRole(role, 0);
  return { done, stop, pidOf: (name) => children.get(name)?.pid };
}
