// Which TTS engine the media worker renders with. Today the built-in offline voice
// (Flite) is the only one; Kokoro and Chatterbox join it behind the same interface.
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import type { TtsEngine } from '@castwright/media/tts-engine';

export async function createTtsEngine(config: Config, logger: Logger): Promise<TtsEngine> {
  const tools = configureFfmpegTools({
    ...(config.ffmpegPath ? { ffmpeg: config.ffmpegPath } : {}),
    ...(config.ffprobePath ? { ffprobe: config.ffprobePath } : {}),
  });
  const engine = new OfflineVoiceEngine();
  await engine.warmUp();
  logger.info({ engine: engine.name, ffmpeg: tools.ffmpeg }, 'TTS engine ready');
  return engine;
}
