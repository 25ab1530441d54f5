// The stored script format: one line per turn, `[Host 1]: text` (`Host 1` to `Host 4`),
// and before the first turn of a section a heading line, `## Section title` (the chapters
// follow them). A turn in another language than the episode's (a quote kept in its own
// language) names it after the label: `[Host 1|fr]: text`. Parsing is strict about the
// label and forgiving about blank lines, so an edited script still renders. Which lines are
// reactions or cut-ins is kept beside the text, as their refs are (core/script-overlaps.ts):
// every line of the text keeps its `[Host 1]:` label clients read, a reaction's too.
import { LANGUAGES, type Language } from '@castwright/core/languages';
import { isSpeaker, MAX_SECTION_TITLE_CHARACTERS, type ScriptLine } from '@castwright/core/script-lines';
import { withStoredOverlaps } from '@castwright/core/script-overlaps';

const LINE = /^\[(Host [1-4])(?:\|([A-Za-z-]{2,8}))?\]:\s*(.+)$/;
const SECTION = /^##\s+(.+)$/;

export function formatScript(lines: readonly ScriptLine[]): string {
  return lines.map((line) => `${line.section ? `## ${line.section}\n` : ''}[${line.speaker}${line.language ? `|${line.language}` : ''}]: ${line.text}`).join('\n');
}

/** A stored script as lines: its text, and its overlaps column (`script_overlaps`) beside it. */
export function storedScript(text: string, overlaps: unknown): ScriptLine[] {
  return withStoredOverlaps(parseScript(text), overlaps);
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
    if (!match?.[1] || !match[3] || !isSpeaker(match[1])) throw new Error(`Script line ${index + 1} is not of the form "[Host 1]: text"`);
    const language = match[2];
    if (language !== undefined && !(LANGUAGES as readonly string[]).includes(language)) throw new Error(`Script line ${index + 1} is in ${language}, which is not one of ${LANGUAGES.join(', ')}`);
    lines.push({ speaker: match[1], text: match[3].trim(), ...(section ? { section } : {}), ...(language ? { language: language as Language } : {}) });
    section = undefined;
  }
  return lines;
}
