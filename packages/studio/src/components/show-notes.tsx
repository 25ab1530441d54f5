// Chapters (each a button that plays from its start) and the show notes.

export interface ShowNotesData {
  summary: string;
  keyPoints: string[];
  topics: string[];
  chapters: { title: string; timestamp: string; timestampMs: number }[];
}

export function Chapters({ chapters, current, onSeek }: { chapters: ShowNotesData['chapters']; current: number; onSeek: (ms: number) => void }) {
  if (chapters.length === 0) return null;
  let playing = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.timestampMs <= current) playing = index;
  });
  return (
    <section aria-labelledby="chapters-heading">
      <h2 id="chapters-heading">Chapters</h2>
      <ol class="chapters">
        {chapters.map((chapter, index) => (
          <li key={chapter.timestampMs} aria-current={index === playing ? 'true' : undefined}>
            <button type="button" class="link" onClick={() => onSeek(chapter.timestampMs)}>
              <span class="time">{chapter.timestamp}</span> {chapter.title}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ShowNotes({ notes }: { notes: ShowNotesData }) {
  return (
    <section aria-labelledby="notes-heading">
      <h2 id="notes-heading">Show notes</h2>
      {notes.summary && <p>{notes.summary}</p>}
      {notes.keyPoints.length > 0 && (
        <>
          <h3>Key points</h3>
          <ul>{notes.keyPoints.map((point) => <li key={point}>{point}</li>)}</ul>
        </>
      )}
      {notes.topics.length > 0 && (
        <p class="topics"><span class="visually-hidden">Topics: </span>{notes.topics.map((topic) => <span key={topic} class="tag">{topic}</span>)}</p>
      )}
    </section>
  );
}
