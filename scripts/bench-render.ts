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
//  - Voicing slots: the built-in voice and Kokoro (its weights, or the shaped test model)
//    voice the same ~8-minute script of distinct lines through voiceLines on 1, 2 and as
//    many slots as cores (measure/measure-voicing.ts, the table `castwright voicing measure`
//    prints), each row a fresh engine with that many threads or sessions; the × real time of
//    each row and its ratio to one slot (goal on two cores: two slots ≥ 1.7× one slot for the
//    built-in voice).
// Real-time factor (RTF) = processing time / audio duration; below 1 is faster than real time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
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
import { castVoice, castVoices, type EngineName } from '@castwright/media/voice-casting';
import { measureScript } from '@castwright/media/measure/measure-script';
import { figuresTable, measureVoicing } from '@castwright/media/measure/measure-voicing';
import { cpuCores } from '@castwright/media/voicing-slots';
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
  for (const line of lines) clips.push(await engine.synthesize({ text: line.text, voice: castVoice(casting, line.speaker), speed: casting.speed }));
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

/** CPU seconds used so far by this process and by the children it has waited for (ffmpeg), where Linux's /proc says. */
async function cpuSeconds(): Promise<{ node: number; children: number }> {
  const own = process.cpuUsage();
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  // After the command name: cutime and cstime (children's user and system time, in 1/100 s) are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return { node: (own.user + own.system) / 1e6, children: Number.isFinite(children) ? children : 0 };
}

interface Timed<T> {
  result: T;
  seconds: number;
  /** CPU seconds in this process (timeline, meter) and in ffmpeg/ffprobe; with other work on the machine, steadier than wall time. */
  cpu: { node: number; children: number; total: number };
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const before = await cpuSeconds();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuSeconds();
  const node = after.node - before.node;
  const children = after.children - before.children;
  return { result, seconds, cpu: { node, children, total: node + children } };
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
    console.log('engine / step'.padEnd(58), '   audio s', ' wall s', '     RTF', ' × real-time', ' vs baseline');
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
    const plainEncode = (delivery: boolean) => {
      const command = ffmpegCommand(wavFile).audioCodec('libmp3lame').audioBitrate(96);
      if (delivery) command.audioChannels(1).audioFrequency(44_100);
      return runFfmpeg(command.output(path.join(workDir, 'plain.mp3')));
    };
    const plainSourceRate = await timed(() => plainEncode(false));
    const plainDelivery = await timed(() => plainEncode(true));
    const mix = await timed(() => renderScript({ lines, engine: replayEngine(offlineClips), voiceFor: () => 'replay', workDir, metadata: { title: 'Bench', artist: 'Castwright' } }));
    const audioSeconds = mix.result.durationMs / 1000;
    const row = (label: string, step: Timed<unknown>, extra = '') =>
      console.log(label.padEnd(58), fmt(audioSeconds, 1), fmt(step.seconds, 2), fmt(step.seconds / audioSeconds), fmt(audioSeconds / step.seconds, 1).padStart(12), `  cpu ${step.cpu.total.toFixed(2)} s${extra}`);
    const sourceKhz = (offlineClips[0]?.sampleRate ?? 16_000) / 1000;
    row(`plain MP3 encode at the source rate (${sourceKhz} kHz, 96 kbps)`, plainSourceRate);
    row('plain MP3 encode, delivery format (44.1 kHz 96k CBR mono)', plainDelivery);
    row('mix + master (timeline + BS.1770 meter, 1 ffmpeg pass)', mix, ` (node ${mix.cpu.node.toFixed(2)}, ffmpeg ${mix.cpu.children.toFixed(2)}), ${(mix.seconds / plainSourceRate.seconds).toFixed(2)}× the source-rate encode`);
    const master = await ebur128(mix.result.audioFile);
    console.log(`master measured by ffmpeg ebur128: ${master.integratedLufs.toFixed(2)} LUFS, true peak ${master.truePeakDbtp.toFixed(2)} dBTP`);
    console.log(
      `mix + master vs plain one-pass MP3 encode to the same format (~${minutes} min): ${(mix.seconds / plainDelivery.seconds).toFixed(2)}× ` +
        `(${mix.seconds.toFixed(2)} s vs ${plainDelivery.seconds.toFixed(2)} s; CPU ${(mix.cpu.total / plainDelivery.cpu.total).toFixed(2)}×), ${(audioSeconds / mix.seconds).toFixed(1)}× real time`,
    );
  }
  for (const { engine } of available) await engine.close();

  // Voicing slots: the same script on 1, 2 and `cores` slots, each row a fresh engine.
  const slotCounts = [...new Set([1, 2, cpuCores()])].sort((a, b) => a - b);
  const slotScript = measureScript(8);
  const kokoroDir = (await findKokoroInstall(config.kokoro.modelDir)) ? config.kokoro.modelDir : path.join(workDir, 'kokoro-shaped');
  // Where Kokoro ran above: every row opens there (no CUDA attempt and fallback per row).
  const kokoroDevice = (available.find(({ name }) => name === 'kokoro')?.engine as KokoroEngine | undefined)?.provider ?? config.kokoro.device;
  const slotEngines = [
    { label: 'offline (Flite)', voiceFor: (speaker: string) => (speaker === 'Host 1' ? 'rms' : 'slt'), open: async (slots: number) => new OfflineVoiceEngine({ slots }) as TtsEngine },
    {
      label: kokoroDir === config.kokoro.modelDir ? 'kokoro (Kokoro-82M)' : 'kokoro pipeline (shaped test model, no weights)',
      voiceFor: (speaker: string) => (speaker === 'Host 1' ? 'am_michael' : 'af_heart'),
      open: async (slots: number) => (await KokoroEngine.open({ modelDir: kokoroDir, device: kokoroDevice, slots })) as TtsEngine,
    },
  ];
  console.log(`\n## Voicing slots: ${slotScript.length} distinct lines, ${slotScript.reduce((sum, line) => sum + line.text.split(/\s+/).length, 0)} words, on ${slotCounts.join(', ')} slots (${cpuCores()} cores; load average ${loadavg().map((value) => value.toFixed(2)).join(', ')})`);
  for (const { label, voiceFor, open } of slotEngines) {
    const rows = await measureVoicing({ open, lines: slotScript, voiceFor, slotCounts });
    console.log(`\n${label} — audio seconds per second is × real time`);
    console.log(figuresTable(rows));
    const two = rows.find((row) => row.slots === 2);
    if (two) console.log(`two slots vs one: ${two.speedup.toFixed(2)}×${label.startsWith('offline') ? ` (goal ≥ 1.7×: ${two.speedup >= 1.7 ? 'met' : 'NOT met'})` : ''}`);
  }
  console.log(`load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(', ')}`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
