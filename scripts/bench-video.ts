// `npm run bench:video`: how fast the media worker makes an episode's video, in seconds of
// video per second of wall time, for each shape, beside the floor: a plain ffmpeg encode of
// the same audio over a still picture (the shape's own background, looped, same size and
// frame rate, AAC at the same rate), both with the H.264 settings one writes for a still
// (`-preset veryfast -tune stillimage`) and with the audiogram's own. The audiogram is
// everything a worker does (background, subtitle script, level bars, captions burned in,
// faststart), on a speech-like signal with a two-host transcript of the fixture article at
// 150 words a minute. The machine's load is printed before and after: on a shared machine
// the figures are only as steady as it is. BENCH_VIDEO_MINUTES sets the length (default 3).
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_SHAPES, type VideoShape } from '@castwright/core/video/video-shapes';
import { makeBackgroundFrame } from '@castwright/media/video/background-frame';
import { captionFonts } from '@castwright/media/video/caption-fonts';
import type { CaptionLine } from '@castwright/media/video/caption-events';
import { runVideoFfmpeg } from '@castwright/media/video/ffmpeg-process';
import { AUDIO_ENCODER_ARGS, renderAudiogram, VIDEO_ENCODER_ARGS } from '@castwright/media/video/render-audiogram';
import { VIDEO_FPS, videoLayout } from '@castwright/media/video/video-layout';
import { probeVideo } from '#test-helpers/video-file';
import { speechLikeMp3 } from '#test-helpers/ready-episode';

const minutes = Number(process.env.BENCH_VIDEO_MINUTES ?? 3);
const audioMs = Math.round(minutes * 60_000);
const WORDS_PER_MINUTE = 150;
const dir = await mkdtemp(path.join(tmpdir(), 'castwright-bench-video-'));

/** The fixture article's sentences, one a line, timed at 150 words a minute, two hosts in turn. */
async function transcript(): Promise<CaptionLine[]> {
  const article = await readFile(new URL('../test/fixtures/lighthouses.txt', import.meta.url), 'utf8');
  const sentences = article.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.split(/\s+/).length >= 4);
  const lines: CaptionLine[] = [];
  let at = 0;
  for (let index = 0; at < audioMs; index++) {
    const text = sentences[index % sentences.length] ?? '';
    const endMs = Math.min(audioMs, at + Math.round((text.split(/\s+/).length / WORDS_PER_MINUTE) * 60_000));
    lines.push({ speaker: index % 2 === 0 ? 'Host 1' : 'Host 2', text, startMs: at, endMs });
    at = endMs;
  }
  return lines;
}

const timed = async (work: () => Promise<unknown>) => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
};
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

try {
  console.log(`bench:video — ${minutes} min of audio, ${VIDEO_FPS} fps, ${cpus().length} CPUs, load average before: ${load()}`);
  const audio = path.join(dir, 'speech.mp3');
  await speechLikeMp3(audio, audioMs);
  const lines = await transcript();
  const fonts = await captionFonts('en', (process.env.VIDEO_FONT_DIRS ?? '/usr/share/fonts:/usr/local/share/fonts').split(':'));
  const rows: { shape: VideoShape; audiogram: number; plain: number; same: number }[] = [];
  for (const shape of VIDEO_SHAPES) {
    const workDir = path.join(dir, shape);
    await mkdir(workDir);
    const output = path.join(workDir, 'audiogram.mp4');
    const audiogram = await timed(() => renderAudiogram({
      audioFile: audio, span: { startMs: 0, endMs: audioMs }, shape, title: 'The Lighthouse Keepers', language: 'en', lines,
      chapters: [{ title: 'Beginnings', startMs: 0 }, { title: 'Fresnel', startMs: audioMs / 2 }], artworkFile: null, seed: 'ep_bench', fonts, workDir, output,
    }));
    const probe = await probeVideo(output);
    if (Math.abs(probe.formatDurationMs - audioMs) > 1000 / VIDEO_FPS) throw new Error(`${shape}: ${probe.formatDurationMs} ms of video for ${audioMs} ms of audio`);
    // The floor: the same background, looped, over the same audio; nothing else.
    const floorDir = path.join(dir, `${shape}-floor`);
    await mkdir(floorDir);
    const still = await makeBackgroundFrame({ workDir: floorDir, layout: videoLayout(shape), artworkFile: null, seed: 'ep_bench' });
    const floor = (encoder: string[]) => timed(() => runVideoFfmpeg({
      workDir: floorDir,
      args: ['-i', still, '-i', audio, '-filter_complex', `[0:v]format=yuv420p,loop=-1:1:0,fps=${VIDEO_FPS}[v]`, '-map', '[v]', '-map', '1:a',
        ...encoder, ...AUDIO_ENCODER_ARGS, '-t', (audioMs / 1000).toFixed(3), '-movflags', '+faststart', 'floor.mp4'],
    }));
    const plain = await floor(['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '23', '-pix_fmt', 'yuv420p']);
    const same = await floor(VIDEO_ENCODER_ARGS);
    rows.push({ shape, audiogram, plain, same });
  }
  const seconds = audioMs / 1000;
  console.log('\nshape       audiogram            still image, plain    still image, same encoder   audiogram ÷ plain   ÷ same');
  for (const row of rows) {
    const speed = (wall: number) => `${(seconds / wall).toFixed(1).padStart(5)}× (${wall.toFixed(1).padStart(5)} s)`;
    console.log(`${row.shape.padEnd(11)} ${speed(row.audiogram)}   ${speed(row.plain)}   ${speed(row.same)}          ${(row.audiogram / row.plain).toFixed(2)}              ${(row.audiogram / row.same).toFixed(2)}`);
  }
  const square = rows.find((row) => row.shape === 'square');
  console.log(`\nload average after: ${load()}`);
  if (square) console.log(`square: ${(seconds / square.audiogram).toFixed(1)}× real time (goal ≥ 4×), ${(square.audiogram / square.plain).toFixed(2)}× the plain still-image encode (goal ≤ 1.5×)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
