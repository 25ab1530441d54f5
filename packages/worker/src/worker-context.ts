// What task handlers are built from: the infrastructure one worker process holds.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { Logger } from '@castwright/core/logger';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { RenderObserver } from './metrics/worker-metrics.ts';

export interface WorkerContext {
  config: Config;
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  /**
   * Fires when a stopping worker's grace period runs out: long tasks (renders) abort
   * and re-queue themselves then, while the job queue connection is still healthy.
   */
  shutdownSignal: AbortSignal;
  /** The media role's render figures for /metrics (absent where no metrics are kept, as in some tests). */
  renderMetrics?: RenderObserver;
}
