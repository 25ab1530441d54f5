// A TtsEngine that hands back audio made earlier, in order and round again: renderScript
// then does only its own work (timeline, metering, mastering), which is what the render
// bench times and the long-episode mastering test exercises without minutes of synthesis.
import type { SynthesizedAudio, TtsEngine } from '@castwright/media/tts-engine';

export function replayEngine(clips: readonly SynthesizedAudio[]): TtsEngine {
  if (clips.length === 0) throw new RangeError('A replay engine needs at least one clip');
  let next = 0;
  return {
    name: 'replay',
    version: 'replay',
    voices: () => ['replay'],
    warmUp: async () => {},
    synthesize: async () => clips[next++ % clips.length] as SynthesizedAudio,
    close: async () => {},
  };
}
