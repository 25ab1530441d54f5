// How each line of an episode is voiced: the one place that decides a line's voice (its
// host's, as the engine casts it) and the pronunciation entries that apply to it (from the
// lexicon read when the render started). Everything here goes into the line's segment
// key, so a change to any of it voices the line again, and nothing else does.
import type { ScriptLine } from '@castwright/core/script-lines';
import type { Lexicon } from '@castwright/media/pronunciation/lexicon';
import type { Casting } from '@castwright/media/voice-casting';
import type { VoicingLine } from '@castwright/media/voice-lines';

export function planVoicing(lines: readonly ScriptLine[], casting: Casting, lexicon: Lexicon): VoicingLine[] {
  return lines.map((line) => {
    // A speaker the episode does not have has no voice: voiceLines refuses the line, by number.
    const voice = casting.voices[line.speaker];
    const pronunciations = lexicon.entriesIn(line.text);
    return { ...line, ...(voice === undefined ? {} : { voice }), ...(pronunciations.length > 0 ? { pronunciations } : {}) };
  });
}
