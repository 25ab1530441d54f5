// renderScript end to end: real Flite voices, real ffmpeg. The output is checked
// with ffprobe/ffmpeg run directly, not through the code under test.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { renderScript, RenderScriptError } from '@castwright/media/render-script';
import type { ScriptLine } from '@castwright/core/script-lines';
import type { RenderResult } from '@castwright/media/render-script';
import { ebur128 } from '#test-helpers/ebur128';

const run = promisify(execFile);
const tools = resolveFfmpegToolPaths();

// One sentence per line and no commas: Flite then makes no pause inside a line
// long enough to be mistaken for the gap between two lines.
const LINES: ScriptLine[] = [
  { speaker: 'Host 1', text: 'Welcome back to the show where we talk about rivers.' },
  { speaker: 'Host 2', text: 'Rivers carry water from the mountains to the sea.' },
  { speaker: 'Host 2', text: 'They also shape the land around them.' },
  { speaker: 'Host 1', text: 'That is a great point so let us dig deeper.' },
  { speaker: 'Host 2', text: 'Thanks for listening everyone.' },
];
const voiceFor = (speaker: string) => (speaker === 'Host 1' ? 'rms' : 'slt');

/** Start of a line's audio vs where silencedetect says sound resumes: the brief's tolerance. */
const POSITION_TOLERANCE_MS = 60;

interface Silence {
  startMs: number;
  endMs: number;
}

async function ffprobe(file: string) {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  return JSON.parse(stdout) as {
    streams: { codec_name: string; codec_type: string; sample_rate: string; channels: number }[];
    format: { duration: string; tags?: Record<string, string> };
  };
}

async function detectSilences(file: string, durationMs: number): Promise<Silence[]> {
  const { stderr } = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-af', 'silencedetect=noise=-45dB:d=0.2', '-f', 'null', '-']);
  const silences: Silence[] = [];
  for (const match of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const ms = Number(match[2]) * 1000;
    if (match[1] === 'start') silences.push({ startMs: ms, endMs: durationMs });
    else if (silences.length > 0) (silences.at(-1) as Silence).endMs = ms;
  }
  return silences;
}

