// A show's settings on its page: what podcast apps show (name, description, author,
// language, category), the defaults its episodes start from (length, hosts, voice style
// and pair, format and reactions: "Not set" leaves the choice to each episode), and the
// levels of its mix. Saved
// with the ETag it was read with, so a change made elsewhere meanwhile is a 412 in words.
import type { Show } from '../api/types.ts';
import { useAction } from '../hooks.ts';
import { Choice, type Options } from './choice.tsx';
import { FORMATS, REACTIONS } from './format-fields.tsx';
import { LanguageFields } from './language-fields.tsx';
import { PRESETS } from './length-fields.tsx';
import { DoneNotice, ErrorNotice } from './notice.tsx';
import { VOICE_PAIRS, VOICE_STYLES } from './voice-fields.tsx';

type Category = NonNullable<Show['category']>;
type Levels = Show['levels'];

// Every category the API takes (Apple Podcasts' top-level ones): a category added there and missing here fails the type check.
const CATEGORY_LIST: Record<Category, true> = {
  Arts: true, Business: true, Comedy: true, Education: true, Fiction: true, Government: true, 'Health & Fitness': true, History: true, 'Kids & Family': true,
  Leisure: true, Music: true, News: true, 'Religion & Spirituality': true, Science: true, 'Society & Culture': true, Sports: true, Technology: true, 'True Crime': true, 'TV & Film': true,
};

const NOT_SET = ['', 'Not set'] as const;
const capital = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`;

/** The levels' fields: the API's bounds, and what each one does. */
const LEVELS: readonly { key: keyof Levels; label: string; hint: string; min: number; max: number; step: number }[] = [
  { key: 'bedSpeechDb', label: 'Music bed under speech (dB)', hint: 'Against the voices: −26 is well under them.', min: -60, max: 0, step: 1 },
  { key: 'bedGapDb', label: 'Music bed in pauses (dB)', hint: 'Before, between and after the lines; at least as loud as under speech.', min: -60, max: 0, step: 1 },
  { key: 'duckAttackMs', label: 'Dip before speech (ms)', hint: 'How long the bed takes to go down; it starts this long before a line.', min: 5, max: 2000, step: 5 },
  { key: 'duckReleaseMs', label: 'Rise after speech (ms)', hint: 'How long the bed takes to come back up.', min: 20, max: 5000, step: 10 },
  { key: 'partsDb', label: 'Intro, outro and sting (dB)', hint: 'Against the voices: 0 is as loud as them.', min: -30, max: 10, step: 1 },
];

export type ShowChanges = Record<string, unknown>;

function readSettings(form: HTMLFormElement): ShowChanges {
  const values = new FormData(form);
  const text = (name: string) => String(values.get(name) ?? '').trim();
  const orNull = (name: string) => text(name) || null;
  return {
    name: text('name'),
    description: text('description'),
    author: text('author'),
    language: orNull('language'),
    category: orNull('category'),
    preset: orNull('preset'),
    hostMode: orNull('hostMode'),
    voiceStyle: orNull('voiceStyle'),
    voicePair: orNull('voicePair'),
    format: orNull('format'),
    reactions: orNull('reactions'),
    levels: Object.fromEntries(LEVELS.map(({ key }) => [key, Number(values.get(key))])),
  };
}

export function ShowSettings({ show, onSave, onReadAgain }: { show: Show; onSave: (changes: ShowChanges) => Promise<void>; onReadAgain: () => Promise<void> }) {
  const save = useAction(async (form: HTMLFormElement) => {
    await onSave(readSettings(form));
    return 'Saved. Episodes made in the show from now on start from these settings; render an episode again to hear new levels.';
  });
  const readAgain = useAction(onReadAgain);
  const options = (values: readonly (readonly [string, string])[]): Options => [NOT_SET, ...values];
  return (
    <form class="stack" aria-label="Show settings" onSubmit={(event) => { event.preventDefault(); void save.run(event.currentTarget); }}>
      <fieldset>
        <legend>What podcast apps show</legend>
        <label for="show-name">Name</label>
        <input id="show-name" name="name" required maxLength={100} defaultValue={show.name} />
        <label for="show-description">Description</label>
        <textarea id="show-description" name="description" rows={3} maxLength={4000} defaultValue={show.description} />
        <label for="show-author">Author</label>
        <input id="show-author" name="author" maxLength={200} defaultValue={show.author} />
        <LanguageFields id="show-language" initial={show.language} detectHint="The show's episodes are in this language unless one asks for another; left to detect, each episode's is read from its source." />
        <label for="show-category">Category</label>
        <Choice id="show-category" name="category" initial={show.category ?? ''} options={options(Object.keys(CATEGORY_LIST).map((category) => [category, category] as const))} />
      </fieldset>
      <fieldset>
        <legend>Its episodes start from</legend>
        <p class="hint">Anything you choose when you make an episode wins over these.</p>
        <div class="grid">
          <div>
            <label for="show-preset">Length</label>
            <Choice id="show-preset" name="preset" initial={show.preset ?? ''} options={options(PRESETS)} />
          </div>
          <div>
            <label for="show-host-mode">Hosts</label>
            <Choice id="show-host-mode" name="hostMode" initial={show.hostMode ?? ''} options={options([['single', 'One host'], ['multi', 'Two hosts']])} />
          </div>
          <div>
            <label for="show-voice-style">Voice style</label>
            <Choice id="show-voice-style" name="voiceStyle" initial={show.voiceStyle ?? ''} options={options(VOICE_STYLES.map((style) => [style, capital(style)] as const))} />
          </div>
          <div>
            <label for="show-voice-pair">Two hosts as</label>
            <Choice id="show-voice-pair" name="voicePair" initial={show.voicePair ?? ''} options={options(VOICE_PAIRS)} />
          </div>
          <div>
            <label for="show-format">Format</label>
            <Choice id="show-format" name="format" initial={show.format ?? ''} options={options(FORMATS)} />
          </div>
          <div>
            <label for="show-reactions">Reactions</label>
            <Choice id="show-reactions" name="reactions" initial={show.reactions ?? ''} options={options(REACTIONS)} />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>Levels of the mix</legend>
        <div class="grid">
          {LEVELS.map(({ key, label, hint, min, max, step }) => (
            <div key={key}>
              <label for={`level-${key}`}>{label}</label>
              <input id={`level-${key}`} name={key} type="number" required min={min} max={max} step={step} defaultValue={String(show.levels[key])} aria-describedby={`level-${key}-hint`} />
              <p id={`level-${key}-hint`} class="hint">{hint}</p>
            </div>
          ))}
        </div>
      </fieldset>
      <ErrorNotice error={save.error ?? readAgain.error} />
      {save.error?.status === 412 && (
        <p>
          Someone changed the show since this page read it. <button type="button" onClick={() => void readAgain.run()} disabled={readAgain.busy}>Show it as it is now</button> (your changes here are
          dropped; make them again).
        </p>
      )}
      <DoneNotice message={save.done} />
      <button class="primary" disabled={save.busy}>Save the show</button>
    </form>
  );
}
