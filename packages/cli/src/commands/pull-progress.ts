// How `models pull` shows a download: on a terminal, a bar per file with bytes, rate and
// time left (cli-progress, on stderr); otherwise (a pipe, a build log) plain log lines at
// the start, at every quarter and at the end.
import { Presets, SingleBar } from 'cli-progress';
import type { Logger } from '@castwright/core/logger';
import type { PullEvent } from '@castwright/media/kokoro/pull-kokoro';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

function rate(bytes: number, since: number): string {
  const seconds = (performance.now() - since) / 1000;
  return seconds > 0.5 ? `${mb(bytes / seconds)} MB/s` : '…';
}

interface Transfer {
  file: string;
  startedAt: number;
  startBytes: number;
  nextQuarter: number;
  bar: SingleBar | undefined;
}

export function pullProgress(logger: Logger, terminal: boolean): (event: PullEvent) => void {
  let current: Transfer | undefined;
  const begin = (event: Extract<PullEvent, { status: 'downloading' }>): Transfer => {
    const transfer: Transfer = { file: event.file, startedAt: performance.now(), startBytes: event.bytes, nextQuarter: 1, bar: undefined };
    if (terminal) {
      transfer.bar = new SingleBar({
        format: `${event.file} [{bar}] {percentage}% | {done}/{all} MB | {speed} | ETA {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
        etaBuffer: 50,
      }, Presets.shades_classic);
      transfer.bar.start(event.total, event.bytes, { done: mb(event.bytes), all: mb(event.total), speed: '…' });
    } else {
      const resumed = event.resumedFrom > 0 ? `, resuming from ${mb(event.resumedFrom)} MB` : '';
      logger.info({ file: event.file, bytes: event.total, resumedFrom: event.resumedFrom }, `downloading ${event.file} (${mb(event.total)} MB${resumed})`);
    }
    return transfer;
  };
  return (event) => {
    switch (event.status) {
      case 'present':
        logger.info({ file: event.file }, 'already present and verified');
        return;
      case 'downloaded':
        current?.bar?.stop();
        current = undefined;
        logger.info({ file: event.file, bytes: event.total }, 'downloaded and verified');
        return;
      case 'downloading': {
        if (current?.file !== event.file) {
          current?.bar?.stop();
          current = begin(event);
          return;
        }
        const speed = rate(event.bytes - current.startBytes, current.startedAt);
        if (current.bar) {
          current.bar.update(event.bytes, { done: mb(event.bytes), speed });
        } else if (current.nextQuarter < 4 && event.bytes >= (event.total * current.nextQuarter) / 4) {
          logger.info({ file: event.file, bytes: event.bytes }, `${event.file}: ${current.nextQuarter * 25}% at ${speed}`);
          current.nextQuarter++;
        }
      }
    }
  };
}
