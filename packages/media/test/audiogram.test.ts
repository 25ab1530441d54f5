// The captioned audiogram against the real ffmpeg and libass, checked from the outside:
// ffprobe reads the streams, sizes and lengths, the file's boxes show its index first, and
// frames of renders with and without captions are compared where the captions go.
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { PermanentError } from '@castwright/core/errors';
import type { Language } from '@castwright/core/languages';
import { VIDEO_DIMENSIONS, VIDEO_SHAPES, type VideoShape } from '@castwright/core/video/video-shapes';
import { captionEvents, captionSpeaker, type CaptionLine } from '@castwright/media/video/caption-events';
import { captionFonts } from '@castwright/media/video/caption-fonts';
import { renderAudiogram } from '@castwright/media/video/render-audiogram';
import { VIDEO_FPS, videoLayout } from '@castwright/media/video/video-layout';
import { FIXTURE_LINES, speechLikeMp3 } from '#test-helpers/ready-episode';
import { differingPixels, greyFrame, probeVideo, topLevelBoxes } from '#test-helpers/video-file';

const FONT_DIRS = (process.env.VIDEO_FONT_DIRS ?? '/usr/share/fonts:/usr/local/share/fonts').split(':');
const dir = await mkdtemp(path.join(tmpdir(), 'castwright-audiogram-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
const audioMs = 10_200;
const audioFile = path.join(dir, 'speech.mp3');
await speechLikeMp3(audioFile, audioMs);
const FRAME_MS = 1000 / VIDEO_FPS;

const englishLines: CaptionLine[] = FIXTURE_LINES.map((line) => ({ ...line, speaker: captionSpeaker(line.speaker, undefined, 'en') }));

let renders = 0;
async function render(options: { shape?: VideoShape; span?: { startMs: number; endMs: number }; lines?: CaptionLine[]; language?: Language; captions?: boolean; title?: string }) {
  renders += 1;
  const workDir = path.join(dir, `render-${renders}`);
  const output = path.join(dir, `video-${renders}.mp4`);
  await mkdir(workDir);
  const language = options.language ?? 'en';
  await renderAudiogram({
    audioFile,
    span: options.span ?? { startMs: 0, endMs: audioMs },
    shape: options.shape ?? 'square',
    title: options.title ?? 'The Lighthouse Keepers',
    language,
    lines: options.lines ?? englishLines,
    chapters: [{ title: 'Beginnings', startMs: 0 }, { title: 'Alexandria', startMs: 5000 }],
    artworkFile: null,
    seed: 'ep_test',
    fonts: await captionFonts(language, FONT_DIRS),
    captions: options.captions,
    workDir,
    output,
  });
  return output;
}

const captioned = await render({});

t.test('every shape: H.264 and AAC, its size, the audio\'s length within a frame, the index first', async (t) => {
  const spans: Record<VideoShape, { startMs: number; endMs: number }> = {
    square: { startMs: 0, endMs: audioMs },
    landscape: { startMs: 2500, endMs: 7500 },
    vertical: { startMs: 5000, endMs: 10000 },
  };
  for (const shape of VIDEO_SHAPES) {
    const file = shape === 'square' ? captioned : await render({ shape, span: spans[shape] });
    const probe = await probeVideo(file);
    const lengthMs = spans[shape].endMs - spans[shape].startMs;
    t.equal(probe.video.codec, 'h264', `${shape}: H.264`);
    t.equal(probe.audio.codec, 'aac', `${shape}: AAC`);
    t.same([probe.video.width, probe.video.height], [VIDEO_DIMENSIONS[shape].width, VIDEO_DIMENSIONS[shape].height], `${shape}: ${probe.video.width}×${probe.video.height}`);
    t.equal(probe.video.frameRate, VIDEO_FPS);
    for (const [what, ms] of [['video', probe.video.durationMs], ['audio', probe.audio.durationMs], ['file', probe.formatDurationMs]] as const) {
      t.ok(Math.abs(ms - lengthMs) <= FRAME_MS, `${shape}: the ${what} runs ${ms.toFixed(0)} ms for ${lengthMs} ms of audio (± one frame, ${FRAME_MS.toFixed(0)} ms)`);
    }
    const boxes = await topLevelBoxes(file);
    t.ok(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), `${shape}: faststart (boxes ${boxes.join(', ')})`);
  }
});

t.test('captions: at each line\'s start, the caption area differs from the same video made without them', async (t) => {
  const bare = await render({ captions: false });
  const { width, captions } = videoLayout('square');
  let previous: Buffer | undefined;
  for (const line of FIXTURE_LINES) {
    const at = line.startMs + 2 * FRAME_MS;
    const [withCaptions, without] = await Promise.all([greyFrame(captioned, at), greyFrame(bare, at)]);
    const differing = differingPixels(withCaptions, without, width, captions);
    t.ok(differing > 2000, `at ${at.toFixed(0)} ms, ${differing} pixels of the caption area differ ("${line.text}")`);
    // Above the captions only the encoder's rounding may differ, a few pixels at most.
    const elsewhere = differingPixels(withCaptions, without, width, { x: 0, y: 0, width, height: captions.y });
    t.ok(elsewhere < 100, `above the caption area, ${elsewhere} pixels differ`);
    if (previous) t.ok(differingPixels(withCaptions, previous, width, captions) > 1000, 'and the caption changed from the line before');
    previous = withCaptions;
  }
});

t.test('the subtitle events are the transcript\'s lines: text, speaker and times', async (t) => {
  const events = captionEvents(englishLines, { startMs: 0, endMs: audioMs }, 'en', 200);
  t.same(events.map(({ speaker, text, startMs, endMs }) => ({ speaker, text, startMs, endMs })), englishLines);
  // A clip's span: only its lines, timed from its start.
  const clip = captionEvents(englishLines, { startMs: 2500, endMs: 7500 }, 'en', 200);
  t.same(clip.map(({ text, startMs, endMs }) => ({ text, startMs, endMs })), [
    { text: englishLines[1]?.text, startMs: 0, endMs: 2500 },
    { text: englishLines[2]?.text, startMs: 2500, endMs: 5000 },
  ]);
  // The script handed to libass says the same, in centiseconds.
  const script = await readFile(path.join(dir, 'render-1', 'subtitles.ass'), 'utf8');
  const captionsInScript = script.split('\n').filter((line) => line.startsWith('Dialogue:') && line.includes(',Caption,')).map((line) => {
    const [, start, end] = line.split(',');
    const text = line.split(',').slice(9).join(',').replace(/\{[^}]*\}/g, '');
    return { start, end, text };
  });
  const cs = (ms: number) => `0:00:${String(Math.floor(ms / 1000)).padStart(2, '0')}.${String(Math.round((ms % 1000) / 10)).padStart(2, '0')}`;
  t.same(captionsInScript, englishLines.map((line) => ({ start: cs(line.startMs), end: cs(line.endMs), text: `${line.speaker}\\N${line.text}` })));
});

