// Puts an episode's chapters into its MP3 as ID3v2 CHAP frames under a top-level,
// ordered CTOC table, so players that read embedded chapters (Apple Podcasts, Pocket
// Casts, Overcast, VLC…) show them without fetching anything. Written here rather than
// by ffmpeg's muxer: the bundled ffmpeg writes CHAP frames but no CTOC, and this way
// the result does not depend on which build FFMPEG_PATH points at. The tag's other
// frames (title, artist…) and every audio byte are kept; the file is replaced whole,
// through a temporary file, so a crash never leaves half of one.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { chapterFrame, ID3_HEADER_BYTES, id3TagSize, parseId3Tag, serializeId3Tag, tableOfContentsFrame } from './id3v2-tag.ts';
import type { Id3Frame } from './id3v2-tag.ts';

export interface EmbeddedChapter {
  title: string;
  /** Where the chapter starts, in milliseconds from the start of the audio. */
  startMs: number;
}

/**
 * Chapters in order with their end times (each ends where the next starts, the last at
 * the end of the audio). Starts outside the audio or repeated are dropped.
 */
function timedChapters(chapters: readonly EmbeddedChapter[], durationMs: number) {
  const end = Math.round(durationMs);
  const starts = [...chapters]
    .map((chapter) => ({ title: chapter.title, startMs: Math.round(chapter.startMs) }))
    .filter((chapter) => chapter.startMs >= 0 && chapter.startMs < end)
    .sort((a, b) => a.startMs - b.startMs)
    .filter((chapter, index, sorted) => index === 0 || chapter.startMs > (sorted[index - 1]?.startMs ?? -1));
  return starts.map((chapter, index) => ({
    elementId: `chp${index}`,
    title: chapter.title,
    startMs: chapter.startMs,
    endMs: starts[index + 1]?.startMs ?? end,
  }));
}

/** The CTOC and CHAP frames for `chapters` (none when no chapter starts inside the audio). */
export function chapterFrames(majorVersion: 3 | 4, chapters: readonly EmbeddedChapter[], durationMs: number): Id3Frame[] {
  const timed = timedChapters(chapters, durationMs);
  if (timed.length === 0) return [];
  return [
    tableOfContentsFrame(majorVersion, 'toc', timed.map((chapter) => chapter.elementId)),
    ...timed.map((chapter) => chapterFrame(majorVersion, chapter)),
  ];
}

async function readTagBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(ID3_HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, ID3_HEADER_BYTES, 0);
    const size = id3TagSize(header.subarray(0, bytesRead));
    if (size === undefined) return header.subarray(0, bytesRead);
    const tag = Buffer.alloc(size);
    await handle.read(tag, 0, size, 0);
    return tag;
  } finally {
    await handle.close();
  }
}

/** Rewrites `file` with the chapters; any CHAP/CTOC frames it had are replaced, so running it twice is harmless. */
export async function embedChapters(file: string, chapters: readonly EmbeddedChapter[], durationMs: number): Promise<void> {
  if (timedChapters(chapters, durationMs).length === 0) return;
  const tag = parseId3Tag(await readTagBytes(file));
  const kept = tag.frames.filter((frame) => frame.id !== 'CHAP' && frame.id !== 'CTOC');
  const newTag = serializeId3Tag(tag.majorVersion, [...kept, ...chapterFrames(tag.majorVersion, chapters, durationMs)]);
  const temporary = `${file}.chapters.partial`;
  try {
    const output = createWriteStream(temporary);
    output.write(newTag);
    await pipeline(createReadStream(file, { start: tag.tagBytes }), output);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
