// `/episodes/new`: an episode from text, a web address, a document, or several sources
// woven into one (addresses, pasted texts and documents in one list), with every option
// the API takes: a preset or minutes, the language (or detect it), the hosts and voices
// (one or two hosts, or named hosts with voices from the catalog, those of the language
// offered first), the format and the reactions, the engine and "review the script first" (text and web pages; the
// upload takes neither). Each group of options is its own component that reads its part
// of the form. One Idempotency-Key per submission: a person's retry after a lost answer makes
// one episode. A length or preset beyond the tier, a spent quota or a file above the
// tier's limit come back from the API in words. In a show (`?show=` picks it), the show's
// length, language and voices apply unless the person sets them for this episode.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission, type Submission } from '../api/submission-key.ts';
import { LanguageFields, readLanguage, type EpisodeLanguage } from '../components/language-fields.tsx';
import { LengthFields, readLength } from '../components/length-fields.tsx';
import { initialRows, readSources, SourceList, storedSources } from '../components/source-list.tsx';
import { FormatFields, readFormat } from '../components/format-fields.tsx';
import { ErrorNotice } from '../components/notice.tsx';
import { ShowChoice } from '../components/show-choice.tsx';
import { readVoices, VoiceFields } from '../components/voice-fields.tsx';
import { useAction, useSession, useTitle } from '../hooks.ts';

type Source = 'text' | 'url' | 'upload' | 'sources';
const SOURCE_LABELS: Record<Source, string> = { text: 'Text', url: 'Web page', upload: 'Document', sources: 'Several sources' };
type Rows = ReturnType<typeof initialRows>;
/** The show the episode is made in ('' for none), and whether its own length, language and voices are set here. */
type ShowPick = { showId: string; own: boolean };

function SourceFields({ source, onSource, rows, onRows }: { source: Source; onSource: (source: Source) => void; rows: Rows; onRows: (rows: Rows) => void }) {
  return (
    <fieldset>
      <legend>Make it from</legend>
      <div class="segmented">
        {(Object.keys(SOURCE_LABELS) as Source[]).map((kind) => (
          <label key={kind}>
            <input type="radio" name="source" value={kind} checked={source === kind} onChange={() => onSource(kind)} />
            {SOURCE_LABELS[kind]}
          </label>
        ))}
      </div>
      {source === 'text' && (
        <>
          <label for="content">Your text</label>
          <textarea id="content" name="content" rows={10} required maxLength={500_000} placeholder="Paste an article, notes or a chapter…" />
        </>
      )}
      {source === 'url' && (
        <>
          <label for="url">Address of the web page</label>
          <input id="url" name="url" type="url" required placeholder="https://…" />
        </>
      )}
      {source === 'upload' && (
        <>
          <label for="file">Document (PDF, DOCX, DOC, TXT or Markdown)</label>
          <input id="file" name="file" type="file" required accept=".pdf,.docx,.doc,.txt,.md,application/pdf,text/plain,text/markdown" />
        </>
      )}
      {source === 'sources' && <SourceList rows={rows} onRows={onRows} />}
    </fieldset>
  );
}

/** What the form asks for: the source's endpoint and its body (the upload as multipart, `hosts` as one JSON field). */
function episodeRequest(source: Source, values: FormData, rows: Rows, show: ShowPick) {
  // Each group of options reads its own part of the form (not there while a show's apply).
  const options = {
    ...(show.showId && !show.own ? {} : { ...readLength(values), ...readLanguage(values), ...readVoices(values), ...readFormat(values) }),
    ...(show.showId ? { showId: show.showId } : {}),
  };
  if (source === 'upload') {
    const upload = new FormData();
    for (const [key, value] of Object.entries(options)) upload.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    upload.set('file', values.get('file') as File);
    return { upload } as const;
  }
  const text = (name: string) => String(values.get(name) ?? '');
  const reviewScript = values.get('reviewScript') === 'on';
  if (source === 'sources') return { sources: readSources(rows, values), json: { ...options, reviewScript } } as const;
  return {
    json: {
      ...(source === 'text' ? { content: text('content') } : { url: text('url') }),
      ...options,
      reviewScript,
    },
  } as const;
}

/** Sends the form to the endpoint its source needs, with the submission's Idempotency-Key; the new episode's id. */
async function createEpisode(submission: Submission, source: Source, values: FormData, rows: Rows, show: ShowPick): Promise<string> {
  const request = episodeRequest(source, values, rows, show);
  return submission.send(request, async (header) => {
    if ('upload' in request) return ok(await api.POST('/api/episodes/upload', { params: { header }, body: request.upload as never })).episode.id;
    if ('sources' in request && request.sources) {
      const sources = await storedSources(request.sources, header['idempotency-key']);
      return ok(await api.POST('/api/episodes', { params: { header }, body: { ...request.json, sources } })).episode.id;
    }
    return ok(await api.POST('/api/episodes', { params: { header }, body: request.json })).episode.id;
  });
}

export function NewEpisode() {
  useTitle('New episode');
  const session = useSession();
  const tier = session.kind === 'signed-in' ? session.user.tier : 'free';
  const { route, query } = useLocation();
  const [source, setSource] = useState<Source>('text');
  const [rows, setRows] = useState<Rows>(initialRows);
  const [showId, setShowId] = useState(query.show ?? '');
  const [own, setOwn] = useState(false);
  const [language, setLanguage] = useState<EpisodeLanguage | undefined>(undefined);
  const submission = useSubmission();
  const create = useAction(async (form: HTMLFormElement) => {
    route(`/episodes/${await createEpisode(submission, source, new FormData(form), rows, { showId, own })}`);
  });
  return (
    <section>
      <h1>New episode</h1>
      <form class="stack" onSubmit={(event) => { event.preventDefault(); void create.run(event.currentTarget); }}>
        <SourceFields source={source} onSource={setSource} rows={rows} onRows={setRows} />
        <ShowChoice showId={showId} onShow={setShowId} own={own} onOwn={setOwn} />
        <fieldset>
          <legend>Length and voices</legend>
          {showId && !own ? <p>The show's length, language, voices, format and reactions.</p> : (
            <>
              <LengthFields tier={tier} />
              <LanguageFields onLanguage={setLanguage}
                detectHint="Left to detect, Castwright reads the source's language (with several, the one most of them is written in): typed text at once, a web page or document once it is read. The hosts speak it, and the transcript and show notes are in it." />
              <VoiceFields withEngine={source !== 'upload'} language={language} />
              <FormatFields />
            </>
          )}
          {source !== 'upload' && <label class="check"><input type="checkbox" name="reviewScript" /> Let me review the script before it is recorded</label>}
        </fieldset>
        <ErrorNotice error={create.error} />
        <button class="primary" disabled={create.busy}>{create.busy ? 'Creating…' : 'Create episode'}</button>
      </form>
    </section>
  );
}
