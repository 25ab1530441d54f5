import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { embedChapters } from '@castwright/media/embed-chapters';
import { probeAudio, resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { id3TagSize, parseId3Tag } from '@castwright/media/id3v2-tag';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { probeChapters } from '#test-helpers/probe';

const run = promisify(execFile);

/** A 12-second tone MP3 as the master step writes it: ID3v2.3 with title and artist, or no tag at all. */
async function toneMp3(file: string, options: { tag: boolean }): Promise<void> {
  const tagArgs = options.tag ? ['-id3v2_version', '3', '-metadata', 'title=Tides & moons', '-metadata', 'artist=Castwright'] : ['-id3v2_version', '0'];
  await run(resolveFfmpegToolPaths().ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=12',
    '-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '96k', ...tagArgs, file,
  ]);
}

const CHAPTERS = [
  { title: 'Opening', startMs: 0 },
  { title: 'Café au lait', startMs: 3250 },
  { title: '潮汐 & the moon', startMs: 7000 },
];

t.test('chapters become CHAP frames under a top-level ordered CTOC; tags and audio are kept', async (t) => {
  const file = join(t.testdir(), 'episode.mp3');
  await toneMp3(file, { tag: true });
  const before = await readFile(file);
  const beforeProbe = await probeAudio(file);
  await embedChapters(file, CHAPTERS, 12_000);
  const after = await readFile(file);

  // ffprobe (libavformat's ID3v2 reader) sees the chapters with the same start times.
  const probed = await probeChapters(file);
  t.same(probed, [
    { startMs: 0, endMs: 3250, title: 'Opening' },
    { startMs: 3250, endMs: 7000, title: 'Café au lait' },
    { startMs: 7000, endMs: 12_000, title: '潮汐 & the moon' },
  ]);
  const afterProbe = await probeAudio(file);
  t.equal(afterProbe.tags.title, 'Tides & moons');
  t.equal(afterProbe.tags.artist, 'Castwright');
  t.equal(afterProbe.durationMs, beforeProbe.durationMs, 'the audio is untouched');

  // node-id3 reads the frames back from the bytes.
  const id3 = readId3Chapters(after);
  t.same(id3.chapters, [
    { elementId: 'chp0', startMs: 0, endMs: 3250, title: 'Opening' },
    { elementId: 'chp1', startMs: 3250, endMs: 7000, title: 'Café au lait' },
    { elementId: 'chp2', startMs: 7000, endMs: 12_000, title: '潮汐 & the moon' },
  ]);
  t.same(id3.tableOfContents, [{ elementId: 'toc', ordered: true, topLevel: true, children: ['chp0', 'chp1', 'chp2'] }]);
  t.equal(id3.title, 'Tides & moons');

  const oldTag = id3TagSize(before) ?? 0;
  const newTag = id3TagSize(after) ?? 0;
  t.ok(after.subarray(newTag).equals(before.subarray(oldTag)), 'every audio byte after the tag is the same');
  t.equal(parseId3Tag(after).majorVersion, 3, 'still ID3v2.3, which the most players read');
});

t.test('embedding again replaces the chapters instead of adding more (a retried render)', async (t) => {
  const file = join(t.testdir(), 'episode.mp3');
  await toneMp3(file, { tag: true });
  await embedChapters(file, CHAPTERS, 12_000);
  await embedChapters(file, [{ title: 'Only one', startMs: 0 }], 12_000);
  t.same(await probeChapters(file), [{ startMs: 0, endMs: 12_000, title: 'Only one' }]);
  const frames = parseId3Tag(await readFile(file)).frames.map((frame) => frame.id);
  t.same(frames.filter((id) => id === 'CHAP' || id === 'CTOC'), ['CTOC', 'CHAP']);
  t.ok(frames.includes('TIT2') && frames.includes('TPE1'));
});

t.test('a file without an ID3 tag gets one; out-of-order, repeated and out-of-range starts are tidied', async (t) => {
  const file = join(t.testdir(), 'bare.mp3');
  await toneMp3(file, { tag: false });
  const before = await readFile(file);
  t.equal(id3TagSize(before), undefined);
  await embedChapters(file, [{ title: 'B', startMs: 5000 }, { title: 'A', startMs: 0 }, { title: 'B again', startMs: 5000 }, { title: 'After the end', startMs: 20_000 }], 12_000);
  t.same(await probeChapters(file), [{ startMs: 0, endMs: 5000, title: 'A' }, { startMs: 5000, endMs: 12_000, title: 'B' }]);
  const after = await readFile(file);
  t.ok(after.subarray(id3TagSize(after)).equals(before));
});

t.test('no chapters leaves the file as it was; a tag we cannot read safely is refused, not misread', async (t) => {
  const file = join(t.testdir(), 'episode.mp3');
  await toneMp3(file, { tag: true });
  const before = await readFile(file);
  await embedChapters(file, [], 12_000);
  t.ok((await readFile(file)).equals(before));

  const unsynchronised = Buffer.from(before);
  unsynchronised[5] = 0x80;
  await writeFile(file, unsynchronised);
  await t.rejects(embedChapters(file, CHAPTERS, 12_000), /unsynchronisation/);
  t.ok((await readFile(file)).equals(unsynchronised), 'the file is untouched');
});
