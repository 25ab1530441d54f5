// `/voices`: the voice catalog as the API lists it for this account (every engine's voices
// and the account's own), filtered here by engine and language (one request for the page),
// each with its sample to play and its availability in words; custom voices with their
// registration status and a delete; and a new custom voice from a clip (creator tier and
// up). While a custom voice is being registered the list is read again every few seconds.
import { useEffect, useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import type { Voice } from '../api/types.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CustomVoiceForm } from '../components/custom-voice-form.tsx';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { SamplePlayer, useSamplePlayer } from '../components/sample-player.tsx';
import { engineLabel, languageName, primaryTag } from '../format.ts';
import { useAction, useResource, useSession, useTitle } from '../hooks.ts';

const CUSTOM_VOICE_TIERS = ['creator', 'professional', 'enterprise'];
/** Reads of the list while a custom voice is registered: every 3 s for about a minute. */
const STATUS_POLLS = 20;

/** A custom voice's registration, in words. */
function customStatus(voice: Voice): string {
  if (voice.status === 'processing') return 'Being registered with the Chatterbox server';
  if (voice.status === 'waiting') return `Waiting: ${voice.unavailableReason ?? 'no Chatterbox server yet'}`;
  if (voice.status === 'rejected') return `Refused: ${voice.unavailableReason ?? 'the Chatterbox server did not accept the clip'}`;
  return 'Registered';
}

function Availability({ voice }: { voice: Voice }) {
  if (voice.available) return <span class="status status-ready">Available</span>;
  return <><span class="status status-error">Not available</span> <span class="hint">{voice.unavailableReason}</span></>;
}


export function Voices() {
  useTitle('Voices');
  const session = useSession();
  const tier = session.kind === 'signed-in' ? session.user.tier : 'free';
  const catalog = useResource(async () => ok(await api.GET('/api/voices')).voices, []);
  const player = useSamplePlayer();
  const [engine, setEngine] = useState('');
  const [language, setLanguage] = useState('');
  const [polls, setPolls] = useState(0);
  const voices = catalog.data ?? [];
  const registering = voices.some((voice) => voice.custom && voice.status === 'processing');
  useEffect(() => {
    if (!registering || polls >= STATUS_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      catalog.reload();
    }, 3000);
    return () => clearTimeout(timer);
  }, [registering, polls, catalog.data]);

  const remove = useAction(async (voice: Voice) => {
    ok(await api.DELETE('/api/voices/{id}', { params: { path: { id: voice.id } } }));
    catalog.set(voices.filter((other) => other.id !== voice.id));
    return `Deleted ${voice.name}.`;
  });

  const engines = [...new Set(voices.map((voice) => voice.engine))];
  const languages = [...new Set(voices.map((voice) => primaryTag(voice.language)))].sort();
  const shown = voices.filter((voice) => (!engine || voice.engine === engine) && (!language || primaryTag(voice.language) === language));
  return (
    <section class="voices">
      <h1>Voices</h1>
      <p>Every voice your episodes can speak with. Give them to named hosts when you make an episode; listen to each first. A voice is available while a media worker that can speak it is running.</p>
      <ErrorNotice error={catalog.error} />
      {catalog.loading && !catalog.data && <Loading what="the voices" />}
      {catalog.data && (
        <>
          <div class="row filters">
            <label for="voice-engine">Engine</label>
            <select id="voice-engine" class="fit" value={engine} onChange={(event) => setEngine(event.currentTarget.value)}>
              <option value="">All engines</option>
              {engines.map((name) => <option key={name} value={name}>{engineLabel(name)}</option>)}
            </select>
            <label for="voice-language-filter">Language</label>
            <select id="voice-language-filter" class="fit" value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
              <option value="">All languages</option>
              {languages.map((tag) => <option key={tag} value={tag}>{languageName(tag)}</option>)}
            </select>
            <span class="hint" role="status">{shown.length} of {voices.length} voices</span>
          </div>
          <SamplePlayer player={player} />
          <ErrorNotice error={remove.error} />
          <p class="notice done" role="status">{remove.done ?? ''}</p>
          <table class="list voice-list">
            <caption class="visually-hidden">Voices, by engine</caption>
            <thead><tr><th scope="col">Voice</th><th scope="col">Engine</th><th scope="col">Language</th><th scope="col">Gender</th><th scope="col">Availability</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {shown.map((voice) => (
                <tr key={voice.id}>
                  <th scope="row">
                    {voice.name}{voice.custom && <span class="tag">yours</span>}
                    <div class="hint">{voice.custom ? customStatus(voice) : voice.description}</div>
                  </th>
                  <td>{engineLabel(voice.engine)}</td>
                  <td>{languageName(voice.language)}</td>
                  <td>{voice.gender === 'unknown' ? <span class="hint">not given</span> : voice.gender}</td>
                  <td><Availability voice={voice} /></td>
                  <td class="actions">
                    <button type="button" onClick={() => player.play(voice.sampleUrl, voice.name)} disabled={!voice.available} aria-label={`Play a sample of ${voice.name} (${engineLabel(voice.engine)})`}>Play</button>
                    {voice.custom && <ConfirmButton label={`Delete ${voice.name}`} question={`Delete your voice “${voice.name}”? Episodes already made keep their audio; one made with it is voiced by the closest voice if it is rendered again.`} confirmLabel="Delete" onConfirm={() => void remove.run(voice)} disabled={remove.busy} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {CUSTOM_VOICE_TIERS.includes(tier)
        ? <CustomVoiceForm onAdded={(voice) => { catalog.set([...voices, voice]); setPolls(0); }} />
        : <p class="notice">Your own voices, cloned from a clip, come with the Creator plan and up. <a href="/account#plans">See the plans</a></p>}
    </section>
  );
}
