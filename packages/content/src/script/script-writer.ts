// The contract every script writer keeps (the built-in offline writer and the LLM
// writer), as `media/tts-engine.ts` is for voices: what it is asked for and what it
// gives back.
import type { TemplateType } from '@castwright/core/briefing-options';
import type { Format, HostMode, ReactionLevel, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import type { SourceKind } from '@castwright/core/episode-sources';
import type { Language } from '@castwright/core/languages';
import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import type { ScriptHost } from './script-hosts.ts';
import type { LeftOutRun } from '../language/passage-language.ts';

/**
 * How the episode will sound, so a script can be sized to its length in minutes of
 * audio rather than in words: each host's speaking rate on the engine and voice that
 * will read it (measured, pauses inside a line included), and the silences the
 * renderer puts between lines. The worker fills it in from the voice casting table
 * and the measured rates (`worker/script-pace.ts`); content never imports media.
 */
export interface ScriptPace {
  /** Host 1 and Host 2 always (a one-host episode's Host 2 speaks as its host); Host 3 and 4 with that many hosts. */
  wordsPerMinute: Record<'Host 1' | 'Host 2', number> & Partial<Record<Speaker, number>>;
  /** Silence when the other host speaks next. */
  pauseMsBetweenTurns: number;
  /** Silence when the same host goes on with another line. */
  pauseMsWithinSpeaker: number;
  leadInMs: number;
  leadOutMs: number;
}

/** One of the episode's sources, as read: what its lines' refs point into. */
export interface ScriptSource {
  /** Its place among the episode's sources (0 for the first): the `source` of refs. */
  index: number;
  kind: SourceKind;
  /** What a listener knows it by (a page's title, a document's heading or name); null for a text without one. */
  title: string | null;
  /** Structured text (text/structured-text.ts), as stored: refs are character spans of it. */
  text: string;
  /** The language detected in it (any BCP 47 tag); null when it cannot tell. */
  language: string | null;
}

export interface ScriptRequest {
  /** Structured source text (text/structured-text.ts): the sources' texts together, or the one text when `sources` is left out. */
  text: string;
  /**
   * The episode's sources, in order, each with its own text: the script covers every one
   * (sections by shared theme, else by source), says where each point comes from, and each
   * line carries refs into them. Left out: `text` is the one source (index 0).
   */
  sources?: readonly ScriptSource[] | undefined;
  /** Minutes of audio to plan for: the minutes asked for, or the preset's (core/episode-length.ts). */
  minutes: number;
  hostMode: HostMode;
  voiceStyle: VoiceStyle;
  voicePair: VoicePair;
  pace: ScriptPace;
  /**
   * Named hosts, 1 to 4: the script has exactly that many speakers, `Host 1` for the first
   * and so on, who address each other by name and share the lines fairly (script-hosts.ts).
   * Left out, hostMode decides: one host, or two (whose roles voicePair gives).
   */
  hosts?: readonly ScriptHost[] | undefined;
  /**
   * Set for a briefing's episode: the text is its items, one `##` section each, and the
   * script takes the template's structure and tone and this title.
   */
  briefing?: { template: TemplateType; title: string } | undefined;
  /** The episode's language: every line, the title and the description are written in it. English when left out. */
  language?: Language | undefined;
  /** How the episode is built (deep_dive when left out): each format has its own structure. */
  format?: Format | undefined;
  /**
   * How much the listening hosts react (none when left out): reaction lines under another
   * host's line and, when lively, cut-ins. `none` writes the strict turns of before.
   */
  reactions?: ReactionLevel | undefined;
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
  /** Each section's first line carries its title (`section`), worded as the host announces it in that line. */
  lines: ScriptLine[];
  /**
   * How long the whole source runs read out at the pace, when that is short of the
   * minutes asked for: the script is then shorter, never padded. Null when it holds enough.
   */
  sourceLimitMs: number | null;
  /** What writing it cost in tokens; zero for the built-in writer. */
  tokens: TokenUsage;
  /** Indices of sources no line draws on: the length could not hold them. */
  leftOut?: number[] | undefined;
  /** Runs of another language than the episode's left out of what the writer read (passage-language.ts). */
  languageLeftOut?: LeftOutRun[] | undefined;
  /** Refs the writer gave that did not hold up (an unknown passage, or no content word shared with the line), dropped. */
  refsDropped?: number | undefined;
}

/** The request's sources: those given, or its text as the one source. */
export function requestSources(request: Pick<ScriptRequest, 'text' | 'sources'>): readonly ScriptSource[] {
  return request.sources && request.sources.length > 0 ? request.sources : [{ index: 0, kind: 'text', title: null, text: request.text, language: null }];
}
