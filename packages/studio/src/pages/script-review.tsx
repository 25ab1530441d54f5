// `/episodes/:id/script`: the script as numbered lines, with the sections (chapters) they
// open. While the episode waits in review_script, a line's text and speaker are saved on
// their own (PATCH …/script/lines/:index, which keeps the line's section); a section
// title changed, a line inserted or removed sends the whole script (PUT …/script) with
// every other line's section kept (script-edits.ts); then the script is approved for
// recording. (Editing a finished episode, with revisions and re-rendering, comes with its
// API: each change here goes through `change`, the one place that writes.)
import { useRoute, useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { LineEditor, lineId, SECTION_HELP_ID } from '../components/line-editor.tsx';
import { ErrorNotice, Loading, DoneNotice } from '../components/notice.tsx';
import { focusSoon } from '../focus.ts';
import { statusLabel } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';
import { asScriptLine, SPEAKERS, withInserted, withLine, withoutLine, type ScriptLine } from '../script-edits.ts';

type Change = { kind: 'save'; index: number; line: ScriptLine } | { kind: 'insert'; after: number; line: ScriptLine } | { kind: 'remove'; index: number };

function ReadOnlyScript({ lines }: { lines: ScriptLine[] }) {
  return (
    <ol class="script readonly">
      {lines.map((line, index) => (
        <li key={index}>
          {line.section && <h2 class="section-heading">{line.section}</h2>}
          <strong>{line.speaker}:</strong> {line.text}
        </li>
      ))}
    </ol>
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
  const lines = (script.data?.lines ?? []).map(asScriptLine);

  const put = async (next: ScriptLine[]) => ok(await api.PUT('/api/episodes/{id}/script', { params: { path: { id } }, body: { lines: next } }));
  const change = useAction(async (edit: Change) => {
    if (edit.kind === 'save') {
      const old = lines[edit.index]?.section;
      // No section field (the line opens none and none was started): the section stays as it is.
      const asked = edit.line.section === undefined ? old : edit.line.section.trim() || undefined;
      const sameSection = asked === old;
      const { speaker, text } = edit.line;
      script.set(sameSection
        ? ok(await api.PATCH('/api/episodes/{id}/script/lines/{index}', { params: { path: { id, index: edit.index } }, body: { text, speaker } }))
        : await put(withLine(lines, edit.index, edit.line)));
      focusSoon(lineId(edit.index, 'save'));
      return `Line ${edit.index + 1} saved.`;
    }
    if (edit.kind === 'insert') {
      script.set(await put(withInserted(lines, edit.after, edit.line)));
      focusSoon(lineId(edit.after + 1, 'text'));
      return `Line ${edit.after + 2} added.`;
    }
    script.set(await put(withoutLine(lines, edit.index)));
    focusSoon(lineId(Math.min(edit.index, lines.length - 2), 'text'));
    return `Line ${edit.index + 1} removed.`;
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
          <p>Change what each host says, or who says it, add or remove lines, and name the sections; then approve the script to have it recorded.</p>
          <p id={SECTION_HELP_ID} class="hint">Each section is a chapter of the episode, starting at the line that carries its title. Empty a title and save the line to join its section to the one before.</p>
          <div class="sticky-actions">
            <button type="button" class="primary" onClick={() => void approve.run()} disabled={approve.busy}>Approve and record</button>
            <ErrorNotice error={approve.error ?? change.error} />
            <DoneNotice message={change.done} />
          </div>
          <ol class="script">
            {lines.map((line, index) => (
              <LineEditor key={`${index}:${line.speaker}:${line.section ?? ''}:${line.text}`} line={line} index={index} speakers={speakers} busy={change.busy}
                onSave={(changed) => void change.run({ kind: 'save', index, line: changed })}
                onInsert={(added) => void change.run({ kind: 'insert', after: index, line: added })}
                onRemove={() => void change.run({ kind: 'remove', index })} />
            ))}
          </ol>
        </>
      )}
      {data && !reviewing && <ReadOnlyScript lines={lines} />}
    </section>
  );
}
