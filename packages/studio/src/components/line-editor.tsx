// One line of the script editor: who says it (a host by name where the episode has named
// hosts), what they say, and, on a line that opens a section, the section's title (a
// chapter starts there). A reaction is drawn set in under the line it is said under,
// saying after which of its words it comes (which the person can change); a cut-in says
// how early it starts. Its buttons save it, open a form for a new line after it, start a
// section on it, or remove it; the page decides what each asks of the API. A line that the
// published audio does not say yet is marked. Ids are per line (`line-<n>-…`), so the page
// can put the focus back where the person was after the list is drawn again.
import { useState } from 'preact/hooks';
import { focusSoon } from '../focus.ts';
import { languageLabel } from './language-fields.tsx';
import { wordAt, type ScriptLine, type Speaker } from '../script-edits.ts';
import { Choice } from './choice.tsx';

/** The API's bounds (core's script-lines.ts and script-overlaps.ts). */
const MAX_LINE_CHARACTERS = 2000;
const MAX_SECTION_CHARACTERS = 120;
const MAX_OVERLAP_MS = 1500;

export interface SpeakerOption {
  value: Speaker;
  label: string;
}

export const lineId = (index: number, part: string) => `line-${index}-${part}`;
/** The page's one explanation of section titles, which each title field points to. */
export const SECTION_HELP_ID = 'section-help';

function SpeakerChoice({ id, initial, speakers, number }: { id: string; initial: string; speakers: readonly SpeakerOption[]; number: string }) {
  return (
    <>
      <label for={id} class="visually-hidden">Speaker of {number}</label>
      <Choice id={id} name="speaker" initial={initial} options={speakers.map((speaker) => [speaker.value, speaker.label] as const)} />
    </>
  );
}

function readLine(form: HTMLFormElement): ScriptLine {
  const values = new FormData(form);
  const section = values.get('section');
  const afterWord = values.get('afterWord');
  const overlapMs = values.get('overlapMs');
  return {
    speaker: String(values.get('speaker')) as Speaker,
    text: String(values.get('text')),
    ...(section === null ? {} : { section: String(section) }),
    ...(afterWord === null ? {} : { reaction: { afterWord: Number(afterWord) } }),
    ...(overlapMs === null ? {} : { overlapMs: Number(overlapMs) }),
  };
}

/** Where a reaction or a cut-in sits, in words, with the field that moves it. */
function Timing({ line, index, hostText }: { line: ScriptLine; index: number; hostText: string | undefined }) {
  const id = lineId(index, 'timing');
  if (line.reaction) {
    const under = line.reaction.under ?? index - 1;
    return (
      <div class="timing">
        <span id={`${id}-note`}>Reaction said under line {under + 1}, in the pause after “{wordAt(hostText ?? '', line.reaction.afterWord)}”</span>
        <label for={id}>After word<span class="visually-hidden"> of line {under + 1}, for the reaction at line {index + 1}</span></label>
        <input id={id} name="afterWord" type="number" min={1} max={MAX_LINE_CHARACTERS} required defaultValue={String(line.reaction.afterWord)} aria-describedby={`${id}-note`} />
      </div>
    );
  }
  if (line.overlapMs === undefined) return null;
  return (
    <div class="timing">
      <label for={id}>Cuts in, ms before line {index} ends<span class="visually-hidden"> (line {index + 1})</span></label>
      <input id={id} name="overlapMs" type="number" min={1} max={MAX_OVERLAP_MS} required defaultValue={String(line.overlapMs)} />
    </div>
  );
}

