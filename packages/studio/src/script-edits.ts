// A script as the editor changes it: numbered lines, each with a speaker, its text and, on
// the line that opens one, the title of a section (the chapters follow the sections); a
// reaction (said under the line before it, after one of its words) or a cut-in (starting
// before the line before it ends) says so, and so does a quote kept in another language.
// Inserting and removing a line are the API's own (POST and DELETE …/script/lines, which
// keep every section); a section title changed sends the whole script (PUT …/script) with
// the other lines as they are. And which lines differ from the published revision: those a
// re-render voices again.
import { diffArrays } from 'diff';
import type { EpisodeDetail } from './api/types.ts';

type LineLanguage = NonNullable<EpisodeDetail['language']>;

/** Every label a script may use; an episode with N hosts uses the first N. */
export const SPEAKERS = ['Host 1', 'Host 2', 'Host 3', 'Host 4'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export interface ScriptLine {
  speaker: Speaker;
  text: string;
  section?: string;
  /** Only on a quote kept in another language than the episode's (BCP 47): said by a voice of it. */
  language?: LineLanguage;
  /** A reaction: said under line `under`, in the pause after its word `afterWord`. */
  reaction?: { under?: number; afterWord: number };
  /** A cut-in: starts this long before the line before it ends. */
  overlapMs?: number;
}

/** A line as the API sends it (`section` only on a line that opens one, `language` only on a quote in another language, `reaction` and `overlapMs` only where they are). */
export function asScriptLine(line: {
  speaker: string;
  text: string;
  section?: string;
  language?: LineLanguage;
  reaction?: { under?: number; afterWord: number };
  overlapMs?: number;
}): ScriptLine {
  return {
    speaker: line.speaker as Speaker,
    text: line.text,
    ...(line.section ? { section: line.section } : {}),
    ...(line.language ? { language: line.language } : {}),
    ...(line.reaction ? { reaction: line.reaction } : {}),
    ...(line.overlapMs !== undefined ? { overlapMs: line.overlapMs } : {}),
  };
}

/** A line as a change sends it: a reaction names only the word it follows (the API works out the line it goes under). */
export function lineInput(line: ScriptLine): Omit<ScriptLine, 'reaction'> & { reaction?: { afterWord: number } } {
  const { reaction, ...rest } = line;
  return { ...rest, ...(reaction ? { reaction: { afterWord: reaction.afterWord } } : {}) };
}

/** `line` in place of line `index`, every line as a change sends it; a blank section title removes the section; the line keeps its language. */
export function withLine(lines: readonly ScriptLine[], index: number, line: ScriptLine): ReturnType<typeof lineInput>[] {
  return lines.map((old, at) => lineInput(at === index ? asScriptLine({ ...line, section: line.section?.trim(), language: line.language ?? old.language }) : old));
}

/** The word a reaction follows, as its line says it (words as the API counts them, Intl.Segmenter's). */
export function wordAt(text: string, afterWord: number): string {
  const words = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
  return words[Math.min(Math.max(afterWord, 1), words.length) - 1] ?? '';
}

/**
 * The lines of `current` that the published revision does not say (a line is what is heard:
 * its speaker and text), by a line diff against the published transcript: the lines a
 * re-render voices again. Server-side, `pendingChanges` counts the same diff.
 */
export function unpublishedLines(published: readonly { speaker: string; text: string }[], current: readonly ScriptLine[]): Set<number> {
  const said = (line: { speaker: string; text: string }) => `${line.speaker}\u0000${line.text}`;
  const changed = new Set<number>();
  let at = 0;
  for (const part of diffArrays(published.map(said), current.map(said))) {
    if (part.removed) continue;
    if (part.added) for (let index = at; index < at + part.count; index++) changed.add(index);
    at += part.count;
  }
  return changed;
}
