// `/episodes/:id/script`: the script of any episode whose script can be edited — in review
// (then approved for recording) or after the audio is made (then recorded again as a new
// revision). Every write sends the script's ETag in If-Match (api/script.ts): a line's text
// and speaker (PATCH), a line inserted anywhere, the first place included (POST), a line
// removed (DELETE; the API hands its section on), a section title (PUT of the whole
// script). A change the script moved under (412) is said in words with a reload
// (script-conflict.tsx). Lines the published audio does not say are marked; "Re-render"
// records them as a new revision while the progress and the lines being voiced are shown;
// the revisions can be restored. A reaction is shown set in under the line it is said under,
// with the word it follows; a cut-in with how early it starts: both change as any line does.
import { useEffect, useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso/router';
import { ok, toStudioError } from '../api/errors.ts';
import { useProgress } from '../api/progress.ts';
import { readScript, scriptState } from '../api/script.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import type { EpisodeDetail, Revision } from '../api/types.ts';
import { LineEditor, lineId, NewLine, SECTION_HELP_ID, type SpeakerOption } from '../components/line-editor.tsx';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { RenderPanel } from '../components/render-panel.tsx';
import { RevisionList } from '../components/revision-list.tsx';
import { ScriptConflict, type Conflict } from '../components/script-conflict.tsx';
import { focusSoon } from '../focus.ts';
import { statusLabel } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';
import { asScriptLine, lineInput, SPEAKERS, unpublishedLines, withLine, type ScriptLine } from '../script-edits.ts';

type Change =
  | { kind: 'save'; index: number; line: ScriptLine }
  | { kind: 'insert'; index: number; line: ScriptLine }
  | { kind: 'remove'; index: number };

/** The episode's hosts as the speaker choice offers them: by name where they have names. */
function speakerOptions(episode: EpisodeDetail | undefined): SpeakerOption[] {
  if (episode?.hosts?.length) return episode.hosts.map((host) => ({ value: host.speaker as SpeakerOption['value'], label: `${host.name} (${host.speaker})` }));
  return SPEAKERS.slice(0, episode?.hostMode === 'single' ? 1 : 2).map((speaker) => ({ value: speaker, label: speaker }));
}

function ReadOnlyScript({ lines, speakers, unpublished }: { lines: ScriptLine[]; speakers: SpeakerOption[]; unpublished: Set<number> }) {
  const name = (speaker: string) => speakers.find((option) => option.value === speaker)?.label ?? speaker;
  return (
    <ol class="script readonly">
      {lines.map((line, index) => (
        <li key={index} class={[unpublished.has(index) ? 'unpublished' : '', line.reaction ? 'reaction' : ''].join(' ').trim() || undefined}>
          {line.section && <h3 class="section-heading">{line.section}</h3>}
          <strong>{name(line.speaker)}{line.reaction ? ', under the line before' : line.overlapMs !== undefined ? ', cutting in' : ''}:</strong> {line.text}
          {unpublished.has(index) && <span class="tag changed">being voiced</span>}
        </li>
      ))}
    </ol>
  );
}

/** The words for a change that was refused, so the person can make it again. */
function refused(edit: Change): Conflict {
  if (edit.kind === 'remove') return { what: `removing line ${edit.index + 1}` };
  const where = edit.kind === 'save' ? `your change to line ${edit.index + 1}` : `the new line at ${edit.index + 1}`;
  return { what: where, text: `${edit.line.speaker}: ${edit.line.text}` };
}

export function ScriptEditor() {
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  const episode = useResource(async () => ok(await api.GET('/api/episodes/{id}', { params: { path: { id } } })).episode, [id]);
  const script = useResource(() => readScript(id), [id]);
  const published = episode.data?.publishedRevision ?? null;
  const revisions = useResource(async () => (published === null ? undefined : ok(await api.GET('/api/episodes/{id}/revisions', { params: { path: { id }, query: { limit: 20 } } }))), [id, published]);
  const [started, setStarted] = useState(false);
  const [finished, setFinished] = useState<number | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined);
  const submission = useSubmission();

  const data = script.data?.view;
  const status = episode.data?.status;
  const rendering = started || status === 'generating_audio';
  const live = useProgress(id, rendering);
  // What the published audio says, read only while the script differs from it (each read counts against the hourly limit).
  const needPublished = published !== null && ((data?.pendingChanges ?? 0) > 0 || rendering);
  const said = useResource(async () => {
    if (!needPublished) return undefined;
    const answer = await api.GET('/api/episodes/{id}/transcript', { params: { path: { id } } });
    return typeof answer.data === 'object' ? answer.data.segments : undefined;
  }, [id, needPublished, published]);
  useEffect(() => {
    if (live?.status !== 'ready' && live?.status !== 'error') return;
    setStarted(false);
    setFinished(revisions.data?.revisions.find((revision) => revision.status === 'rendering')?.revision ?? (published ?? 0) + 1);
    episode.reload();
    script.reload();
    // A published revision changes the episode's, which reads the revisions again; a failed one does not.
    if (live.status === 'error') revisions.reload();
  }, [live?.status]);

  const reviewing = data?.status === 'review_script';
  useTitle(reviewing ? 'Script review' : 'Script');
  const speakers = speakerOptions(episode.data);
  const lines = (data?.lines ?? []).map(asScriptLine);
  const unpublished = said.data ? unpublishedLines(said.data, lines) : new Set<number>();
  const ifMatch = () => ({ 'if-match': script.data?.etag ?? '*' });
  const path = { id };

  const write = async (edit: Change) => {
    if (edit.kind === 'save') {
      const old = lines[edit.index]?.section;
      // No section field (the line opens none and none was started): the section stays as it is.
      const asked = edit.line.section === undefined ? old : edit.line.section.trim() || undefined;
      const { speaker, text, reaction, overlapMs } = lineInput(edit.line);
      return asked === old
        ? api.PATCH('/api/episodes/{id}/script/lines/{index}', {
          params: { path: { id, index: edit.index }, header: ifMatch() },
          body: { text, speaker, ...(reaction ? { reaction } : {}), ...(overlapMs !== undefined ? { overlapMs } : {}) },
        })
        : api.PUT('/api/episodes/{id}/script', { params: { path, header: ifMatch() }, body: { lines: withLine(lines, edit.index, edit.line) } });
    }
    if (edit.kind === 'insert') {
      const { speaker, text } = edit.line;
      return api.POST('/api/episodes/{id}/script/lines', { params: { path, header: ifMatch() }, body: { index: edit.index, speaker, text } });
    }
    return api.DELETE('/api/episodes/{id}/script/lines/{index}', { params: { path: { id, index: edit.index }, header: ifMatch() } });
  };
  const change = useAction(async (edit: Change) => {
    try {
      script.set(scriptState(await write(edit)));
    } catch (failure) {
      if (toStudioError(failure).status !== 412) throw failure;
      setConflict(refused(edit));
      focusSoon('reload-script');
      return;
    }
    setConflict(undefined);
    if (edit.kind === 'save') {
      focusSoon(lineId(edit.index, 'save'));
      return `Line ${edit.index + 1} saved.`;
    }
    if (edit.kind === 'insert') {
      focusSoon(lineId(edit.index, 'text'));
      return `Line ${edit.index + 1} added.`;
    }
    focusSoon(lineId(Math.min(edit.index, lines.length - 2), 'text'));
    return `Line ${edit.index + 1} removed.`;
  });
  // Lines are drawn anew when they change, or when the script is read again on purpose (then unsaved text goes, as the conflict says).
  const [generation, setGeneration] = useState(0);
  const reload = () => {
    script.reload();
    setGeneration((n) => n + 1);
    setConflict((known) => known && { ...known, reloading: true });
    change.clear();
  };
  // Said only once the script as it is now is on the page.
  useEffect(() => {
    if (!script.loading && conflict?.reloading) setConflict({ ...conflict, reloading: false, reloaded: true });
  }, [script.loading]);
  const approve = useAction(async () => {
    ok(await api.POST('/api/episodes/{id}/approve-script', { params: { path } }));
    route(`/episodes/${id}`);
  });
  /** Render or restore: the new revision is followed here. */
  const record = useAction(async (restore?: Revision) => {
    change.clear();
    const request = { restore: restore?.revision, etag: script.data?.etag };
    try {
      await submission.send(request, async (key) => {
        const header = { ...key, ...ifMatch() };
        return restore
          ? ok(await api.POST('/api/episodes/{id}/revisions/{revision}/restore', { params: { path: { id, revision: restore.revision }, header } }))
          : ok(await api.POST('/api/episodes/{id}/render', { params: { path, header } }));
      });
    } catch (failure) {
      if (toStudioError(failure).status !== 412) throw failure;
      setConflict({ what: restore ? `restoring revision ${restore.revision}` : 'the re-render' });
      return;
    }
    setFinished(undefined);
    setStarted(true);
    revisions.reload();
  });

  const [addingFirst, setAddingFirst] = useState(false);
  const busy = change.busy || record.busy;
  return (
    <section class="script-editor">
      <p><a href={`/episodes/${id}`}>Back to the episode</a></p>
      <h1>{reviewing ? 'Script review' : 'Script'}{episode.data ? `: ${episode.data.title}` : ''}</h1>
      <ErrorNotice error={script.error ?? episode.error} />
      {script.loading && !data && <Loading what="the script" />}
      {data && reviewing && <p>Change what each host says, or who says it, add or remove lines, and name the sections; then approve the script to have it recorded.</p>}
      {data && !reviewing && data.editable && <p>Change what each host says, or who says it, add or remove lines and name the sections. Listeners hear the changes once you record them as a new revision.</p>}
      {data && !data.editable && !rendering && <p class="notice">This script cannot be edited now: the episode is {statusLabel(data.status).toLowerCase()}.</p>}
      {data && <p id={SECTION_HELP_ID} class="hint">Each section is a chapter of the episode, starting at the line that carries its title. Empty a title and save the line to join its section to the one before.</p>}
      <div class="sticky-actions">
        {reviewing && data.editable && <button type="button" class="primary" onClick={() => void approve.run()} disabled={approve.busy}>Approve and record</button>}
        {data && !reviewing && published !== null && (
          <RenderPanel published={published} pendingChanges={data.pendingChanges} unpublished={unpublished} rendering={rendering} live={live}
            latest={revisions.data?.revisions[0]} finished={finished} busy={busy} onRender={() => void record.run()} />
        )}
        {conflict && <ScriptConflict conflict={conflict} busy={script.loading || conflict.reloading === true} onReload={reload} onDismiss={() => setConflict(undefined)} />}
        <ErrorNotice error={approve.error ?? change.error ?? record.error} />
        <DoneNotice message={change.done} />
      </div>
      {data?.editable && !rendering && (
        <>
          {addingFirst
            ? <NewLine where="before line 1" idPrefix="line-first" speakers={speakers} busy={busy} onCancel={() => setAddingFirst(false)}
                onAdd={(line) => void change.run({ kind: 'insert', index: 0, line }).then((done) => done && setAddingFirst(false))} />
            : <button type="button" class="link" onClick={() => { setAddingFirst(true); focusSoon('line-first-new-text'); }}>Insert a line before line 1</button>}
          <ol class="script">
            {lines.map((line, index) => (
              <LineEditor key={`${generation}:${index}:${line.speaker}:${line.section ?? ''}:${line.reaction?.afterWord ?? ''}:${line.overlapMs ?? ''}:${line.text}`} line={line} index={index} speakers={speakers} busy={busy}
                hostText={line.reaction ? lines[line.reaction.under ?? index - 1]?.text : undefined}
                unpublished={unpublished.has(index) ? `Not in revision ${published} yet` : undefined}
                onSave={(changed) => void change.run({ kind: 'save', index, line: changed })}
                onInsert={(added) => void change.run({ kind: 'insert', index: index + 1, line: added })}
                onRemove={() => void change.run({ kind: 'remove', index })} />
            ))}
          </ol>
        </>
      )}
      {data && (!data.editable || rendering) && <ReadOnlyScript lines={lines} speakers={speakers} unpublished={rendering ? unpublished : new Set()} />}
      {revisions.data && revisions.data.revisions.length > 0 && (
        <RevisionList revisions={revisions.data.revisions} pendingChanges={data?.pendingChanges ?? null} busy={busy || rendering} onRestore={(revision) => void record.run(revision)} />
      )}
    </section>
  );
}
