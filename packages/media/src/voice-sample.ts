// A voice's sample (GET /api/voices/:id/sample): one fixed sentence in that voice,
// trimmed and faded as a rendered line is, then mastered to the podcast loudness and
// encoded as the episodes are (master-mp3.ts), so voices compare fairly by ear.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { masterMp3 } from './master-mp3.ts';
import type { TtsEngine } from './tts-engine.ts';
import { voicedClip } from './voiced-clip.ts';
import { encodeWavFloat32 } from './wav.ts';

/** What every sample says: varied sounds and a question, at an easy length. */
export const SAMPLE_SENTENCE =
  'Hello, and welcome to the show. This is how I sound when I read a story aloud: clear, steady, and easy to follow. Shall we begin?';

/** Voices the sample sentence with `voice` on `engine` into `workDir`; returns the MP3's path. */
export async function makeVoiceSample(options: { engine: TtsEngine; voice: string; title: string; workDir: string; signal?: AbortSignal }): Promise<string> {
  const { engine, voice, workDir, signal } = options;
  const audio = await engine.synthesize({ text: SAMPLE_SENTENCE, voice, ...(signal ? { signal } : {}) });
  const clip = voicedClip(audio);
  const wavFile = path.join(workDir, 'sample.wav');
  const mp3File = path.join(workDir, 'sample.mp3');
  await writeFile(wavFile, encodeWavFloat32(clip.samples, clip.sampleRate));
  await masterMp3({ input: wavFile, output: mp3File, metadata: { title: options.title, artist: 'Castwright' }, ...(signal ? { signal } : {}) });
  return mp3File;
}
