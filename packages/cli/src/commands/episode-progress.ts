// `episode create --follow`: on a terminal a bar fed by the progress stream (stage and
// percent); otherwise one line per stage.
import { Presets, SingleBar } from 'cli-progress';
import type { ProgressEvent } from '@castwright/client/castwright-client';

export function progressDisplay(terminal: boolean): { update(event: ProgressEvent): void; stop(): void } {
  let lastStatus: string | undefined;
  const bar = terminal
    ? new SingleBar({ format: '{stage} [{bar}] {percentage}%', stream: process.stderr, hideCursor: true }, Presets.shades_classic)
    : undefined;
  bar?.start(100, 0, { stage: 'queued'.padEnd(17) });
  return {
    update(event) {
      if (bar) bar.update(event.progressPercent, { stage: event.status.padEnd(17) });
      else if (event.status !== lastStatus) console.error(`${event.status} ${event.progressPercent}%`);
      lastStatus = event.status;
    },
    stop: () => bar?.stop(),
  };
}
