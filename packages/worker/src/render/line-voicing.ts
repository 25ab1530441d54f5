// How each line of an episode is voiced: the one place that decides a line's voice (and,
// as they come, the pronunciation entries that apply to it and its delivery settings).
// Everything here goes into the line's segment key, so a change to any of it voices the
// line again, and nothing else does.
import type { ScriptLine } from '@castwright/core/script-lines';
import type { Casting } from '@castwright/media/voice-casting';
import type { VoicingLine } from '@castwright/media/voice-lines';

export function voicingLines(lines: readonly ScriptLine[], casting: Casting): VoicingLine[] {
  return lines.map((line) => ({ ...line, voice: casting.voices[line.speaker] }));
}
