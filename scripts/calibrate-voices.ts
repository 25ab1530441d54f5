// `npm run calibrate:voices`: measures how fast each voice speaks, in the words a
// minute that the script writers size episodes by (packages/media/src/speaking-rates.ts).
// Every voice the casting table uses is read at every voiceStyle's speed over prose
// lines of one to three sentences, like the lines a script has; each clip is trimmed
// of its silence as the renderer trims it, and words are counted as script-length.ts
// counts them. The built-in voice is always measured; Kokoro when its weights are in
// KOKORO_MODEL_DIR; Chatterbox when CHATTERBOX_URL is set. Prints the figures, and the
// entries to paste into speaking-rates.ts with today's date.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '@castwright/core/config';
import { VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-options';
import { createLogger } from '@castwright/core/logger';
import { spokenWords } from '@castwright/content/script/script-length';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { trimSilence } from '@castwright/media/clip-edges';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { SPEAKING_RATES } from '@castwright/media/speaking-rates';
import type { TtsEngine } from '@castwright/media/tts-engine';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';

const config = loadConfig();
const logger = createLogger({ level: 'warn', role: 'calibrate' });

/** Calibration prose: the project's own fixtures, cut into lines of one to three sentences. */
async function calibrationLines(): Promise<string[]> {
  const texts = await Promise.all(['lighthouses.txt', 'writer-corpus/coral-reefs.txt'].map((name) => readFile(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8')));
  const sentences = texts
    .join('\n')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^[#|]/.test(line))
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z])/));
  const lines: string[] = [];
  for (let index = 0, size = 1; index < sentences.length; index += size, size = (size % 3) + 1) lines.push(sentences.slice(index, index + size).join(' '));
  return lines;
}

async function engines(): Promise<{ name: EngineName; engine: TtsEngine }[]> {
  const list: { name: EngineName; engine: TtsEngine }[] = [{ name: 'offline', engine: new OfflineVoiceEngine() }];
  if (await findKokoroInstall(config.kokoro.modelDir)) list.push({ name: 'kokoro', engine: await KokoroEngine.open({ modelDir: config.kokoro.modelDir, device: config.kokoro.device, logger }) });
  else console.log(`Kokoro: not installed in ${config.kokoro.modelDir}; its figure stays the ${SPEAKING_RATES.kokoro.provenance} one.`);
  if (config.chatterbox) list.push({ name: 'chatterbox', engine: new ChatterboxEngine(config.chatterbox) });
  else console.log(`Chatterbox: CHATTERBOX_URL is not set; its figure stays the ${SPEAKING_RATES.chatterbox.provenance} one.`);
  return list;
}

const lines = await calibrationLines();
const words = lines.reduce((sum, line) => sum + spokenWords(line), 0);
console.log(`${lines.length} lines, ${words} spoken words.\n`);
const speeds = [...new Set(VOICE_STYLES.map((style) => castVoices('offline', style, 'expert-curious', []).speed))].sort((a, b) => a - b);
const table: string[] = [];
for (const { name, engine } of await engines()) {
  await engine.warmUp();
  const voices = [...new Set(VOICE_PAIRS.flatMap((pair) => Object.values(castVoices(name, 'professional', pair, engine.voices()).voices)))];
  for (const voice of voices) {
    const points: string[] = [];
    for (const speed of speeds) {
      let seconds = 0;
      for (const text of lines) {
        const audio = await engine.synthesize({ text, voice, speed });
        seconds += trimSilence(audio.samples, audio.sampleRate).length / audio.sampleRate;
      }
      const rate = (words / seconds) * 60;
      console.log(`${name.padEnd(10)} ${voice.padEnd(12)} speed ${speed.toFixed(2)}: ${rate.toFixed(1)} words/min (${(seconds / 60).toFixed(1)} min of speech)`);
      points.push(`'${speed}': ${rate.toFixed(1)}`);
    }
    table.push(`${name} ${voice}: { ${points.join(', ')} },`);
  }
  await engine.close();
}
console.log(`\nMeasured on ${new Date().toISOString().slice(0, 10)}; for speaking-rates.ts:\n${table.join('\n')}`);
