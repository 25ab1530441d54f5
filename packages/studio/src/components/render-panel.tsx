// Recording an edited script again: how far the script has moved from the published
// revision, the button that starts the new revision, and while it records, its progress
// and which lines are being voiced (only the changed ones: the others are reused from the
// episode's store of voiced lines). Afterwards, what the new revision voiced and reused,
// or why it failed.
import type { ProgressEvent } from '@castwright/client/api-client';
import { lineNumbers } from '../api/script.ts';
import type { Revision } from '../api/types.ts';
import { spokenDuration } from '../format.ts';
import { ProgressBar } from './progress-bar.tsx';

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

export function RenderPanel(props: {
  published: number | null;
  pendingChanges: number | null;
  /** The lines the published audio does not say, as far as the page knows. */
  unpublished: Set<number>;
  rendering: boolean;
  live: ProgressEvent | undefined;
  latest: Revision | undefined;
  /** The revision this visit recorded, once it is done. */
  finished: number | undefined;
  busy: boolean;
  onRender: () => void;
}) {
  const { published, pendingChanges, latest } = props;
  if (props.rendering) {
    const changed = latest?.status === 'rendering' ? latest.linesChanged : pendingChanges;
    const which = props.unpublished.size > 0 ? ` (${lineNumbers(props.unpublished)})` : '';
    return (
      <div class="render-panel" aria-labelledby="render-heading">
        <h2 id="render-heading">Recording{latest?.status === 'rendering' ? ` revision ${latest.revision}` : ''}</h2>
        <ProgressBar percent={props.live?.progressPercent ?? 70} status={props.live?.status ?? 'generating_audio'} label="Progress of this recording" />
        <p role="status">Voicing only the {lines(changed ?? 0)} that changed{which}; every other line is reused. {published ? `Revision ${published} keeps playing until this one is ready.` : ''}</p>
      </div>
    );
  }
  return (
    <div class="render-panel" aria-labelledby="render-heading">
      <h2 id="render-heading" class="visually-hidden">Recording</h2>
      {latest?.status === 'failed' && (
        <p class="notice error" role="alert">Revision {latest.revision} could not be recorded: {latest.error ?? 'an unknown error'}. {published ? `Revision ${published} is still the one published.` : ''} Recording again voices nothing twice.</p>
      )}
      {props.finished !== undefined && latest?.revision === props.finished && latest.status === 'published' && (
        <p class="notice done" role="status">
          Revision {latest.revision} is published: {lines(latest.linesRendered ?? 0)} voiced, {lines(latest.linesReused ?? 0)} reused, {spokenDuration(latest.audioDuration)} long.
        </p>
      )}
      {pendingChanges !== null && pendingChanges > 0 ? (
        <div class="row">
          <p>{lines(pendingChanges)} changed since revision {published} was published (marked below). Listeners hear nothing of it until you record it.</p>
          <button type="button" class="primary" onClick={props.onRender} disabled={props.busy}>Re-render</button>
        </div>
      ) : pendingChanges === 0 ? <p class="hint">The script is as revision {published} says it.</p> : null}
    </div>
  );
}
