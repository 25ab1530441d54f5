// `/episodes/new`: an episode from text, a web address or a document, with every option
// the API takes. Presets the tier does not allow, a spent quota or a file above the tier's
// limit come back from the API in words.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { Choice } from '../components/choice.tsx';
import { ErrorNotice } from '../components/notice.tsx';
import { useAction, useSession, useTitle } from '../hooks.ts';

type Source = 'text' | 'url' | 'upload';

const PRESETS = [
  ['quick', 'Quick, about 3 minutes'],
  ['standard', 'Standard, about 7 minutes'],
  ['deep', 'Deep, about 15 minutes'],
  ['extended', 'Extended, about 30 minutes'],
] as const;
/** The interface's preset table; the API has the last word (403 with the allowed presets). */
const TIER_PRESETS: Record<string, string[]> = {
  free: ['quick'],
  creator: ['quick', 'standard', 'deep'],
  professional: ['quick', 'standard', 'deep', 'extended'],
  enterprise: ['quick', 'standard', 'deep', 'extended'],
};
const VOICE_STYLES = ['professional', 'casual', 'educational', 'enthusiastic'] as const;
const VOICE_PAIRS = [['expert-curious', 'Expert and curious listener'], ['debate', 'Debate'], ['interview', 'Interview']] as const;
const ENGINES = [['auto', 'Automatic (best available)'], ['kokoro', 'Kokoro'], ['chatterbox', 'Chatterbox']] as const;
const SOURCE_LABELS: Record<Source, string> = { text: 'Text', url: 'Web page', upload: 'Document' };

type Preset = (typeof PRESETS)[number][0];
type VoiceStyle = (typeof VOICE_STYLES)[number];
type VoicePair = (typeof VOICE_PAIRS)[number][0];
type Engine = (typeof ENGINES)[number][0];

export function NewEpisode() {
  useTitle('New episode');
  const session = useSession();
  const tier = session.kind === 'signed-in' ? session.user.tier : 'free';
  const allowed = TIER_PRESETS[tier] ?? ['quick'];
  const { route } = useLocation();
  const [source, setSource] = useState<Source>('text');
  const [hostMode, setHostMode] = useState<'single' | 'multi'>('single');
  const create = useAction(async (form: HTMLFormElement) => {
    const values = new FormData(form);
    const text = (name: string) => String(values.get(name) ?? '');
    const options = {
      preset: text('preset') as Preset,
      hostMode,
      voiceStyle: text('voiceStyle') as VoiceStyle,
      ...(hostMode === 'multi' ? { voicePair: text('voicePair') as VoicePair } : {}),
    };
    let created;
    if (source === 'upload') {
      const upload = new FormData();
      for (const [key, value] of Object.entries(options)) upload.set(key, value);
      upload.set('file', values.get('file') as File);
      created = ok(await api.POST('/api/episodes/upload', { body: upload as never }));
    } else {
      created = ok(await api.POST('/api/episodes', {
        body: {
          ...(source === 'text' ? { content: text('content') } : { url: text('url') }),
          ...options,
          ttsEngine: text('ttsEngine') as Engine,
          reviewScript: values.get('reviewScript') === 'on',
        },
      }));
    }
    route(`/episodes/${created.episode.id}`);
  });
  return (
    <section>
      <h1>New episode</h1>
      <form class="stack" onSubmit={(event) => { event.preventDefault(); void create.run(event.currentTarget); }}>
        <fieldset>
          <legend>Make it from</legend>
          <div class="segmented">
            {(Object.keys(SOURCE_LABELS) as Source[]).map((kind) => (
              <label key={kind}>
                <input type="radio" name="source" value={kind} checked={source === kind} onChange={() => setSource(kind)} />
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
        </fieldset>
        <fieldset>
          <legend>Length and voices</legend>
          <label for="preset">Length</label>
          <Choice id="preset" initial={allowed.includes('standard') ? 'standard' : 'quick'} describedBy="preset-hint"
            options={PRESETS.map(([value, label]) => [value, `${label}${allowed.includes(value) ? '' : ' (upgrade)'}`, !allowed.includes(value)] as const)} />
          <p id="preset-hint" class="hint">Your {tier} plan allows: {allowed.join(', ')}. <a href="/account#plans">Plans</a></p>
          <fieldset class="inline">
            <legend>Hosts</legend>
            <label><input type="radio" name="hostMode" value="single" checked={hostMode === 'single'} onChange={() => setHostMode('single')} /> One host</label>
            <label><input type="radio" name="hostMode" value="multi" checked={hostMode === 'multi'} onChange={() => setHostMode('multi')} /> Two hosts</label>
          </fieldset>
          <label for="voiceStyle">Voice style</label>
          <Choice id="voiceStyle" initial="professional" options={VOICE_STYLES.map((style) => [style, `${style[0]?.toUpperCase()}${style.slice(1)}`] as const)} />
          {hostMode === 'multi' && (
            <>
              <label for="voicePair">The two hosts</label>
              <Choice id="voicePair" initial="expert-curious" options={VOICE_PAIRS} />
            </>
          )}
          {source !== 'upload' && (
            <>
              <label for="ttsEngine">Voice engine</label>
              <Choice id="ttsEngine" initial="auto" options={ENGINES} />
              <label class="check"><input type="checkbox" name="reviewScript" /> Let me review the script before it is recorded</label>
            </>
          )}
        </fieldset>
        <ErrorNotice error={create.error} />
        <button class="primary" disabled={create.busy}>{create.busy ? 'Creating…' : 'Create episode'}</button>
      </form>
    </section>
  );
}
