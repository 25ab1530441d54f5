// The ID3v2 tag at the front of a chunked episode: title, artist and the chapters
// (CTOC + CHAP, embed-chapters.ts), written by us in one piece since the chunks carry
// no tags of their own. ID3v2.3: the version the widest range of players reads.
import { chapterFrames } from './embed-chapters.ts';
import type { EmbeddedChapter } from './embed-chapters.ts';
import { serializeId3Tag, textFrame } from './id3v2-tag.ts';

export function episodeTag(metadata: { title: string; artist: string }, chapters: readonly EmbeddedChapter[], durationMs: number): Buffer {
  return serializeId3Tag(3, [textFrame(3, 'TIT2', metadata.title), textFrame(3, 'TPE1', metadata.artist), ...chapterFrames(3, chapters, durationMs)]);
}
