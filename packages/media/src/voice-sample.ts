// A voice's sample (GET /api/voices/:id/sample): one fixed sentence in that voice,
// trimmed and faded as a rendered line is, then mastered to the podcast loudness and
// encoded as the episodes are (master-mp3.ts), so voices compare fairly by ear. A lexicon
// entry's sample (GET /api/pronunciations/:id/sample) is the same with its own phrase and
// the entry applied, as an episode's line applies it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { masterMp3 } from './master-mp3.ts';
import type { PronunciationEntry } from './segment-key.ts';
import type { TtsEngine } from './tts-engine.ts';
import { voicedClip } from './voiced-clip.ts';
import { encodeWavFloat32 } from './wav.ts';

/** What every sample says: varied sounds and a question, at an easy length. */
export const SAMPLE_SENTENCE =
  'Hello, and welcome to the show. This is how I sound when I read a story aloud: clear, steady, and easy to follow. Shall we begin?';

export interface VoiceSampleOptions {
  engine: TtsEngine;
  voice: string;
  title: string;
  workDir: string;
  signal?: AbortSignal;
  /** What it says (the sample sentence when left out). */
  text?: string;
  /** Lexicon entries said where their terms occur in `text` (the engine says them as in an episode). */
  pronunciations?: readonly PronunciationEntry[];
}

/** Voices the text with `voice` on `engine` into `workDir`; returns the MP3's path. */
export async function makeVoiceSample(options: VoiceSampleOptions): Promise<string> {
  const { engine, voice, workDir, signal, pronunciations } = options;
  const audio = await engine.synthesize({
    text: options.text ?? SAMPLE_SENTENCE,
    voice,
    ...(signal ? { signal } : {}),
    ...(pronunciations && pronunciations.length > 0 ? { pronunciations } : {}),
  });
  const clip = voicedClip(audio);
  const wavFile = path.join(workDir, 'sample.wav');
  const mp3File = path.join(workDir, 'sample.mp3');
  await writeFile(wavFile, encodeWavFloat32(clip.samples, clip.sampleRate));
  await masterMp3({ input: wavFile, output: mp3File, metadata: { title: options.title, artist: 'Castwright' }, ...(signal ? { signal } : {}) });
  return mp3File;
}
