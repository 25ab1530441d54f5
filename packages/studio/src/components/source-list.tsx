// Several sources for one episode in one form: web addresses, pasted texts and documents,
// each a row that can be removed, in the order they will be read. On submission each file
// is stored with POST /api/documents (its Idempotency-Key derived from the submission's,
// so a person's retry stores it once), then the episode is created with `sources`.
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';

type Kind = 'url' | 'text' | 'file';
const KIND_LABELS: Record<Kind, string> = { url: 'Web page', text: 'Text', file: 'Document' };
const ADD_LABELS: Record<Kind, string> = { url: 'Add a web page', text: 'Add a text', file: 'Add a document' };

interface Row {
  id: number;
  kind: Kind;
}

/** A source as the form holds it, before its file (if any) is stored. */
export type FormSource = { url: string } | { content: string } | { file: File };

let nextRow = 0;
const row = (kind: Kind): Row => ({ id: (nextRow += 1), kind });

export function SourceList({ rows, onRows }: { rows: Row[]; onRows: (rows: Row[]) => void }) {
  return (
    <div class="source-list">
      <ol>
        {rows.map((entry, index) => {
          const id = `source-${entry.id}`;
          const label = `${KIND_LABELS[entry.kind]} (source ${index + 1})`;
          return (
            <li key={entry.id} class="source-row">
              <label for={id}>{label}</label>
              {entry.kind === 'url' && <input id={id} name={id} type="url" required placeholder="https://…" />}
              {entry.kind === 'text' && <textarea id={id} name={id} rows={4} required maxLength={200_000} placeholder="Paste an article, notes or a chapter…" />}
              {entry.kind === 'file' && <input id={id} name={id} type="file" required accept=".pdf,.docx,.doc,.txt,.md,application/pdf,text/plain,text/markdown" />}
              <button type="button" class="link" disabled={rows.length === 1} aria-label={`Remove ${label}`} onClick={() => onRows(rows.filter((other) => other.id !== entry.id))}>Remove</button>
            </li>
          );
        })}
      </ol>
      <div class="row">
        {(Object.keys(ADD_LABELS) as Kind[]).map((kind) => (
          <button key={kind} type="button" onClick={() => onRows([...rows, row(kind)])}>{ADD_LABELS[kind]}</button>
        ))}
      </div>
      <p class="hint">Castwright reads every source, finds what they share and compares what each says; the hosts say where each point comes from. The same address or text given twice counts once.</p>
    </div>
  );
}

/** The rows a new list starts with: a web page and a text. */
export const initialRows = (): Row[] => [row('url'), row('text')];

/** What the rows hold, in order. */
export function readSources(rows: readonly Row[], values: FormData): FormSource[] {
  return rows.map((entry) => {
    const value = values.get(`source-${entry.id}`);
    if (entry.kind === 'file') return { file: value as File };
    return entry.kind === 'url' ? { url: String(value ?? '') } : { content: String(value ?? '') };
  });
}

/** Stores each file as a document (with a key derived from the submission's) and answers the sources POST /api/episodes takes. */
export async function storedSources(sources: readonly FormSource[], key: string) {
  const stored = [];
  for (const [index, source] of sources.entries()) {
    if (!('file' in source)) {
      stored.push(source);
      continue;
    }
    const form = new FormData();
    form.set('file', source.file);
    const answer = ok(await api.POST('/api/documents', { params: { header: { 'idempotency-key': `${key}-document-${index}` } }, body: form as never }));
    stored.push({ documentId: answer.document.id });
  }
  return stored;
}
