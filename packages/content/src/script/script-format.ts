// The stored script format: one line per turn, `[Host 1]: text` (`Host 1` to `Host 4`),
// and before the first turn of a section a heading line, `## Section title` (the chapters
// follow them). A reaction names where it goes under the line before it,
// `[Host 2, reaction after word 12]: Mm-hm.`, and a cut-in how early it starts,
// `[Host 2, cut in 300 ms]: Wait, really?` (script-overlaps.ts). Parsing is strict about
// the label and forgiving about blank lines, so an edited script still renders.
import { isSpeaker, MAX_SECTION_TITLE_CHARACTERS, type ScriptLine } from '@castwright/core/script-lines';

const LINE = /^\[(Host [1-4])(?:,\s*(?:reaction after word (\d{1,5})|cut in (\d{1,5}) ms))?\]:\s*(.+)$/;
const SECTION = /^##\s+(.+)$/;

/** A line's label: its speaker, and how it overlaps the line before it. */
function label(line: ScriptLine): string {
  if (line.reaction) return `${line.speaker}, reaction after word ${line.reaction.afterWord}`;
  if (line.overlapMs !== undefined) return `${line.speaker}, cut in ${line.overlapMs} ms`;
  return line.speaker;
}

export function formatScript(lines: readonly ScriptLine[]): string {
  return lines.map((line) => `${line.section ? `## ${line.section}\n` : ''}[${label(line)}]: ${line.text}`).join('\n');
}

export function parseScript(script: string): ScriptLine[] {
  const lines: ScriptLine[] = [];
  let section: string | undefined;
  for (const [index, raw] of script.split(/\r?\n/).entries()) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    // A heading belongs to the next turn; one with no turn after it names nothing.
    const heading = SECTION.exec(trimmed);
    if (heading?.[1]) {
      section = heading[1].trim().slice(0, MAX_SECTION_TITLE_CHARACTERS);
      continue;
    }
    const match = LINE.exec(trimmed);
    if (!match?.[1] || !match[4] || !isSpeaker(match[1])) throw new Error(`Script line ${index + 1} is not of the form "[Host 1]: text"`);
    const [, speaker, afterWord, overlapMs, text] = match;
    lines.push({
      speaker,
      text: text.trim(),
      ...(section ? { section } : {}),
      ...(afterWord ? { reaction: { afterWord: Number(afterWord) } } : {}),
      ...(overlapMs ? { overlapMs: Number(overlapMs) } : {}),
    });
    section = undefined;
  }
  return lines;
}
