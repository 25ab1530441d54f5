// `npm run bench:render`: how fast each TTS engine voices a script and how long
// mixing and mastering take, for a ~3-minute and a ~30-minute two-host script.
//  - Engines: the built-in offline voice (always; the baseline the others are
//    compared to), Kokoro when installed in KOKORO_MODEL_DIR (else the Kokoro-shaped
//    test model, which measures the pipeline around the network: normalisation,
//    phonemes, chunking, ONNX Runtime calls), Chatterbox when CHATTERBOX_URL is set.
//  - Mix + master: renderScript with an engine that replays the offline voice's audio,
//    so only its own work is timed (timeline, BS.1770 metering as it is written, one
//    ffmpeg pass: gain, true-peak limiter when needed, resampling, MP3). Baselines, in
//    the same run on the same timeline: a plain one-pass MP3 encode at the timeline's
//    own rate (the row this bench always had), and one to the delivery format (44.1 kHz,
//    96 kbps CBR mono: the same file minus mastering). The master is checked with
//    ffmpeg's ebur128, and the last line prints the ratio to the delivery-format encode.
// Real-time factor (RTF) = processing time / audio duration; below 1 is faster than real time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { fadeEdges, trimSilence } from '@castwright/media/clip-edges';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { configureFfmpegTools, ffmpegCommand, runFfmpeg } from '@castwright/media/ffmpeg-tools';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import type { ScriptLine } from '@castwright/core/script-lines';
import { renderScript } from '@castwright/media/render-script';
import { TimelineBuilder } from '@castwright/media/timeline';
import type { SynthesizedAudio, TtsEngine } from '@castwright/media/tts-engine';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';
import { WavFileWriter } from '@castwright/media/wav-file-writer';
import { ebur128 } from '#test-helpers/ebur128';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { replayEngine } from '#test-helpers/replay-engine';

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

/** The timeline renderScript builds from these clips (same trimming, fades and pauses), as a float WAV. */
async function timelineWav(file: string, lines: readonly ScriptLine[], clips: readonly SynthesizedAudio[]): Promise<void> {
  const sampleRate = clips[0]?.sampleRate ?? 16_000;
  const writer = await WavFileWriter.create(file, sampleRate);
  const timeline = new TimelineBuilder(writer, sampleRate);
  for (const [index, clip] of clips.entries()) await timeline.add(lines[index]?.speaker ?? 'Host 1', fadeEdges(trimSilence(clip.samples, sampleRate), sampleRate));
  await timeline.finish();
  await writer.close();
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
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

    // Mixing and mastering the offline voice's audio, against plain encodes of the same timeline.
    const wavFile = path.join(workDir, 'timeline.wav');
    await timelineWav(wavFile, lines, offlineClips);
    const plainEncode = (args: string[]) => runFfmpeg(ffmpegCommand(wavFile).audioCodec('libmp3lame').audioBitrate(96).outputOptions(...args).output(path.join(workDir, 'plain.mp3')));
    const { seconds: plainSourceRate } = await timed(() => plainEncode([]));
    const { seconds: plainDelivery } = await timed(() => plainEncode(['-ac', '1', '-ar', '44100']));
    const { result: rendered, seconds: mixSeconds } = await timed(() =>
      renderScript({ lines, engine: replayEngine(offlineClips), voiceFor: () => 'replay', workDir, metadata: { title: 'Bench', artist: 'Castwright' } }),
    );
    const audioSeconds = rendered.durationMs / 1000;
    const row = (label: string, seconds: number, extra: string) =>
      console.log(label.padEnd(58), fmt(audioSeconds, 1), fmt(seconds, 2), fmt(seconds / audioSeconds), fmt(audioSeconds / seconds, 1).padStart(12), extra);
    row('plain MP3 encode at the source rate (16 kHz, 96 kbps)', plainSourceRate, '');
    row('plain MP3 encode, delivery format (44.1 kHz 96k CBR mono)', plainDelivery, '');
    row('mix + master (timeline + BS.1770 meter, 1 ffmpeg pass)', mixSeconds, `${fmt(mixSeconds / plainSourceRate, 2)}× source-rate encode`);
    const master = await ebur128(rendered.audioFile);
    console.log(`master measured by ffmpeg ebur128: ${master.integratedLufs.toFixed(2)} LUFS, true peak ${master.truePeakDbtp.toFixed(2)} dBTP`);
    console.log(`mix + master vs plain one-pass MP3 encode to the same format (~${minutes} min): ${(mixSeconds / plainDelivery).toFixed(2)}× (${mixSeconds.toFixed(2)} s vs ${plainDelivery.toFixed(2)} s), ${(audioSeconds / mixSeconds).toFixed(1)}× real time`);
  }
  for (const { engine } of available) await engine.close();
} finally {
  await rm(workDir, { recursive: true, force: true });
}
