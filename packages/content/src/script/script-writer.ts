// The contract every script writer keeps (the built-in offline writer and the LLM
// writer), as `media/tts-engine.ts` is for voices: what it is asked for and what it
// gives back.
import type { HostMode, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import type { Preset } from '@castwright/core/tiers';

/** Conversational speech runs at about 150 words a minute; scripts are sized by it. */
export const WORDS_PER_MINUTE = 150;

export interface ScriptRequest {
  text: string;
  preset: Preset;
  hostMode: HostMode;
  voiceStyle: VoiceStyle;
  voicePair: VoicePair;
}

/** Tokens an LLM billed for a script, summed over every request it took (repairs included). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export const NO_TOKENS: TokenUsage = { inputTokens: 0, outputTokens: 0 };

export interface WrittenScript {
  title: string;
  description: string;
  lines: ScriptLine[];
  /** What writing it cost in tokens; zero for the built-in writer. */
  tokens: TokenUsage;
}
