// The timed transcript beside the player: the line being heard is highlighted (and kept in
// view), a line's button seeks there, and a search (GET …/transcript/search) marks every
// match in the lines, with a list of matches to jump to.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { clock } from '../format.ts';
import { useAction } from '../hooks.ts';
import { ErrorNotice } from './notice.tsx';

export interface Segment {
  id: string;
  speaker: string;
  /** The host's name, for an episode with named hosts. */
  speakerName?: string;
  text: string;
  startTimeMs: number;
  endTimeMs: number;
}

type Matches = Map<string, number[][]>;

/** The line at `ms`: the last one that started at or before it. */
function currentIndex(segments: Segment[], ms: number): number {
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((segments[middle] as Segment).startTimeMs <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function Marked({ text, positions }: { text: string; positions: number[][] | undefined }) {
  if (!positions?.length) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start = 0, end = 0] of positions) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

export function Transcript(props: { episodeId: string; segments: Segment[]; ms: number; playing: boolean; onSeek: (ms: number) => void }) {
  const { segments, ms } = props;
  const current = currentIndex(segments, ms);
  const list = useRef<HTMLOListElement>(null);
  const [matches, setMatches] = useState<{ query: string; total: number; byLine: Matches; first: { segmentId: string; timestampMs: number; timestamp: string; text: string }[] } | undefined>(undefined);
  useEffect(() => {
    if (!props.playing || current < 0) return;
    const line = list.current?.children[current] as HTMLElement | undefined;
    const box = list.current;
    if (!line || !box) return;
    // Only the transcript box scrolls, and only when the line has left it.
    const top = line.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 3;
  }, [current, props.playing]);
  const search = useAction(async (q: string) => {
    if (!q.trim()) {
      setMatches(undefined);
      return;
    }
    const result = ok(await api.GET('/api/episodes/{id}/transcript/search', { params: { path: { id: props.episodeId }, query: { q } } }));
    setMatches({
      query: result.query,
      total: result.totalMatches,
      byLine: new Map(result.matches.map((match) => [match.segmentId, match.matchPositions])),
      first: result.matches,
    });
    return `${result.totalMatches} ${result.totalMatches === 1 ? 'match' : 'matches'} for “${result.query}”`;
  });
  return (
    <section class="transcript" aria-labelledby="transcript-heading">
      <h2 id="transcript-heading">Transcript</h2>
      <form role="search" class="row" onSubmit={(event) => {
        event.preventDefault();
        void search.run(String(new FormData(event.currentTarget).get('q') ?? ''));
      }}>
        <label for="transcript-search" class="visually-hidden">Search the transcript</label>
        <input id="transcript-search" name="q" type="search" maxLength={200} placeholder="Search the transcript" />
        <button>Search</button>
        {matches && <button type="button" onClick={() => { setMatches(undefined); search.clear(); }}>Clear</button>}
      </form>
      <ErrorNotice error={search.error} />
      <p role="status" class="hint">{matches ? search.done : ''}</p>
      {matches && matches.first.length > 0 && (
        <ul class="matches" aria-label="Matches">
          {matches.first.map((match) => (
            <li key={match.segmentId}>
              <button type="button" class="link" onClick={() => props.onSeek(match.timestampMs)}>{match.timestamp}</button> {match.text.slice(0, 90)}{match.text.length > 90 ? '…' : ''}
            </li>
          ))}
        </ul>
      )}
      <ol class="lines" ref={list} tabIndex={0} aria-label="Transcript lines; choose a line to play from there">
        {segments.map((segment, index) => (
          <li key={segment.id} class={index === current ? 'current' : undefined} aria-current={index === current ? 'true' : undefined} data-start={segment.startTimeMs}>
            <button type="button" class="line" onClick={() => props.onSeek(segment.startTimeMs)} aria-label={`Play from ${clock(segment.startTimeMs / 1000)}, ${segment.speakerName ?? segment.speaker}`}>
              {clock(segment.startTimeMs / 1000)}
            </button>
            <span class="speaker">{segment.speakerName ?? segment.speaker}</span>
            <span class="text"><Marked text={segment.text} positions={matches?.byLine.get(segment.id)} /></span>
          </li>
        ))}
      </ol>
    </section>
  );
}
