// Chapters as Podcasting 2.0 JSON chapters, from the show notes' chapters: the same
// start times the MP3's ID3 CHAP frames carry.
// https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/examples/chapters/jsonChapters.md
import type { EpisodeRow } from '@castwright/core/db/schema';
import { readShowNotes } from './episode-transcript.ts';

export const CHAPTERS_TYPE = 'application/json+chapters';

export function podcastChapters(episode: EpisodeRow) {
  const notes = readShowNotes(episode);
  return {
    version: '1.2.0' as const,
    title: episode.title,
    chapters: notes.chapters.map((chapter) => ({ startTime: chapter.timestampMs / 1000, title: chapter.title })),
  };
}
