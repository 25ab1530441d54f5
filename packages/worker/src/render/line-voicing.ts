// How each line of an episode is voiced: the one place that decides a line's voice (its
// host's, as the engine casts it; for a quote in another language, the engine's voice of
// that language closest to the host's) and the pronunciation entries that apply to it
// (from the lexicon read when the render started). Everything here goes into the line's
// segment key, so a change to any of it voices the line again, and nothing else does.
import { baseLanguage } from '@castwright/core/languages';
import type { ScriptLine } from '@castwright/core/script-lines';
import { isCustomVoiceId } from '@castwright/core/voices/voice-ids';
import type { Lexicon } from '@castwright/media/pronunciation/lexicon';
import { quoteVoice, type EngineName } from '@castwright/media/voice-casting';
import type { VoicingLine } from '@castwright/media/voice-lines';
import type { EngineCasting } from './engine-fallback.ts';

export function planVoicing(lines: readonly ScriptLine[], casting: EngineCasting, lexicon: Lexicon): VoicingLine[] {
  const shared = casting.engine.voices().filter((voice) => !isCustomVoiceId(voice));
  const languageOf = casting.engine.voiceLanguage?.bind(casting.engine);
  return lines.map((line) => {
    // A speaker the episode does not have has no voice: voiceLines refuses the line, by number.
    const host = casting.voices[line.speaker];
    const quote = line.language && baseLanguage(line.language) !== baseLanguage(casting.language) ? line.language : undefined;
    const voice = host !== undefined && quote ? quoteVoice(casting.engine.name as EngineName, host, quote, shared, languageOf) : host;
    const pronunciations = lexicon.entriesIn(line.text);
    const { language: _own, ...rest } = line;
    return { ...rest, ...(quote ? { language: quote } : {}), ...(voice === undefined ? {} : { voice }), ...(pronunciations.length > 0 ? { pronunciations } : {}) };
  });
}
