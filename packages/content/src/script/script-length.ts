// How long a script will run once rendered, from the pace it will be read at: each
// line's spoken words at its host's measured rate, plus the renderer's silences
// (lead-in, lead-out, and a turn or breath pause between lines). Both writers size
// their scripts with it, so the minutes asked for are minutes of audio. A reaction is
// said under another line and takes no time of its own; a cut-in starts its overlap early.
import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import { words } from '../text/sentences.ts';
import type { ScriptPace } from './script-writer.ts';

/**
 * Words as a voice says them: a number is read as about one word per two digits
 * ("1850" → "eighteen fifty"), everything else one word each.
 */
export function spokenWords(text: string): number {
  return words(text).reduce((sum, word) => sum + (/^[0-9][0-9,.]*$/.test(word) ? Math.max(1, Math.ceil(word.replace(/[^0-9]/g, '').length / 2)) : 1), 0);
}

/** A speaker's words a minute; a speaker the pace does not know reads at Host 1's. */
function rateOf(pace: ScriptPace, speaker: Speaker): number {
  return pace.wordsPerMinute[speaker] ?? pace.wordsPerMinute['Host 1'];
}

export function lineMs(text: string, speaker: Speaker, pace: ScriptPace): number {
  return (spokenWords(text) / rateOf(pace, speaker)) * 60_000;
}

export function estimateScriptMs(lines: readonly ScriptLine[], pace: ScriptPace): number {
  let ms = pace.leadInMs + pace.leadOutMs;
  let previous: ScriptLine | undefined;
  for (const line of lines) {
    if (line.reaction) continue;
    ms += lineMs(line.text, line.speaker, pace);
    if (previous) ms += line.overlapMs !== undefined ? -line.overlapMs : previous.speaker === line.speaker ? pace.pauseMsWithinSpeaker : pace.pauseMsBetweenTurns;
    previous = line;
  }
  return ms;
}

/**
 * Words to ask for to fill `targetMs`, for a writer that does not place every line
 * itself (the LLM): speech at the hosts' mean rate, plus a pause every `wordsPerLine`.
 * The hosts are one or two by hostMode, or the speakers named.
 */
export function wordsForMs(targetMs: number, pace: ScriptPace, hosts: 'single' | 'multi' | readonly Speaker[], wordsPerLine = 45): number {
  const speakers: readonly Speaker[] = hosts === 'single' ? ['Host 1'] : hosts === 'multi' ? ['Host 1', 'Host 2'] : hosts;
  const rate = speakers.reduce((sum, speaker) => sum + rateOf(pace, speaker), 0) / speakers.length;
  const pause = speakers.length === 1 ? pace.pauseMsWithinSpeaker : pace.pauseMsBetweenTurns;
  const msPerWord = 60_000 / rate + pause / wordsPerLine;
  return Math.max(1, Math.round((targetMs - pace.leadInMs - pace.leadOutMs) / msPerWord));
}
