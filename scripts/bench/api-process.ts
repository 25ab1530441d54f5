// The api role as its own process (`castwright api`), as production runs it, with its
// address, its certificate and its memory use for the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { freePort } from '#test-helpers/free-port';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'castwright.js');

export interface ApiProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Resident memory of the api process, in bytes. */
  rss(): Promise<number>;
  /** CPU time the api's main thread (its event loop) has run so far, in milliseconds. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** Time on CPU of the process's main thread, from /proc/<pid>/schedstat (nanoseconds, unlike /proc/<pid>/stat's 10 ms ticks). */
async function cpuMilliseconds(pid: number): Promise<number> {
  const schedstat = await readFile(`/proc/${pid}/schedstat`, 'utf8');
  return Number(schedstat.split(' ')[0]) / 1e6;
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'api'], {
    // BENCH_API_NODE_OPTIONS profiles the api (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', PORT: String(port), NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `https://127.0.0.1:${port}`;
  const agent = new Agent({ connect: { rejectUnauthorized: false } });
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`castwright api exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/api/health`, { dispatcher: agent }).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('castwright api did not become healthy');
  }
  await agent.close();
  return {
    origin,
    port,
    child,
    rss: () => residentBytes(child.pid ?? -1),
    cpuMs: () => cpuMilliseconds(child.pid ?? -1),
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
