// Checks a custom voice's clip where it arrives (the api), so a bad clip is a 400 with
// its reason before anything is stored: the container by its first bytes (WAV, MP3 or
// FLAC, whatever the file is called), then ffprobe for the stream, then one ffmpeg pass
// that decodes at most 31 s (so a file that claims hours, or inflates, costs no more)
// to mono, measured as it streams past, and written as the 16-bit mono WAV that is kept
// and sent to Chatterbox. Every ffmpeg run has a time limit.
import { CLIP_BOUNDS } from '../voices/custom-voices.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { AUDIO_FORMAT_NAMES, audioContainer, formatDbfs, MediaFileError, probeStream, readHead, runTool, SampleMeter, type AudioContainer } from './media-file.ts';

/** Why a clip cannot make a voice; the message is the client's 400. Every MediaFileError from the shared checks is one too. */
class VoiceClipError extends MediaFileError {
  override name = 'VoiceClipError';
}

export type ClipContainer = AudioContainer;

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
const MAX_WAV_RATE = 48_000;
/** An MP3's length is an estimate until decoded; a clip this much over the bound still passes. */
const LENGTH_SLACK_SECONDS = 0.25;

/**
 * Checks `file` as a voice clip and writes the clip as kept to `wavFile`; throws
 * VoiceClipError with the reason for a clip that cannot make a voice.
 */
export async function checkVoiceClip(tools: FfmpegBinaries, file: string, wavFile: string): Promise<CheckedClip> {
  const container = audioContainer(await readHead(file));
  if (!container) throw new VoiceClipError('The file is not a WAV, MP3 or FLAC recording');
  const probed = await probeStream(tools, file, 'a');
  if (!probed.formatName.split(',').includes(AUDIO_FORMAT_NAMES[container])) {
    throw new VoiceClipError(`The file starts like ${container.toUpperCase()} but reads as ${probed.formatName || 'something else'}`);
  }
  if (!(probed.sampleRate >= CLIP_BOUNDS.minSampleRate)) {
    throw new VoiceClipError(`The clip is sampled at ${probed.sampleRate || 'an unknown rate'} Hz; at least ${CLIP_BOUNDS.minSampleRate} Hz is needed`);
  }
  // The declared length first: a header that claims hours is refused before decoding.
  if (Number.isFinite(probed.durationSeconds)) checkLength(probed.durationSeconds);

  const meter = new SampleMeter();
  const wavRate = Math.min(probed.sampleRate, MAX_WAV_RATE);
  const limit = String(CLIP_BOUNDS.maxSeconds + 1);
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-v', 'error', '-i', file,
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-f', 'f32le', '-c:a', 'pcm_f32le', 'pipe:1',
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-ar', String(wavRate), '-c:a', 'pcm_s16le', '-f', 'wav', '-y', wavFile,
    ],
    meter.measure,
    'ffmpeg',
  );
  const { samples, atFullScale } = meter;
  const durationSeconds = samples / probed.sampleRate;
  checkLength(durationSeconds);
  const rmsDbfs = meter.rmsDbfs();
  if (rmsDbfs < SILENT_RMS_DBFS) throw new VoiceClipError(`The clip is silent (its level is ${formatDbfs(rmsDbfs)} dBFS); record the voice speaking`);
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
