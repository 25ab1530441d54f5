// `/episodes/:id/script`: the script as numbered lines. While the episode waits in
// review_script, each line's text and speaker can be changed (PATCH …/script/lines/:index),
// a line removed (PUT …/script with the rest), and the script approved for recording.
// (Editing a finished episode, with revisions and re-rendering, is a later page.)
import { useRoute, useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { Choice } from '../components/choice.tsx';
import { ErrorNotice, Loading, DoneNotice } from '../components/notice.tsx';
import { statusLabel } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

const SPEAKERS = ['Host 1', 'Host 2'] as const;
type Speaker = (typeof SPEAKERS)[number];
interface Line {
  index: number;
  speaker: string;
  text: string;
}

function LineEditor({ line, speakers, onSave, onRemove, busy }: { line: Line; speakers: readonly Speaker[]; onSave: (line: Line) => void; onRemove: () => void; busy: boolean }) {
  const id = `line-${line.index}`;
  return (
    <li>
      <form class="line-editor" aria-label={`Line ${line.index + 1}`} onSubmit={(event) => {
        event.preventDefault();
        const values = new FormData(event.currentTarget);
        onSave({ index: line.index, speaker: String(values.get('speaker')), text: String(values.get('text')) });
      }}>
        <span class="number" aria-hidden="true">{line.index + 1}</span>
        <label for={`${id}-speaker`} class="visually-hidden">Speaker of line {line.index + 1}</label>
        <Choice id={`${id}-speaker`} name="speaker" initial={line.speaker} options={speakers.map((speaker) => [speaker, speaker] as const)} />
        <label for={`${id}-text`} class="visually-hidden">Text of line {line.index + 1}</label>
        <textarea id={`${id}-text`} name="text" rows={3} required maxLength={4000} defaultValue={line.text} />
        <div class="row">
          <button disabled={busy}>Save line {line.index + 1}</button>
          <button type="button" class="link" disabled={busy} onClick={onRemove}>Remove</button>
        </div>
      </form>
    </li>
  );
}

export function ScriptReview() {
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  useTitle('Script review');
  const script = useResource(async () => ok(await api.GET('/api/episodes/{id}/script', { params: { path: { id } } })), [id]);
  const episode = useResource(async () => ok(await api.GET('/api/episodes/{id}', { params: { path: { id } } })).episode, [id]);
  // A second speaker only for two-host episodes (the API refuses `Host 2` otherwise).
  const speakers = episode.data?.hostMode === 'single' ? SPEAKERS.slice(0, 1) : SPEAKERS;
  const save = useAction(async (line: Line) => {
    script.set(ok(await api.PATCH('/api/episodes/{id}/script/lines/{index}', { params: { path: { id, index: line.index } }, body: { text: line.text, speaker: line.speaker as Speaker } })));
    return `Line ${line.index + 1} saved.`;
  });
  const remove = useAction(async (index: number) => {
    const lines = (script.data?.lines ?? []).filter((line) => line.index !== index).map(({ speaker, text }) => ({ speaker: speaker as Speaker, text }));
    script.set(ok(await api.PUT('/api/episodes/{id}/script', { params: { path: { id } }, body: { lines } })));
    return `Line ${index + 1} removed.`;
  });
  const approve = useAction(async () => {
    ok(await api.POST('/api/episodes/{id}/approve-script', { params: { path: { id } } }));
    route(`/episodes/${id}`);
  });
  const data = script.data;
  // This page is the review: a ready episode's script is editable too (the API's `editable`),
  // but it is rendered again, not approved, which is the later editing page's job.
  const reviewing = data?.status === 'review_script' && data.editable;
  return (
    <section>
      <p><a href={`/episodes/${id}`}>Back to the episode</a></p>
      <h1>Script review{episode.data ? `: ${episode.data.title}` : ''}</h1>
      <ErrorNotice error={script.error} />
      {script.loading && !data && <Loading what="the script" />}
      {data && !reviewing && <p class="notice">This script can no longer be edited here: the episode is {statusLabel(data.status).toLowerCase()}.</p>}
      {data && reviewing && (
        <>
          <p>Change what each host says, or who says it, then approve the script to have it recorded.</p>
          <div class="sticky-actions">
            <button type="button" class="primary" onClick={() => void approve.run()} disabled={approve.busy}>Approve and record</button>
            <ErrorNotice error={approve.error ?? save.error ?? remove.error} />
            <DoneNotice message={save.done ?? remove.done} />
          </div>
          <ol class="script" key={data.lines.length}>
            {data.lines.map((line) => (
              <LineEditor key={`${line.index}:${line.speaker}:${line.text}`} line={line} speakers={speakers} busy={save.busy || remove.busy} onSave={(changed) => void save.run(changed)} onRemove={() => void remove.run(line.index)} />
            ))}
          </ol>
        </>
      )}
      {data && !reviewing && (
        <ol class="script readonly">
          {data.lines.map((line) => <li key={line.index}><strong>{line.speaker}:</strong> {line.text}</li>)}
        </ol>
      )}
    </section>
  );
}
