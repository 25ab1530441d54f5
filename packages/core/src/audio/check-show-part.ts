// Checks a show's audio part (intro, outro, bed, sting) where it arrives (the api), as a
// custom voice's clip is checked: the container by its first bytes (WAV, MP3 or FLAC,
// whatever the file is called), ffprobe for the stream and its declared length (a header
// that claims ten hours is refused before anything is decoded), then one ffmpeg pass that
// decodes at most the part's longest length and a second (so a file that declares little
// and inflates to hours costs no more), measured as it streams past and written as the
// mono FLAC that is kept. A refused part is a MediaFileError in words; nothing is stored.
import { SHOW_PART_MIN_SAMPLE_RATE, SHOW_PART_SECONDS, type ShowPartKind } from '../shows/show-options.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { AUDIO_FORMAT_NAMES, audioContainer, formatDbfs, MediaFileError, probeStream, readHead, runTool, SampleMeter, type AudioContainer } from './media-file.ts';

export interface CheckedShowPart {
  container: AudioContainer;
  durationMs: number;
  /** The kept file's rate: the upload's, at most 48 kHz. */
  sampleRate: number;
  /** The upload's channels (the kept file is mono, as episodes are). */
  channels: number;
  rmsDbfs: number;
  /** The part as kept: mono FLAC. */
  flacFile: string;
}

/** Under this a part is silence: nothing to hear. */
const SILENT_RMS_DBFS = -60;
const MAX_RATE = 48_000;
/** An MP3's length is an estimate until decoded; a part this much over the bound still passes. */
const LENGTH_SLACK_SECONDS = 0.25;

export async function checkShowPart(tools: FfmpegBinaries, kind: ShowPartKind, file: string, flacFile: string): Promise<CheckedShowPart> {
  const container = audioContainer(await readHead(file));
  if (!container) throw new MediaFileError('The file is not a WAV, MP3 or FLAC recording');
  const probed = await probeStream(tools, file, 'a');
  if (!probed.formatName.split(',').includes(AUDIO_FORMAT_NAMES[container])) {
    throw new MediaFileError(`The file starts like ${container.toUpperCase()} but reads as ${probed.formatName || 'something else'}`);
  }
  if (!(probed.sampleRate >= SHOW_PART_MIN_SAMPLE_RATE)) {
    throw new MediaFileError(`The ${kind} is sampled at ${probed.sampleRate || 'an unknown rate'} Hz; at least ${SHOW_PART_MIN_SAMPLE_RATE} Hz is needed`);
  }
  if (Number.isFinite(probed.durationSeconds)) checkLength(kind, probed.durationSeconds);

  const meter = new SampleMeter();
  const rate = Math.min(probed.sampleRate, MAX_RATE);
  const limit = String(SHOW_PART_SECONDS[kind].max + 1);
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-v', 'error', '-i', file,
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-f', 'f32le', '-c:a', 'pcm_f32le', 'pipe:1',
      '-map', '0:a:0', '-t', limit, '-ac', '1', '-ar', String(rate), '-sample_fmt', 's16', '-c:a', 'flac', '-f', 'flac', '-y', flacFile,
    ],
    meter.measure,
    'ffmpeg',
  );
  const durationSeconds = meter.samples / probed.sampleRate;
  checkLength(kind, durationSeconds);
  const rmsDbfs = meter.rmsDbfs();
  if (rmsDbfs < SILENT_RMS_DBFS) throw new MediaFileError(`The ${kind} is silent (its level is ${formatDbfs(rmsDbfs)} dBFS)`);
  return { container, durationMs: Math.round(durationSeconds * 1000), sampleRate: rate, channels: probed.channels, rmsDbfs, flacFile };
}

function checkLength(kind: ShowPartKind, seconds: number): void {
  const { min, max } = SHOW_PART_SECONDS[kind];
  if (seconds < min || seconds > max + LENGTH_SLACK_SECONDS) {
    throw new MediaFileError(`The ${kind} is ${seconds.toFixed(1)} s long; a show's ${kind} is ${min} to ${max} s`);
  }
}
