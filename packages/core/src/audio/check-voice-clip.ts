// Checks a custom voice's clip where it arrives (the api), so a bad clip is a 400 with
// its reason before anything is stored: the container by its first bytes (WAV, MP3 or
// FLAC, whatever the file is called), then ffprobe for the stream, then one ffmpeg pass
// that decodes at most 31 s (so a file that claims hours, or inflates, costs no more)
// to mono, measured as it streams past, and written as the 16-bit mono WAV that is kept
// and sent to Chatterbox. Every ffmpeg run has a time limit.
import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { CLIP_BOUNDS } from '../voices/custom-voices.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';

/** Why a clip cannot make a voice; the message is the client's 400. */
export class VoiceClipError extends Error {
  override name = 'VoiceClipError';
}

export type ClipContainer = 'wav' | 'mp3' | 'flac';

export interface CheckedClip {
  container: ClipContainer;
  durationMs: number;
  sampleRate: number;
  channels: number;
  /** Loudness over the whole clip, in dBFS (RMS). */
  rmsDbfs: number;
  /** The clip as kept: mono, 16-bit PCM WAV at its own rate (at most 48 kHz). */
  wavFile: string;
}

/** Below this the clip is silence (or a hum): nothing to clone. */
const SILENT_RMS_DBFS = -50;
/** More than this share of samples at full scale is a clipped recording. */
const CLIPPED_SHARE = 0.001;
const FULL_SCALE = 0.999;
const RUN_LIMIT_MS = 20_000;
const MAX_WAV_RATE = 48_000;
/** An MP3's length is an estimate until decoded; a clip this much over the bound still passes. */
const LENGTH_SLACK_SECONDS = 0.25;

/** The container a file's first bytes say it is, or undefined. */
function clipContainer(head: Uint8Array): ClipContainer | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if ((ascii(0, 4) === 'RIFF' || ascii(0, 4) === 'RF64') && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  const [first = 0, second = 0] = head;
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return 'mp3';
  return undefined;
}

function runTool(binary: string, args: string[], onStdout: (chunk: Buffer) => void, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.stdout.on('data', onStdout);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not run: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else if (signal) reject(new VoiceClipError(`The file could not be read as audio in time (${what} was stopped)`));
      else reject(new VoiceClipError(`The file could not be decoded as audio: ${lastLine(stderr) || `${what} exited with ${code}`}`));
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.replace(/^\[[^\]]*\]\s*/, '').trim() ?? '';
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface ProbedStream {
  formatName: string;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
}

async function probe(tools: FfmpegBinaries, file: string): Promise<ProbedStream> {
  const chunks: Buffer[] = [];
  await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'a', file], (chunk) => chunks.push(chunk), 'ffprobe');
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { format?: { format_name?: string; duration?: string }; streams?: { sample_rate?: string; channels?: number; duration?: string }[] };
  const stream = json.streams?.[0];
  if (!stream) throw new VoiceClipError('The file has no audio in it');
  return {
    formatName: json.format?.format_name ?? '',
    durationSeconds: Number(json.format?.duration ?? stream.duration),
    sampleRate: Number(stream.sample_rate),
    channels: Number(stream.channels),
  };
}

const FORMAT_NAMES: Record<ClipContainer, string> = { wav: 'wav', mp3: 'mp3', flac: 'flac' };

/**
 * Checks `file` as a voice clip and writes the clip as kept to `wavFile`; throws
 * VoiceClipError with the reason for a clip that cannot make a voice.
 */
export async function checkVoiceClip(tools: FfmpegBinaries, file: string, wavFile: string): Promise<CheckedClip> {
  const container = clipContainer(await readHead(file));
  if (!container) throw new VoiceClipError('The file is not a WAV, MP3 or FLAC recording');
  const probed = await probe(tools, file);
  if (!probed.formatName.split(',').includes(FORMAT_NAMES[container])) {
    throw new VoiceClipError(`The file starts like ${container.toUpperCase()} but reads as ${probed.formatName || 'something else'}`);
  }
  if (!(probed.sampleRate >= CLIP_BOUNDS.minSampleRate)) {
    throw new VoiceClipError(`The clip is sampled at ${probed.sampleRate || 'an unknown rate'} Hz; at least ${CLIP_BOUNDS.minSampleRate} Hz is needed`);
  }
  // The declared length first: a header that claims hours is refused before decoding.
  if (Number.isFinite(probed.durationSeconds)) checkLength(probed.durationSeconds);

  let samples = 0;
  let sumSquares = 0;
  let atFullScale = 0;
  let carry: Buffer = Buffer.alloc(0);
  const measure = (chunk: Buffer) => {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let offset = 0; offset < whole; offset += 4) {
      const value = bytes.readFloatLE(offset);
      sumSquares += value * value;
      if (Math.abs(value) >= FULL_SCALE) atFullScale += 1;
    }
    samples += whole / 4;
    carry = bytes.subarray(whole);
  };
  const wavRate = Math.min(probed.sampleRate, MAX_WAV_RATE);
  const limit = String(CLIP_BOUNDS.maxSeconds + 1);
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-v', 'error', '-i', file,
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-f', 'f32le', '-c:a', 'pcm_f32le', 'pipe:1',
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-ar', String(wavRate), '-c:a', 'pcm_s16le', '-f', 'wav', '-y', wavFile,
    ],
    measure,
    'ffmpeg',
  );
  const durationSeconds = samples / probed.sampleRate;
  checkLength(durationSeconds);
  const rms = Math.sqrt(sumSquares / Math.max(1, samples));
  const rmsDbfs = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
  if (rmsDbfs < SILENT_RMS_DBFS) throw new VoiceClipError(`The clip is silent (its level is ${Number.isFinite(rmsDbfs) ? rmsDbfs.toFixed(0) : '-∞'} dBFS); record the voice speaking`);
  if (atFullScale / samples > CLIPPED_SHARE) {
    throw new VoiceClipError(`The clip is clipped (${((100 * atFullScale) / samples).toFixed(1)} % of its samples at full scale); record it again at a lower level`);
  }
  return { container, durationMs: Math.round(durationSeconds * 1000), sampleRate: probed.sampleRate, channels: probed.channels, rmsDbfs, wavFile };
}

function checkLength(seconds: number): void {
  if (seconds < CLIP_BOUNDS.minSeconds || seconds > CLIP_BOUNDS.maxSeconds + LENGTH_SLACK_SECONDS) {
    throw new VoiceClipError(`The clip is ${seconds.toFixed(1)} s long; a voice needs ${CLIP_BOUNDS.minSeconds} to ${CLIP_BOUNDS.maxSeconds} s of one speaker`);
  }
}
