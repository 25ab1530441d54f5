// A script's sections: the first line of each carries its title (ScriptLine.section),
// worded as the host announces it in that line. Chapters follow them (show notes, the
// chapters JSON, the feed's chapters and the MP3's ID3 CHAP frames), so a listener who
// jumps to "The Fresnel lens" lands where a host says "Let's turn to the Fresnel lens".
import { MAX_SECTION_TITLE_CHARACTERS, type ScriptLine } from '@castwright/core/script-lines';

export interface ScriptSection {
  /** Index of the section's first line. */
  start: number;
  title: string;
}

export function scriptSections(lines: readonly ScriptLine[]): ScriptSection[] {
  return lines.flatMap((line, start) => (line.section ? [{ start, title: line.section }] : []));
}

/**
 * A section's name as a host says it mid-sentence ("the Fresnel lens", "background and
 * purpose of the survey") made a title: without the "the" a sentence puts before it
 * (a title's own "A Short History…" stays), a capital first letter, on one line, cut at
 * a word within the bound.
 */
export function sectionTitle(spoken: string): string {
  let title = spoken.replace(/\s+/g, ' ').trim().replace(/^the\s+(?=\S)/u, '');
  if (title.length > MAX_SECTION_TITLE_CHARACTERS) {
    const cut = title.slice(0, MAX_SECTION_TITLE_CHARACTERS - 1);
    title = `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:]+$/u, '')}…`;
  }
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
/** Japanese and Chinese are written without spaces: a title's words (by the segmenter's dictionaries) are looked for in the line's text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Whether every word of `title` is said in `line`: the host announces the section it opens. */
export function isAnnounced(title: string, line: string): boolean {
  if (UNSPACED.test(title)) {
    const needed = [...segmenter.segment(title.toLowerCase())].filter((part) => part.isWordLike).map((part) => part.segment);
    return needed.length > 0 && needed.every((word) => line.toLowerCase().includes(word));
  }
  const said = new Set(wordsOf(line));
  const needed = wordsOf(title);
  return needed.length > 0 && needed.every((word) => said.has(word));
}
