// How busy the whole machine's cores were over a stretch of a benchmark, from /proc/stat:
// every process counts (the workers' threads, ffmpeg, PostgreSQL), which is what bounds
// how much faster more parallelism can make the same work on the same cores.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';

interface CpuTimes {
  busy: number;
  total: number;
}

async function cpuTimes(): Promise<CpuTimes> {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  // cpu  user nice system idle iowait irq softirq steal …
  const fields = (line ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** Starts watching; the returned function says how many cores were busy on average since. */
export async function watchMachineCpu(): Promise<() => Promise<number>> {
  const start = await cpuTimes();
  return async () => {
    const end = await cpuTimes();
    const total = end.total - start.total;
    return total > 0 ? ((end.busy - start.busy) / total) * availableParallelism() : Number.NaN;
  };
}
