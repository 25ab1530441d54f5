// An episode's timed transcript, its search, and its show notes, for a reader already
// allowed to read the episode (see readable-episode.ts).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { storedLanguage } from '@castwright/core/languages';
import { selectTranscript } from '@castwright/core/repositories/episodes';
import { hostNames } from '@castwright/core/voices/episode-hosts';
import type { ShowNotes } from '@castwright/core/show-notes';
import { searchTranscript } from '@castwright/content/search/transcript-search';
import { toPodcastTranscript, toSrt, toWebVtt, TRANSCRIPT_TYPES } from './transcript-formats.ts';
import { transcriptView } from './transcript-view.ts';

export type TranscriptFormat = 'json' | 'vtt' | 'srt' | 'podcast-json';

/**
 * The transcript as a body and its content type: `json` is the interface's Transcript
 * object (serialised by the route's schema), the others are files for players and apps.
 */
export async function readTranscript(db: Db, episode: EpisodeRow, format: TranscriptFormat = 'json') {
  const rows = await selectTranscript(db, episode.id);
  // Named hosts are named in every format; the files show the name where the label would be.
  const names = hostNames(episode.hosts);
  const named = names ? rows.map((row) => ({ ...row, speaker: names[row.speaker] ?? row.speaker })) : rows;
  // Every format says its language: the JSON and WebVTT in the body, all of them in Content-Language.
  const language = storedLanguage(episode.language);
  switch (format) {
    case 'json':
      return { contentType: 'application/json; charset=utf-8', language, body: { ...transcriptView(episode.id, rows, names), language } };
    case 'vtt':
      return { contentType: TRANSCRIPT_TYPES.vtt, language, body: toWebVtt(named, language) };
    case 'srt':
      return { contentType: TRANSCRIPT_TYPES.srt, language, body: toSrt(named) };
    case 'podcast-json':
      return { contentType: TRANSCRIPT_TYPES.podcastJson, language, body: JSON.stringify(toPodcastTranscript(named)) };
  }
}

/** Matches in the episode's language (content/search/transcript-search.ts); before the episode is ready the transcript is empty, so there are none. */
export async function searchEpisodeTranscript(db: Db, episode: EpisodeRow, query: string) {
  const rows = await selectTranscript(db, episode.id);
  const { matches, totalMatches } = searchTranscript(
    rows.map((row) => ({ id: row.id, speaker: row.speaker, text: row.text, startTimeMs: row.start_ms })),
    query,
    storedLanguage(episode.language),
  );
  return { episodeId: episode.id, query, matches, totalMatches };
}

/**
 * Show notes are made when the episode becomes ready and replaced when a new revision is
 * published (the published ones are served while it renders); before that, or after a
 * failed first render, they are a 409.
 */
export function readShowNotes(episode: EpisodeRow): ShowNotes & { episodeId: string } {
  const notes = episode.show_notes;
  if (!episode.audio_key || !notes) {
    throw new AppError('conflict', `Show notes are available once the episode is ready (it is ${episode.status})`);
  }
  return { episodeId: episode.id, summary: notes.summary, keyPoints: notes.keyPoints, topics: notes.topics, chapters: notes.chapters };
}
