// A render's scratch directory on this machine, named after the episode, the attempt and
// the process. A render first removes what earlier attempts left here — but only those
// whose process is gone: a paused worker's render may still resume and need its files.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'castwright-render-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openRenderWorkspace(episodeId: string, attempt: number): Promise<string> {
  const mine = `${PREFIX}${episodeId}-`;
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(mine)) continue;
    const pid = Number(/^(\d+)-(\d+)-/.exec(name.slice(mine.length))?.[2]);
    if (Number.isInteger(pid) && isRunning(pid)) continue;
    await rm(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  return mkdtemp(path.join(tmpdir(), `${mine}${attempt}-${process.pid}-`));
}
