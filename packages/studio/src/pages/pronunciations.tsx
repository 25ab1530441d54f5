// `/pronunciations`: the account's pronunciation lexicon. Every entry (term, respelling,
// IPA, capitalisation) with the bound, a filter, a new entry, a change made in the entry's
// own row, and a deletion that can be undone. The list is kept here after each change (no
// reload: every request counts against the hourly limit). A term the lexicon already has
// (409) offers that entry to change instead. Each entry can be heard in a voice chosen from
// the catalog (GET /api/pronunciations/:id/sample, made by a media worker on first asking).
import { useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { focusSoon } from '../focus.ts';
import type { Pronunciation } from '../api/types.ts';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { changedEntryBody, newEntryBody, PronunciationFields, readEntry } from '../components/pronunciation-fields.tsx';
import { SamplePlayer, useSamplePlayer } from '../components/sample-player.tsx';
import { useSubmission } from '../api/submission-key.ts';
import { engineLabel } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

const byTerm = (a: Pronunciation, b: Pronunciation) => a.term.localeCompare(b.term, undefined, { sensitivity: 'base' }) || a.term.localeCompare(b.term);

/** The voice a sample is said in when the catalog has not answered: the built-in voice (the API's default). */
const DEFAULT_VOICE = 'offline:slt';

function EntryRow({ entry, onEdit, onDelete, onListen, busy }: { entry: Pronunciation; onEdit: () => void; onDelete: () => void; onListen: () => void; busy: boolean }) {
  return (
    <tr>
      <th scope="row">{entry.term}</th>
      <td>{entry.sayAs ?? <span class="hint">—</span>}</td>
      <td class="ipa">{entry.ipa ?? <span class="hint">—</span>}</td>
      <td>{entry.caseSensitive ? 'Exactly as written' : 'Any'}</td>
      <td class="actions">
        <button type="button" onClick={onListen} aria-label={`Listen to ${entry.term}`}>Listen</button>
        <button type="button" id={`edit-${entry.id}`} onClick={onEdit} aria-label={`Change ${entry.term}`}>Change</button>
        <button type="button" class="danger" onClick={onDelete} disabled={busy} aria-label={`Delete ${entry.term}`}>Delete</button>
      </td>
    </tr>
  );
}

function EditRow({ entry, onSaved, onCancel }: { entry: Pronunciation; onSaved: (entry: Pronunciation) => void; onCancel: () => void }) {
  const save = useAction(async (form: HTMLFormElement) => {
    const body = changedEntryBody(entry, readEntry(form));
    if (Object.keys(body).length === 0) return onCancel();
    onSaved(ok(await api.PUT('/api/pronunciations/{id}', { params: { path: { id: entry.id } }, body })).pronunciation);
  });
  return (
    <tr class="editing">
      <td colSpan={5}>
        <form aria-label={`Change the entry for ${entry.term}`} onSubmit={(event) => { event.preventDefault(); void save.run(event.currentTarget); }}
          onKeyDown={(event) => { if (event.key === 'Escape') onCancel(); }}>
          <PronunciationFields prefix={`entry-${entry.id}`} entry={entry} />
          <ErrorNotice error={save.error} />
          <div class="row">
            <button class="primary" disabled={save.busy}>Save</button>
            <button type="button" onClick={onCancel}>Cancel</button>
          </div>
        </form>
      </td>
    </tr>
  );
}

export function Pronunciations() {
  useTitle('Pronunciation');
  const lexicon = useResource(async () => ok(await api.GET('/api/pronunciations')), []);
  // The voices to listen with: only those a media worker can speak now.
  const catalog = useResource(async () => ok(await api.GET('/api/voices')).voices.filter((voice) => voice.available), []);
  const [voice, setVoice] = useState(DEFAULT_VOICE);
  const player = useSamplePlayer();
  const listen = (entry: Pronunciation) => {
    const name = catalog.data?.find((candidate) => candidate.id === voice)?.name ?? voice;
    player.play(`${entry.sampleUrl}?voice=${encodeURIComponent(voice)}`, `${entry.term}, said by ${name}`, entry.updatedAt);
  };
  const submission = useSubmission();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [deleted, setDeleted] = useState<Pronunciation | undefined>(undefined);
  const data = lexicon.data;
  const entries = data?.pronunciations ?? [];
  // A change made before the list arrived reads the list again (the read under way may not hold it).
  const store = (next: Pronunciation[]) => (data ? lexicon.set({ ...data, pronunciations: [...next].sort(byTerm), count: next.length }) : lexicon.reload());
  const startEditing = (id: string) => {
    setEditing(id);
    focusSoon(`entry-${id}-term`);
  };
  const stopEditing = (id: string) => {
    setEditing(undefined);
    focusSoon(`edit-${id}`);
  };

  const create = useAction(async (form: HTMLFormElement) => {
    const body = newEntryBody(readEntry(form));
    const created = await submission.send(body, async (header) => ok(await api.POST('/api/pronunciations', { params: { header }, body })).pronunciation);
    store([...entries, created]);
    form.reset();
    setDeleted(undefined);
    return `Added ${created.term}.`;
  });
  const remove = useAction(async (entry: Pronunciation) => {
    ok(await api.DELETE('/api/pronunciations/{id}', { params: { path: { id: entry.id } } }));
    store(entries.filter((other) => other.id !== entry.id));
    setDeleted(entry);
    focusSoon('undo-delete');
  });
  const undo = useAction(async (entry: Pronunciation) => {
    const { term, sayAs, ipa, caseSensitive } = entry;
    const restored = ok(await api.POST('/api/pronunciations', { body: { term, sayAs, ipa, caseSensitive } })).pronunciation;
    store([...entries, restored]);
    setDeleted(undefined);
    focusSoon(`edit-${restored.id}`);
    return `${restored.term} is back.`;
  });
  // A 409 for a term the lexicon has names that entry (`existing`): offer the entry itself.
  const existing = create.error?.existingId ? entries.find((entry) => entry.id === create.error?.existingId) : undefined;

  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? entries.filter((entry) => [entry.term, entry.sayAs ?? '', entry.ipa ?? ''].some((text) => text.toLowerCase().includes(wanted))) : entries;
  const full = data !== undefined && entries.length >= data.maxEntries;
  return (
    <section class="lexicon">
      <h1>Pronunciation</h1>
      <p>Names, acronyms and jargon the voices say wrong are put right here, once, for every episode. An entry applies wherever its term stands as a whole word; the script, transcript and show notes keep the words as written.</p>
      <p class="hint">An episode says the entries as they were when its recording started; episodes already recorded keep their audio. Listen to an entry to hear how a voice says it: Kokoro voices say the IPA, the others the respelling.</p>
      <ErrorNotice error={lexicon.error} />
      {lexicon.loading && !data && <Loading what="your pronunciation entries" />}

      <form class="card" aria-labelledby="new-entry-heading" onSubmit={(event) => { event.preventDefault(); void create.run(event.currentTarget); }}>
        <h2 id="new-entry-heading">New entry</h2>
        <PronunciationFields prefix="new" />
        <ErrorNotice error={create.error} />
        {existing && (
          <p><button type="button" onClick={() => { setFilter(''); create.clear(); startEditing(existing.id); }}>Change the entry for {existing.term}</button></p>
        )}
        {full && <p class="notice">The lexicon holds its most, {data.maxEntries} entries: delete one to add another.</p>}
        <DoneNotice message={create.done} />
        <button class="primary" disabled={create.busy || full}>Add entry</button>
      </form>

      {data && (
        <section aria-labelledby="entries-heading">
          <h2 id="entries-heading">Entries <span class="hint">{entries.length} of at most {data.maxEntries}</span></h2>
          {deleted && (
            <div class="notice done row" role="status">
              <span>Deleted {deleted.term}.</span>
              <button type="button" id="undo-delete" onClick={() => void undo.run(deleted)} disabled={undo.busy}>Undo</button>
            </div>
          )}
          <ErrorNotice error={remove.error ?? undo.error} />
          <DoneNotice message={undo.done} />
          {entries.length === 0 && <p>No entries yet. Add a term above and every episode after it says it your way.</p>}
          {entries.length > 0 && (
            <>
              <div class="row lexicon-tools">
                <label for="lexicon-filter">Find an entry</label>
                <input id="lexicon-filter" type="search" class="fit" value={filter} onInput={(event) => setFilter(event.currentTarget.value)} aria-describedby="lexicon-shown" />
                <span id="lexicon-shown" class="hint" role="status">{wanted ? `${shown.length} of ${entries.length} shown` : ''}</span>
                <label for="listen-voice">Listen with</label>
                <select id="listen-voice" class="fit" value={voice} onChange={(event) => setVoice(event.currentTarget.value)}>
                  {(catalog.data ?? []).some((candidate) => candidate.id === DEFAULT_VOICE) ? null : <option value={DEFAULT_VOICE}>The built-in voice</option>}
                  {(catalog.data ?? []).map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.name} ({engineLabel(candidate.engine)}, {candidate.language})</option>)}
                </select>
              </div>
              <SamplePlayer player={player} />
              <table class="list entries">
                <caption class="visually-hidden">Your pronunciation entries, by term</caption>
                <thead><tr><th scope="col">Term</th><th scope="col">Say it as</th><th scope="col">IPA</th><th scope="col">Capitalisation</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  {shown.map((entry) => editing === entry.id
                    ? <EditRow key={entry.id} entry={entry} onCancel={() => stopEditing(entry.id)} onSaved={(saved) => { store(entries.map((other) => (other.id === saved.id ? saved : other))); stopEditing(saved.id); }} />
                    : <EntryRow key={entry.id} entry={entry} busy={remove.busy} onEdit={() => startEditing(entry.id)} onDelete={() => void remove.run(entry)} onListen={() => listen(entry)} />)}
                </tbody>
              </table>
            </>
          )}
        </section>
      )}
    </section>
  );
}