t.test('lines that overlap: a reaction under a line is left to the audio, a cut-in ends the caption before it', async (t) => {
  const lines = [
    { speaker: 'Ada', text: 'The lens threw its light thirty kilometres out to sea.', startMs: 0, endMs: 4000 },
    { speaker: 'Ben', text: 'Wow.', startMs: 1500, endMs: 1900 },
    { speaker: 'Ben', text: 'And who kept it lit?', startMs: 5000, endMs: 7000 },
    { speaker: 'Ada', text: 'The keepers did.', startMs: 6700, endMs: 8000 },
  ];
  const events = captionEvents(lines, { startMs: 0, endMs: 8000 }, 'en', 200);
  t.same(events.map(({ line, text, startMs, endMs }) => ({ line, text, startMs, endMs })), [
    { line: 0, text: lines[0]?.text, startMs: 0, endMs: 4000 },
    { line: 2, text: lines[2]?.text, startMs: 5000, endMs: 6700 },
    { line: 3, text: lines[3]?.text, startMs: 6700, endMs: 8000 },
  ]);
  t.ok(events.every((event, index) => index === 0 || event.startMs >= (events[index - 1]?.endMs ?? 0)), 'one caption at a time');
});

t.test('a line longer than the caption area holds: pages that join up to it and share its time', async (t) => {
  const text = 'The first lighthouse stood on the island of Pharos. It was built in the third century before our era. ' +
    'Sailors saw its fire from far out at sea, and it guided them past the shoals into the great harbour of Alexandria.';
  const events = captionEvents([{ speaker: 'Ada', text, startMs: 1000, endMs: 16000 }], { startMs: 0, endMs: 20000 }, 'en', 90);
  t.ok(events.length >= 3, `${events.length} pages`);
  t.equal(events.map((event) => event.text).join(' '), text);
  t.equal(events[0]?.startMs, 1000);
  t.equal(events.at(-1)?.endMs, 16000);
  events.forEach((event, index) => {
    t.ok(event.text.length <= 90, `page ${index + 1} holds ${event.text.length} characters`);
    if (index > 0) t.equal(event.startMs, events[index - 1]?.endMs, 'pages follow each other');
  });
});

