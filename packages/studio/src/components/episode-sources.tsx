// What an episode is made from: its sources in order, how each was read (a failed one
// with its reason, one the length could not hold said so) and, once the audio is there,
// the moments each is discussed, each a button that plays from there.
import type { EpisodeDetail } from '../api/types.ts';
import { languageName } from '../format.ts';

type Source = EpisodeDetail['sources'][number];
export type SourceMoments = { index: number; timestamps: { timestamp: string; timestampMs: number }[] }[];

const KIND_LABELS: Record<Source['kind'], string> = { url: 'Web page', text: 'Text', document: 'Document', upload: 'Document' };
const STATUS_LABELS: Record<Source['status'], string> = { pending: 'Not read yet', read: 'Read', failed: 'Could not be read', left_out: 'Left out' };

export function EpisodeSources({ sources, moments, onSeek }: { sources: Source[]; moments?: SourceMoments | undefined; onSeek?: (ms: number) => void }) {
  // An episode of one typed text says nothing a listener needs (unless it could not be read).
  if (sources.length === 0 || (sources.length === 1 && sources[0]?.kind === 'text' && sources[0].status !== 'failed')) return null;
  return (
    <section aria-labelledby="sources-heading" class="episode-sources">
      <h2 id="sources-heading">Sources</h2>
      <ol>
        {sources.map((source) => {
          const times = moments?.find((entry) => entry.index === source.index)?.timestamps ?? [];
          return (
            <li key={source.index}>
              <p class="source-title">
                {source.url ? <a href={source.url} rel="noopener noreferrer" target="_blank">{source.title}</a> : <span>{source.title}</span>}
              </p>
              <p class="meta">
                <span>{KIND_LABELS[source.kind]}</span>
                {source.status !== 'read' && <span class={`source-status source-${source.status}`}>{STATUS_LABELS[source.status]}</span>}
                {source.language && <span>{languageName(source.language)}</span>}
              </p>
              {source.error && <p class="notice error">{source.error}</p>}
              {source.note && <p class="hint">{source.note}</p>}
              {times.length > 0 && onSeek && (
                <p class="moments">
                  <span class="visually-hidden">Discussed at </span>
                  {times.map((moment) => (
                    <button key={moment.timestampMs} type="button" class="link time"
                      aria-label={`Play from ${moment.timestamp}, where ${source.title} is discussed`} onClick={() => onSeek(moment.timestampMs)}>{moment.timestamp}</button>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
