// The stored script format: one line per turn, `[Host 1]: text`. Parsing is strict
// about the label and forgiving about blank lines, so an edited script still renders.
import { isSpeaker, type ScriptLine } from '@castwright/core/script-lines';

const LINE = /^\[(Host [12])\]:\s*(.+)$/;

export function formatScript(lines: readonly ScriptLine[]): string {
  return lines.map((line) => `[${line.speaker}]: ${line.text}`).join('\n');
}

export function parseScript(script: string): ScriptLine[] {
  const lines: ScriptLine[] = [];
  for (const [index, raw] of script.split(/\r?\n/).entries()) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const match = LINE.exec(trimmed);
    if (!match?.[1] || !match[2] || !isSpeaker(match[1])) throw new Error(`Script line ${index + 1} is not of the form "[Host 1]: text"`);
    lines.push({ speaker: match[1], text: match[2].trim() });
  }
  return lines;
}
