// `castwright models pull kokoro`: fetches the Kokoro weights and voices (pinned
// by SHA-256) into KOKORO_MODEL_DIR, for machines and images with internet access.
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { pullKokoro } from '@castwright/media/kokoro/pull-kokoro';
import { UsageError } from './admin.ts';

export async function modelsCommand(config: Config, logger: Logger, args: string[]): Promise<void> {
  const [action, model] = args;
  if (action !== 'pull' || model !== 'kokoro') throw new UsageError('usage: castwright models pull kokoro');
  logger.info({ modelDir: config.kokoro.modelDir }, 'Fetching Kokoro-82M (about 340 MB)');
  const result = await pullKokoro({
    modelDir: config.kokoro.modelDir,
    onProgress: ({ file, status }) => logger.info({ file, status }, status === 'present' ? 'already present and verified' : 'downloaded and verified'),
  });
  logger.info(result, `Kokoro is installed in ${config.kokoro.modelDir}`);
}
