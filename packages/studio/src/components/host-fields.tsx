// Named hosts for a new episode (`hosts` on POST /api/episodes and /upload): 1 to 4, each
// with a name, a voice from the catalog (or a Kokoro blend written out) with a button to
// hear it, and an optional role. The catalog is read when this editor opens (the simple
// path of one or two unnamed hosts needs none). All hosts speak with voices of one engine;
// the API names any problem (an unknown or unavailable voice, two engines, a bad blend).
// With a language chosen, the first hosts get voices of that language, and a voice of
// another is said to read it with its own accent (as the API's warning says).
// Fields are named by position (`host-<n>-…`), which `readHosts` reads back.
import { useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import type { Voice } from '../api/types.ts';
import { engineLabel, languageName, primaryTag } from '../format.ts';
import { useResource } from '../hooks.ts';
import { ErrorNotice, Loading } from './notice.tsx';
import { SamplePlayer, useSamplePlayer } from './sample-player.tsx';

/** The API's bounds (core's script-lines.ts and voices/episode-hosts.ts). */
const MAX_HOSTS = 4;
const NAME_MAX = 40;
const ROLE_MAX = 40;
const BLEND = 'blend';

export interface HostChoice {
  name: string;
  voice: string;
  role?: string;
}

/** The hosts a submitted form names, in speaking order. */
export function readHosts(values: FormData): HostChoice[] {
  const hosts: HostChoice[] = [];
  for (let index = 0; values.has(`host-${index}-name`); index++) {
    const field = (part: string) => String(values.get(`host-${index}-${part}`) ?? '').trim();
    const voice = field('voice') === BLEND ? field('blend') : field('voice');
    const role = field('role');
    hosts.push({ name: field('name'), voice, ...(role ? { role } : {}) });
  }
  return hosts;
}

function voiceLabel(voice: Voice): string {
  const gender = voice.gender === 'unknown' ? '' : `, ${voice.gender}`;
  return `${voice.name} (${languageName(voice.language)}${gender})${voice.custom ? ', yours' : ''}${voice.available ? '' : ' — not available'}`;
}

/** Whether a voice speaks the language: the same primary subtag, as the API's warning reads it (an en-US voice speaks en-GB). */
function speaks(voice: Voice, language: string): boolean {
  return primaryTag(voice.language) === primaryTag(language);
}

/**
 * Distinct voices for the first hosts: the first engine's available voices (of the
 * language, when one is chosen and some engine has voices of it), alternating genders
 * where it can.
 */
function defaultVoices(voices: Voice[], language: string | undefined): string[] {
  const available = voices.filter((voice) => voice.available && !voice.custom);
  // The exact variety first (en-GB voices for a British episode), then the language's others.
  const exact = language ? available.filter((voice) => voice.language.toLowerCase() === language.toLowerCase()) : [];
  const ofLanguage = exact.length > 0 ? exact : language ? available.filter((voice) => speaks(voice, language)) : [];
  const usable = ofLanguage.length > 0 ? ofLanguage : available;
  const engine = ['kokoro', 'chatterbox', 'offline'].find((name) => usable.some((voice) => voice.engine === name));
  const own = usable.filter((voice) => voice.engine === engine);
  const female = own.filter((voice) => voice.gender === 'female');
  const male = own.filter((voice) => voice.gender !== 'female');
  const mixed = Array.from({ length: Math.max(female.length, male.length) }, (_, index) => [female[index], male[index]]).flat().filter((voice): voice is Voice => voice !== undefined);
  return mixed.map((voice) => voice.id);
}

function HostRow(props: {
  index: number;
  voices: Voice[];
  voice: string;
  language: string | undefined;
  onVoice: (voice: string) => void;
  onRemove?: () => void;
  player: ReturnType<typeof useSamplePlayer>;
}) {
  const { index, voices, voice, language } = props;
  const id = (part: string) => `host-${index}-${part}`;
  const number = index + 1;
  const chosen = voices.find((candidate) => candidate.id === voice);
  const engines = [...new Set(voices.map((candidate) => candidate.engine))];
  return (
    <li>
      <fieldset class="host">
        <legend>Host {number}</legend>
        <div class="host-grid">
          <div>
            <label for={id('name')}>Name</label>
            <input id={id('name')} name={id('name')} required maxLength={NAME_MAX} autocomplete="off" aria-describedby="hosts-hint" />
          </div>
          <div>
            <label for={id('role')}>Role <span class="hint">(optional)</span></label>
            <input id={id('role')} name={id('role')} maxLength={ROLE_MAX} placeholder="host, expert, guest…" autocomplete="off" />
          </div>
          <div class="voice">
            <label for={id('voice')}>Voice</label>
            <div class="row">
              <select id={id('voice')} name={id('voice')} value={voice} onChange={(event) => props.onVoice(event.currentTarget.value)}>
                {engines.map((engine) => (
                  <optgroup key={engine} label={engineLabel(engine)}>
                    {voices.filter((candidate) => candidate.engine === engine).map((candidate) => (
                      <option key={candidate.id} value={candidate.id} disabled={!candidate.available}>{voiceLabel(candidate)}</option>
                    ))}
                  </optgroup>
                ))}
                <option value={BLEND}>A Kokoro blend, written out…</option>
              </select>
              <button type="button" disabled={!chosen?.available} onClick={() => chosen && props.player.play(chosen.sampleUrl, `${chosen.name} for host ${number}`)}>
                Play<span class="visually-hidden"> the voice of host {number}</span>
              </button>
            </div>
          </div>
        </div>
        {language && chosen && !speaks(chosen, language) && (
          <p class="hint" id={id('accent')}>{chosen.name} speaks {languageName(chosen.language)}: it will read this {languageName(language)} episode with its own accent.</p>
        )}
        {voice === BLEND && (
          <>
            <label for={id('blend')}>Blend of host {number}</label>
            <input id={id('blend')} name={id('blend')} required placeholder="kokoro:af_heart*0.7+kokoro:af_bella*0.3" spellcheck={false} aria-describedby="blend-hint" />
            <p id="blend-hint" class="hint">2 to 4 Kokoro voices, each with its weight (the weights add up to 1), or without weights for equal shares.</p>
          </>
        )}
        {props.onRemove && <button type="button" class="link" onClick={props.onRemove}>Remove host {number}</button>}
      </fieldset>
    </li>
  );
}

export function HostsEditor({ language }: { language?: string | undefined }) {
  const catalog = useResource(async () => ok(await api.GET('/api/voices')).voices, []);
  const player = useSamplePlayer();
  // Each row's key stays with it when another is removed; its voice is the one state a row needs (a blend shows its field).
  const [rows, setRows] = useState<{ key: number; voice: string | undefined }[]>([{ key: 0, voice: undefined }, { key: 1, voice: undefined }]);
  const voices = catalog.data ?? [];
  const defaults = defaultVoices(voices, language);
  const shown = rows.map((row, index) => row.voice ?? defaults[index % Math.max(1, defaults.length)] ?? '');
  // A removal fixes every row's voice as shown, so no host's voice moves with its position.
  const remove = (key: number) => setRows(rows.flatMap((row, index) => (row.key === key ? [] : [{ key: row.key, voice: shown[index] }])));
  return (
    <div class="hosts-editor">
      <p id="hosts-hint" class="hint">1 to {MAX_HOSTS} hosts, in the order they speak. They call each other by name; all of them speak with voices of one engine. <a href="/voices">All voices</a></p>
      <ErrorNotice error={catalog.error} />
      {catalog.loading && !catalog.data && <Loading what="the voices" />}
      {catalog.data && (
        <>
          <ol class="hosts">
            {rows.map((row, index) => (
              <HostRow key={row.key} index={index} voices={voices} voice={shown[index] ?? ''} language={language} player={player}
                onVoice={(voice) => setRows(rows.map((other) => (other.key === row.key ? { ...other, voice } : other)))}
                {...(rows.length > 1 ? { onRemove: () => remove(row.key) } : {})} />
            ))}
          </ol>
          {rows.length < MAX_HOSTS && (
            <button type="button" onClick={() => setRows([...rows, { key: Math.max(...rows.map((row) => row.key)) + 1, voice: undefined }])}>Add a host</button>
          )}
          <SamplePlayer player={player} />
        </>
      )}
    </div>
  );
}