/** The form for a new line; `where` says where it goes ("after line 3", "before line 1"), `idPrefix` names its fields. */
export function NewLine({ where, idPrefix, speakers, busy, onAdd, onCancel }: {
  where: string; idPrefix: string; speakers: readonly SpeakerOption[]; busy: boolean; onAdd: (line: ScriptLine) => void; onCancel: () => void;
}) {
  const number = `the new line ${where}`;
  return (
    <form class="line-editor new-line" aria-label={`New line ${where}`}
      onSubmit={(event) => { event.preventDefault(); onAdd(readLine(event.currentTarget)); }}
      onKeyDown={(event) => { if (event.key === 'Escape') onCancel(); }}>
      <span class="number" aria-hidden="true">+</span>
      <SpeakerChoice id={`${idPrefix}-new-speaker`} initial={speakers[speakers.length - 1]?.value ?? 'Host 1'} speakers={speakers} number={number} />
      <label for={`${idPrefix}-new-text`} class="visually-hidden">Text of {number}</label>
      <textarea id={`${idPrefix}-new-text`} name="text" rows={2} required maxLength={MAX_LINE_CHARACTERS} />
      <div class="row">
        <button class="primary" disabled={busy}>Add the line</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

export function LineEditor(props: {
  line: ScriptLine;
  index: number;
  speakers: readonly SpeakerOption[];
  busy: boolean;
  /** Set when the published audio does not say this line: why, in words. */
  unpublished?: string | undefined;
  /** For a reaction: the text of the line it is said under. */
  hostText?: string | undefined;
  onSave: (line: ScriptLine) => void;
  onInsert: (line: ScriptLine) => void;
  onRemove: () => void;
}) {
  const { line, index, speakers, busy } = props;
  const [sectionOpen, setSectionOpen] = useState(Boolean(line.section));
  const [adding, setAdding] = useState(false);
  const number = `line ${index + 1}`;
  const id = (part: string) => lineId(index, part);
  const focus = (part: string) => focusSoon(id(part));
  return (
    <li class={[line.section ? 'opens-section' : '', line.reaction ? 'reaction' : '', line.overlapMs !== undefined ? 'cut-in' : '', props.unpublished ? 'unpublished' : ''].join(' ').trim() || undefined}>
      <form class="line-editor" aria-label={`Line ${index + 1}`} onSubmit={(event) => { event.preventDefault(); props.onSave(readLine(event.currentTarget)); }}>
        {sectionOpen && (
          <div class="section-title">
            <label for={id('section')}>Section title<span class="visually-hidden"> at {number}</span></label>
            <input id={id('section')} name="section" maxLength={MAX_SECTION_CHARACTERS} defaultValue={line.section ?? ''} aria-describedby={SECTION_HELP_ID} />
          </div>
        )}
        <span class="number" aria-hidden="true">{index + 1}</span>
        <SpeakerChoice id={id('speaker')} initial={line.speaker} speakers={speakers} number={number} />
        <label for={id('text')} class="visually-hidden">Text of {number}</label>
        <textarea id={id('text')} name="text" rows={line.reaction ? 1 : 3} required maxLength={MAX_LINE_CHARACTERS} defaultValue={line.text} lang={line.language} />
        {line.language && <span class="tag">Said in {languageLabel(line.language)}, by a voice of it</span>}
        <Timing line={line} index={index} hostText={props.hostText} />
        <div class="row">
          {props.unpublished && <span class="tag changed">{props.unpublished}</span>}
          <button id={id('save')} disabled={busy}>Save {number}</button>
          <button type="button" class="link" onClick={() => { setAdding(true); focusSoon(`${id('after')}-new-text`); }} aria-expanded={adding}>Insert a line after<span class="visually-hidden"> {number}</span></button>
          {!sectionOpen && !line.reaction && <button type="button" class="link" onClick={() => { setSectionOpen(true); focus('section'); }}>Start a section here<span class="visually-hidden"> ({number})</span></button>}
          <button type="button" class="link" disabled={busy} onClick={props.onRemove}>Remove<span class="visually-hidden"> {number}</span></button>
        </div>
      </form>
      {adding && <NewLine where={`after line ${index + 1}`} idPrefix={id('after')} speakers={speakers} busy={busy} onAdd={props.onInsert} onCancel={() => { setAdding(false); focus('save'); }} />}
    </li>
  );
}
