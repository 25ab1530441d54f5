// Graceful shutdown on SIGINT/SIGTERM: run the close function once; a second signal,
// or a close that takes too long, exits at once. A second signal within a second of the
// first is the same request arriving twice (Ctrl-C reaches every process of the terminal's
// group, and `castwright start` also passes it on to its roles), not an impatient person.
import type { Logger } from './logger.ts';

export function closeOnSignals(close: () => Promise<void>, logger: Logger, graceMs = 25_000): void {
  let closing = false;
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing && Date.now() - firstSignalAt < 1_000) return;
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    firstSignalAt = Date.now();
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
