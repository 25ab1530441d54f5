// How the episode is built and how alive the talk sounds: the format (a deep dive, a brief
// by one host, a debate, a critique, an interview) and how much the listening hosts react
// while another speaks. The page reads them with `readFormat`; the API answers a brief with
// two hosts, or a debate or interview with one, in words.
import { Choice } from './choice.tsx';

export const FORMATS = [
  ['deep_dive', 'Deep dive: one explains, the other asks'],
  ['brief', 'Brief: one host, the main points only'],
  ['debate', 'Debate: opposite positions, each with evidence'],
  ['critique', 'Critique: what the source does well and what it misses'],
  ['interview', 'Interview: one host interviews the other as an expert'],
] as const;
export const REACTIONS = [
  ['some', 'Some: a reaction now and then, natural pauses'],
  ['lively', 'Lively: more reactions, and cut-ins'],
  ['none', 'None: strict turns with fixed pauses'],
] as const;

export type Format = (typeof FORMATS)[number][0];
export type Reactions = (typeof REACTIONS)[number][0];

export function readFormat(values: FormData): { format: Format; reactions: Reactions } {
  return { format: String(values.get('format')) as Format, reactions: String(values.get('reactions')) as Reactions };
}

/** `idPrefix` keeps the fields' ids apart where a page has other forms; `initial`: a briefing's own. */
export function FormatFields({ idPrefix = '', initial = { format: 'deep_dive', reactions: 'some' } }: { idPrefix?: string; initial?: { format: Format; reactions: Reactions } }) {
  return (
    <>
      <label for={`${idPrefix}format`}>Format</label>
      <Choice id={`${idPrefix}format`} name="format" initial={initial.format} options={FORMATS} describedBy={`${idPrefix}format-hint`} />
      <p id={`${idPrefix}format-hint`} class="hint">A brief is read by one host; a debate and an interview need two.</p>
      <label for={`${idPrefix}reactions`}>Reactions while the other host speaks</label>
      <Choice id={`${idPrefix}reactions`} name="reactions" initial={initial.reactions} options={REACTIONS} />
    </>
  );
}
