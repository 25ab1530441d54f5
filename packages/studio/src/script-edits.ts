// A script as the editor changes it: numbered lines, each with a speaker, its text and, on
// the line that opens one, the title of a section (the chapters follow the sections). The
// changes that need the whole script sent again (PUT …/script) are made here, so every
// one of them keeps the sections of the lines it does not touch.

export const SPEAKERS = ['Host 1', 'Host 2'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export interface ScriptLine {
  speaker: Speaker;
  text: string;
  section?: string;
}

/** A line as the API sends it (`section` only on a line that opens one). */
export function asScriptLine(line: { speaker: string; text: string; section?: string }): ScriptLine {
  return { speaker: line.speaker as Speaker, text: line.text, ...(line.section ? { section: line.section } : {}) };
}

/** `line` in place of line `index`; a blank section title removes the section. */
export function withLine(lines: readonly ScriptLine[], index: number, line: ScriptLine): ScriptLine[] {
  return lines.map((old, at) => (at === index ? asScriptLine({ ...line, section: line.section?.trim() }) : old));
}

/**
 * Without line `index`. A removed line that opened a section hands its title to the next
 * line, unless that one opens its own: deleting a section's first line keeps its chapter.
 */
export function withoutLine(lines: readonly ScriptLine[], index: number): ScriptLine[] {
  const removed = lines[index];
  const next = lines[index + 1];
  const rest = lines.filter((_, at) => at !== index);
  if (removed?.section && next && !next.section) rest[index] = { ...next, section: removed.section };
  return rest;
}

/** `line` inserted after line `after` (-1: first). It opens no section; the section it falls in goes on through it. */
export function withInserted(lines: readonly ScriptLine[], after: number, line: ScriptLine): ScriptLine[] {
  const { speaker, text } = line;
  return [...lines.slice(0, after + 1), { speaker, text }, ...lines.slice(after + 1)];
}