t.test('Japanese, Chinese and Hindi captions are set in fonts that have their glyphs', async (t) => {
  const samples: Record<'ja' | 'zh' | 'hi', string> = { ja: '灯台の歴史について話します', zh: '我们来谈谈灯塔的历史', hi: 'आज हम दिलचस्प प्रकाशस्तंभों की बात करेंगे' };
  const { width, captions } = videoLayout('square');
  for (const [language, text] of Object.entries(samples) as ['ja' | 'zh' | 'hi', string][]) {
    const reversed = [...text].reverse().join('');
    const line = (words: string): CaptionLine[] => [{ speaker: captionSpeaker('Host 1', undefined, language), text: words, startMs: 0, endMs: 3000 }];
    const span = { startMs: 0, endMs: 3000 };
    const [forward, backward] = await Promise.all([
      render({ language, lines: line(text), span, title: text }),
      render({ language, lines: line(reversed), span, title: text }),
    ]);
    const [a, b] = await Promise.all([greyFrame(forward, 1000), greyFrame(backward, 1000)]);
    // Missing glyphs all draw the same box (or nothing), so the same characters in another order would look alike.
    const differing = differingPixels(a, b, width, captions);
    t.ok(differing > 1500, `${language}: the same characters in another order look different (${differing} pixels): real glyphs`);
  }
});

t.test('Hindi is shaped before it is drawn: the vowel sign ि stands before the consonant it follows', async (t) => {
  const { shapedTextPainter } = await import('@castwright/media/video/shaped-text');
  const fonts = await captionFonts('hi', FONT_DIRS);
  t.ok(fonts.shaped, 'Devanagari is drawn as shaped outlines');
  const paint = await shapedTextPainter([fonts.main.file, fonts.latin.file], 'hi');
  const shapes = (drawing: string) => drawing.replace(/^\{\\p3\}m 0 0 m \d+ \d+ /, '').replace(/\{\\p0\}$/, '').split(/ (?=m )/);
  const [matra] = shapes(paint('ि', 40, 1000));
  const ki = shapes(paint('कि', 40, 1000));
  const ka = shapes(paint('क', 40, 1000));
  t.ok(matra && ki.length > ka.length, 'कि draws the consonant and the sign');
  // Unshaped (as libass alone would set it), the consonant's outline would come first at the pen's start.
  t.not(ki[0], ka[0], 'the drawing does not start with the consonant');
  const leftmost = (shape: string) => Math.min(...shape.split(' ').filter((token) => /^\d+$/.test(token)).filter((_, index) => index % 2 === 0).map(Number));
  t.ok(leftmost(ki.join(' ')) < leftmost(ka.slice(-1).join(' ')) || leftmost(ki[0] ?? '') === 0, 'the sign starts at the left edge');
});

t.test('a language whose font is missing is refused, naming the package to install', async (t) => {
  const empty = await mkdtemp(path.join(dir, 'no-fonts-'));
  const refusal = await captionFonts('en', [empty]).catch((error: unknown) => error);
  t.ok(refusal instanceof PermanentError, 'a permanent failure: no retry finds a font');
  await t.rejects(captionFonts('en', [empty]), /fonts-noto-core/);
  const latinOnly = await mkdtemp(path.join(dir, 'latin-only-'));
  const latin = await captionFonts('en', FONT_DIRS);
  await symlink(latin.main.file, path.join(latinOnly, path.basename(latin.main.file)));
  await t.rejects(captionFonts('ja', [latinOnly]), /Japanese captions need Noto Sans CJK JP.*fonts-noto-cjk/);
  t.same((await captionFonts('fr', [latinOnly])).main.file, path.join(latinOnly, path.basename(latin.main.file)));
});
