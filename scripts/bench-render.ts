// `npm run bench:render`: how fast each TTS engine voices a script and how long
// mixing and mastering take, for a ~3-minute and a ~30-minute two-host script.
//  - Engines: the built-in offline voice (always; the baseline the others are
//    compared to), Kokoro when installed in KOKORO_MODEL_DIR (else the Kokoro-shaped
//    test model, which measures the pipeline around the network: normalisation,
//    phonemes, chunking, ONNX Runtime calls), Chatterbox when CHATTERBOX_URL is set.
//  - Mix/master: renderScript with an engine that replays the audio already made,
//    so only timeline + two-pass loudnorm + MP3 encode are timed; its baseline is
//    a plain one-pass MP3 encode of the same timeline.
// Real-time factor (RTF) = processing time / audio duration; below 1 is faster than real time.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { concatSamples } from '@castwright/media/concat-samples';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { configureFfmpegTools, ffmpegCommand, runFfmpeg } from '@castwright/media/ffmpeg-tools';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import type { ScriptLine } from '@castwright/core/script-lines';
import { renderScript } from '@castwright/media/render-script';
import type { SynthesizedAudio, TtsEngine } from '@castwright/media/tts-engine';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';
import { encodeWavFloat32 } from '@castwright/media/wav';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';

const config = loadConfig();
const logger = createLogger({ level: 'warn', role: 'bench' });
configureFfmpegTools();
const WORDS_PER_MINUTE = 150;

/** A two-host script of about `minutes` minutes from the fixture article, sentence per line. */
async function scriptOf(minutes: number): Promise<ScriptLine[]> {
  const article = await readFile(new URL('../test/fixtures/lighthouses.txt', import.meta.url), 'utf8');
  const sentences = article.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.split(/\s+/).length >= 4);
  const lines: ScriptLine[] = [];
  let words = 0;
  for (let index = 0; words < minutes * WORDS_PER_MINUTE; index++) {
    const text = sentences[index % sentences.length] as string;
    lines.push({ speaker: index % 2 === 0 ? 'Host 1' : 'Host 2', text });
    words += text.split(/\s+/).length;
  }
  return lines;
}

interface Voiced {
  clips: SynthesizedAudio[];
  seconds: number;
  audioSeconds: number;
}

async function voice(engine: TtsEngine, name: EngineName, lines: readonly ScriptLine[]): Promise<Voiced> {
  const casting = castVoices(name, 'professional', 'expert-curious', engine.voices());
  const clips: SynthesizedAudio[] = [];
  const started = performance.now();
  for (const line of lines) clips.push(await engine.synthesize({ text: line.text, voice: casting.voices[line.speaker], speed: casting.speed }));
  const seconds = (performance.now() - started) / 1000;
  const audioSeconds = clips.reduce((sum, clip) => sum + clip.samples.length / clip.sampleRate, 0);
  return { clips, seconds, audioSeconds };
}

/** Hands back audio made earlier, in order: renderScript then times only mixing and mastering. */
function replayEngine(clips: readonly SynthesizedAudio[]): TtsEngine {
  let next = 0;
  return {
    name: 'replay',
    voices: () => ['replay'],
    warmUp: async () => {},
    synthesize: async () => clips[next++ % clips.length] as SynthesizedAudio,
    close: async () => {},
  };
}

async function engines(workDir: string): Promise<{ name: EngineName; label: string; engine: TtsEngine }[]> {
  const list: { name: EngineName; label: string; engine: TtsEngine }[] = [
    { name: 'offline', label: 'offline (Flite, baseline)', engine: new OfflineVoiceEngine() },
  ];
  let kokoroDir = config.kokoro.modelDir;
  let kokoroLabel = 'kokoro (Kokoro-82M)';
  if (!(await findKokoroInstall(kokoroDir))) {
    kokoroDir = path.join(workDir, 'kokoro-shaped');
    await installKokoroShapedModel(kokoroDir, { voices: ['am_michael', 'af_heart'] });
    kokoroLabel = 'kokoro pipeline (shaped test model, no weights)';
  }
  const kokoro = await KokoroEngine.open({ modelDir: kokoroDir, device: config.kokoro.device, logger });
  list.push({ name: 'kokoro', label: `${kokoroLabel} on ${kokoro.provider}`, engine: kokoro });
  if (config.chatterbox) list.push({ name: 'chatterbox', label: `chatterbox at ${config.chatterbox.url}`, engine: new ChatterboxEngine(config.chatterbox) });
  return list;
}

const fmt = (value: number, digits = 3) => value.toFixed(digits).padStart(8);

const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-bench-render-'));
try {
  const available = await engines(workDir);
  for (const { engine } of available) await engine.warmUp();
  for (const minutes of [3, 30]) {
    const lines = await scriptOf(minutes);
    console.log(`\n## ~${minutes}-minute script: ${lines.length} lines, ${lines.reduce((sum, line) => sum + line.text.split(/\s+/).length, 0)} words`);
    console.log('engine'.padEnd(58), '   audio s', ' synth s', '     RTF', ' × real-time', ' vs baseline');
    let baselineRtf = NaN;
    let offlineClips: SynthesizedAudio[] = [];
    for (const { name, label, engine } of available) {
      const voiced = await voice(engine, name, lines);
      const rtf = voiced.seconds / voiced.audioSeconds;
      if (name === 'offline') {
        baselineRtf = rtf;
        offlineClips = voiced.clips;
      }
      console.log(label.padEnd(58), fmt(voiced.audioSeconds, 1), fmt(voiced.seconds, 2), fmt(rtf), fmt(1 / rtf, 1).padStart(12), `${fmt(rtf / baselineRtf, 2)}×`);
    }

    // Mixing and mastering the offline voice's audio; baseline: one plain MP3 encode.
    const started = performance.now();
    const rendered = await renderScript({ lines, engine: replayEngine(offlineClips), voiceFor: () => 'replay', workDir, metadata: { title: 'Bench', artist: 'Castwright' } });
    const mixSeconds = (performance.now() - started) / 1000;
    const all = concatSamples(offlineClips.map((clip) => clip.samples));
    const wavFile = path.join(workDir, 'plain.wav');
    await writeFile(wavFile, encodeWavFloat32(all, offlineClips[0]?.sampleRate ?? 16_000));
    const plainStarted = performance.now();
    await runFfmpeg(ffmpegCommand(wavFile).audioCodec('libmp3lame').audioBitrate(96).output(path.join(workDir, 'plain.mp3')));
    const plainSeconds = (performance.now() - plainStarted) / 1000;
    const audioSeconds = rendered.durationMs / 1000;
    console.log('mix + master (timeline, 2-pass loudnorm, MP3)'.padEnd(58), fmt(audioSeconds, 1), fmt(mixSeconds, 2), fmt(mixSeconds / audioSeconds), fmt(audioSeconds / mixSeconds, 1).padStart(12), `${fmt(mixSeconds / plainSeconds, 2)}× plain encode (${plainSeconds.toFixed(2)} s)`);
  }
  for (const { engine } of available) await engine.close();
} finally {
  await rm(workDir, { recursive: true, force: true });
}