void t.test('renders a two-host script to a tagged, normalised MP3 with true segment times', async (t) => {
  const root = t.testdir({ engine: {}, work: {} });
  const engine = new OfflineVoiceEngine({ tempDir: join(root, 'engine') });
  t.teardown(() => engine.close());
  const workDir = join(root, 'work');
  const progress: [number, number][] = [];

  const result: RenderResult = await renderScript({
    lines: LINES,
    engine,
    voiceFor,
    workDir,
    metadata: { title: 'Rivers, & Where They Go', artist: 'Castwright' },
    onProgress: async (done, total) => {
      await new Promise((resolve) => setTimeout(resolve, 1)); // progress may be async
      progress.push([done, total]);
    },
  });

  t.same(progress, [[1, 5], [2, 5], [3, 5], [4, 5], [5, 5]], 'progress after every line');
  t.same(await readdir(workDir), ['episode.mp3'], 'only the MP3 is left in workDir');
  t.equal(result.audioFile, `${workDir}/episode.mp3`);

  const probe = await ffprobe(result.audioFile);
  const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
  t.equal(audio?.codec_name, 'mp3');
  t.equal(audio?.channels, 1);
  t.equal(audio?.sample_rate, '44100');
  t.equal(probe.format.tags?.title, 'Rivers, & Where They Go');
  t.equal(probe.format.tags?.artist, 'Castwright');
  const probedMs = Number(probe.format.duration) * 1000;
  t.ok(probedMs > 5_000, `duration ${probedMs} ms`);
  t.ok(Math.abs(result.durationMs - probedMs) <= 50, `durationMs ${result.durationMs} matches ffprobe ${probedMs}`);

  const { segments } = result;
  t.equal(segments.length, LINES.length);
  segments.forEach((segment, index) => {
    t.equal(segment.speaker, LINES[index]?.speaker);
    t.equal(segment.text, LINES[index]?.text);
    t.ok(segment.startTimeMs < segment.endTimeMs, `segment ${index} has length`);
    const previousEnd = index === 0 ? 0 : (segments[index - 1]?.endTimeMs ?? 0);
    t.ok(segment.startTimeMs >= previousEnd, `segment ${index} starts after the previous one ends`);
  });
  t.ok((segments.at(-1)?.endTimeMs ?? Infinity) <= result.durationMs, 'last segment ends inside the file');
  // Pauses: ~250 ms when Host 2 goes on, ~450 ms at a change of speaker.
  const gap = (index: number) => (segments[index]?.startTimeMs ?? 0) - (segments[index - 1]?.endTimeMs ?? 0);
  t.ok(Math.abs(gap(2) - 250) <= 5 && Math.abs(gap(1) - 450) <= 5, `gaps ${gap(1)} ms / ${gap(2)} ms`);

  // Where the file is actually silent must be where the segments say it is.
  const silences = await detectSilences(result.audioFile, probedMs);
  const gaps = [
    { startMs: 0, endMs: segments[0]?.startTimeMs ?? 0 },
    ...segments.slice(1).map((segment, index) => ({ startMs: segments[index]?.endTimeMs ?? 0, endMs: segment.startTimeMs })),
    { startMs: segments.at(-1)?.endTimeMs ?? 0, endMs: probedMs },
  ];
  t.equal(silences.length, gaps.length, `one silence per gap: ${JSON.stringify(silences)}`);
  gaps.forEach((expected, index) => {
    const found = silences.find((silence) => silence.endMs > expected.startMs && silence.startMs < expected.endMs);
    if (!found) return t.fail(`no silence detected in gap ${index} ${JSON.stringify(expected)}`);
    if (index > 0) t.ok(Math.abs(found.startMs - expected.startMs) <= POSITION_TOLERANCE_MS, `line ${index} ends at ${expected.startMs} ms, sound stops at ${found.startMs.toFixed(0)} ms`);
    if (index < segments.length) t.ok(Math.abs(found.endMs - expected.endMs) <= POSITION_TOLERANCE_MS, `line ${index + 1} starts at ${expected.endMs} ms, sound resumes at ${found.endMs.toFixed(0)} ms`);
  });

  const { integratedLufs, truePeakDbtp } = await ebur128(result.audioFile);
  t.ok(Math.abs(integratedLufs - -16) <= 0.5, `integrated loudness ${integratedLufs} LUFS is -16 ± 0.5`);
  t.ok(truePeakDbtp <= -1.5, `true peak ${truePeakDbtp.toFixed(2)} dBTP is at most -1.5`);
});

void t.test('an abort mid-script rejects and leaves workDir empty', async (t) => {
  const root = t.testdir({ engine: {}, work: {} });
  const engine = new OfflineVoiceEngine({ tempDir: join(root, 'engine') });
  t.teardown(() => engine.close());
  const workDir = join(root, 'work');
  const controller = new AbortController();
  const progress: number[] = [];
  await t.rejects(
    renderScript({
      lines: LINES,
      engine,
      voiceFor,
      workDir,
      metadata: { title: 't', artist: 'a' },
      signal: controller.signal,
      onProgress: (done) => {
        progress.push(done);
        if (done === 2) controller.abort();
      },
    }),
    { name: 'AbortError' },
  );
  t.same(progress, [1, 2], 'stopped after the abort');
  t.same(await readdir(workDir), [], 'no timeline or partial MP3 left behind');
});

void t.test('a line the engine cannot speak fails the render with the line named', async (t) => {
  const root = t.testdir({ engine: {}, work: {} });
  const engine = new OfflineVoiceEngine({ tempDir: join(root, 'engine') });
  t.teardown(() => engine.close());
  const workDir = join(root, 'work');
  await t.rejects(
    renderScript({ lines: LINES, engine, voiceFor: (speaker) => (speaker === 'Host 2' ? 'nobody' : 'rms'), workDir, metadata: { title: 't', artist: 'a' } }),
    new RenderScriptError('Line 2 (Host 2) could not be synthesized: Unknown offline voice "nobody"; available: rms, slt'),
  );
  await t.rejects(renderScript({ lines: [], engine, voiceFor, workDir, metadata: { title: 't', artist: 'a' } }), { message: /no lines/ });
  t.same(await readdir(workDir), []);
});
