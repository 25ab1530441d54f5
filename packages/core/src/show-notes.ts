// An episode's show notes, as stored in `episodes.show_notes` (jsonb) once it is ready:
// written by the media worker (content/show-notes/build-show-notes.ts builds them from the
// rendered segments) and read by the api (GET …/show-notes, chapters, the feeds).

export interface Chapter {
  title: string;
  /** `MM:SS` from the start (minutes may pass 59), as shown to listeners. */
  timestamp: string;
  timestampMs: number;
}

export interface ShowNotes {
  summary: string;
  keyPoints: string[];
  topics: string[];
  chapters: Chapter[];
}
