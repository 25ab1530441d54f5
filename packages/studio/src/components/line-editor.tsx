// One line of the script editor: who says it, what they say, and, on a line that opens a
// section, the section's title (a chapter starts there). Its buttons save it, open a form
// for a new line after it, start a section on it, or remove it; the page decides what each
// asks of the API. Ids are per line (`line-<n>-…`), so the page can put the focus back
// where the person was after the list is drawn again.
import { useState } from 'preact/hooks';
import { focusSoon } from '../focus.ts';
import type { ScriptLine, Speaker } from '../script-edits.ts';
import { Choice } from './choice.tsx';

/** The API's bounds (core's script-lines.ts). */
const MAX_LINE_CHARACTERS = 2000;
const MAX_SECTION_CHARACTERS = 120;

export const lineId = (index: number, part: string) => `line-${index}-${part}`;
/** The page's one explanation of section titles, which each title field points to. */
export const SECTION_HELP_ID = 'section-help';

function SpeakerChoice({ id, initial, speakers, number }: { id: string; initial: string; speakers: readonly Speaker[]; number: string }) {
  return (
    <>
      <label for={id} class="visually-hidden">Speaker of {number}</label>
      <Choice id={id} name="speaker" initial={initial} options={speakers.map((speaker) => [speaker, speaker] as const)} />
    </>
  );
}

function readLine(form: HTMLFormElement): ScriptLine {
  const values = new FormData(form);
  const section = values.get('section');
  return { speaker: String(values.get('speaker')) as Speaker, text: String(values.get('text')), ...(section === null ? {} : { section: String(section) }) };
}

/** The form for a new line after line `after`. */
function NewLine({ after, speakers, busy, onAdd, onCancel }: { after: number; speakers: readonly Speaker[]; busy: boolean; onAdd: (line: ScriptLine) => void; onCancel: () => void }) {
  const number = `the new line after line ${after + 1}`;
  return (
    <form class="line-editor new-line" aria-label={`New line after line ${after + 1}`}
      onSubmit={(event) => { event.preventDefault(); onAdd(readLine(event.currentTarget)); }}
      onKeyDown={(event) => { if (event.key === 'Escape') onCancel(); }}>
      <span class="number" aria-hidden="true">+</span>
      <SpeakerChoice id={lineId(after, 'new-speaker')} initial={speakers[speakers.length - 1] ?? 'Host 1'} speakers={speakers} number={number} />
      <label for={lineId(after, 'new-text')} class="visually-hidden">Text of {number}</label>
      <textarea id={lineId(after, 'new-text')} name="text" rows={2} required maxLength={MAX_LINE_CHARACTERS} />
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
  speakers: readonly Speaker[];
  busy: boolean;
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
    <li class={line.section ? 'opens-section' : undefined}>
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
        <textarea id={id('text')} name="text" rows={3} required maxLength={MAX_LINE_CHARACTERS} defaultValue={line.text} />
        <div class="row">
          <button id={id('save')} disabled={busy}>Save {number}</button>
          <button type="button" class="link" onClick={() => { setAdding(true); focus('new-text'); }} aria-expanded={adding}>Insert a line after<span class="visually-hidden"> {number}</span></button>
          {!sectionOpen && <button type="button" class="link" onClick={() => { setSectionOpen(true); focus('section'); }}>Start a section here<span class="visually-hidden"> ({number})</span></button>}
          <button type="button" class="link" disabled={busy} onClick={props.onRemove}>Remove<span class="visually-hidden"> {number}</span></button>
        </div>
      </form>
      {adding && <NewLine after={index} speakers={speakers} busy={busy} onAdd={props.onInsert} onCancel={() => { setAdding(false); focus('save'); }} />}
    </li>
  );
}
