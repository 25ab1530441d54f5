// `castwright models pull kokoro`: fetches the Kokoro weights and voices (pinned
// by SHA-256) into KOKORO_MODEL_DIR, for machines and images with internet access.
// An interrupted run continues where it stopped (pull-kokoro.ts).
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { pullKokoro } from '@castwright/media/kokoro/pull-kokoro';
import { pullProgress } from './pull-progress.ts';

/** `castwright models pull kokoro` (the command table allows no other model yet). */
export async function pullModelCommand(config: Config, logger: Logger): Promise<void> {
  logger.info({ modelDir: config.kokoro.modelDir }, 'Fetching Kokoro-82M (about 340 MB)');
  const result = await pullKokoro({
    modelDir: config.kokoro.modelDir,
    onProgress: pullProgress(logger, process.stderr.isTTY),
  });
  logger.info(result, `Kokoro is installed in ${config.kokoro.modelDir}`);
}
