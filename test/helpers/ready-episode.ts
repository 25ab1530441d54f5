// A ready episode written straight into a test database and storage: a short MP3 of a
// speech-like signal (pink noise, band-limited, its level rising and falling as a voice's
// does) made by the bundled ffmpeg, its timed transcript and chapters, published as
// revision 1. For tests of what is made from a ready episode (videos, clips) rather than
// how an episode is made.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '@castwright/core/db/connect';
import type { Language } from '@castwright/core/languages';
import { newId } from '@castwright/core/ids';
import type { Speaker } from '@castwright/core/script-lines';
import { episodeAudioKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';

const run = promisify(execFile);

export interface FixtureLine {
  speaker: Speaker;
  text: string;
  startMs: number;
  endMs: number;
}

/** Four lines of two hosts, back to back, 2.5 s each: 10 s of audio. */
export const FIXTURE_LINES: FixtureLine[] = [
  { speaker: 'Host 1', text: 'Welcome to the show about lighthouses.', startMs: 0, endMs: 2500 },
  { speaker: 'Host 2', text: 'Where do lighthouses come from?', startMs: 2500, endMs: 5000 },
  { speaker: 'Host 1', text: 'The Pharos of Alexandria came first.', startMs: 5000, endMs: 7500 },
  { speaker: 'Host 2', text: 'And it stood for a thousand years.', startMs: 7500, endMs: 10000 },
];

/** An MP3 of `ms` of a speech-like signal at 44.1 kHz, 96 kbps. */
export async function speechLikeMp3(file: string, ms: number): Promise<void> {
  const seconds = (ms / 1000).toFixed(3);
  await run(resolveFfmpegToolPaths().ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.5:seed=7`,
    '-af', "bandpass=f=600:width_type=o:w=3,volume='0.1+0.9*abs(sin(t*2.7))':eval=frame,loudnorm=I=-16",
    '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '96k', file,
  ]);
}

export async function insertReadyEpisode(
  services: { db: Db; storage: ObjectStorage },
  userId: string,
  options: { lines?: FixtureLine[]; language?: Language; title?: string; chapters?: { title: string; timestampMs: number }[] } = {},
): Promise<{ id: string; audioMs: number; lines: FixtureLine[] }> {
  const lines = options.lines ?? FIXTURE_LINES;
  const audioMs = (lines.at(-1)?.endMs ?? 0) + 200;
  const id = newId('episode');
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-ready-episode-'));
  try {
    const file = path.join(dir, 'audio.mp3');
    await speechLikeMp3(file, audioMs);
    await services.storage.putFile(episodeAudioKey(id, 1), file, 'audio/mpeg');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const chapters = (options.chapters ?? [{ title: 'Beginnings', timestampMs: 0 }, { title: 'Alexandria', timestampMs: 5000 }])
    .map((chapter) => ({ ...chapter, timestamp: `00:${String(Math.floor(chapter.timestampMs / 1000)).padStart(2, '0')}` }));
  await services.db.insertInto('episodes').values({
    id,
    user_id: userId,
    title: options.title ?? 'The Lighthouse Keepers',
    description: 'A history of light.',
    status: 'ready',
    progress_percent: 100,
    preset: 'quick',
    host_mode: 'multi',
    voice_style: 'professional',
    voice_pair: 'expert-curious',
    tts_engine: 'auto',
    review_script: false,
    source_type: 'text',
    source_text: lines.map((line) => line.text).join(' '),
    script_text: lines.map((line) => `[${line.speaker}]: ${line.text}`).join('\n'),
    show_notes: JSON.stringify({ summary: '', keyPoints: [], topics: [], chapters }),
    audio_key: episodeAudioKey(id, 1),
    audio_duration_ms: audioMs,
    render_attempt: 1,
    published_revision: 1,
    audio_published_at: new Date(),
    completed_at: new Date(),
    language: options.language ?? 'en',
  }).execute();
  await services.db.insertInto('transcript_segments').values(lines.map((line, position) => ({
    id: newId('segment'), episode_id: id, position, speaker: line.speaker, text: line.text, start_ms: line.startMs, end_ms: line.endMs, confidence: 1,
  }))).execute();
  return { id, audioMs, lines };
}
