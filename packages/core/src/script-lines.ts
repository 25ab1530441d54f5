// A script is a list of turns, each spoken by one of up to four hosts. The one
// definition of a line, its speakers and its bounds, shared by the writers, the review
// endpoints and the renderer. A line may also be a reaction under the line before it, or
// cut in before that line ends (script-overlaps.ts has their rules).
import type { SourceRef } from './source-refs.ts';
import type { Language } from './languages.ts';

/** Every label a script may use, in order: an episode with N hosts uses the first N. */
export const SPEAKERS = ['Host 1', 'Host 2', 'Host 3', 'Host 4'] as const;
export type Speaker = (typeof SPEAKERS)[number];

/** The most hosts an episode may have (`hosts` on POST /api/episodes). */
export const MAX_HOSTS = SPEAKERS.length;

export interface ScriptLine {
  speaker: Speaker;
  text: string;
  /** Set on the first line of a section of the script: that section's title, as the host announces it. */
  section?: string | undefined;
  /** The passages of the episode's sources the line draws on (source-refs.ts); kept beside the script text, not in it. */
  sourceRefs?: SourceRef[] | undefined;
  /**
   * Set only when the line is in another language than the episode's: a short passage of
   * the source kept in its own language (a quote), voiced by a voice of that language
   * (content/language/passage-language.ts decides which passages stay).
   */
  language?: Language | undefined;
  /**
   * Set on a reaction: a short backchannel or interjection by a host who is listening,
   * mixed under its host line (the nearest line before it that is no reaction), starting in
   * the pause after that line's word `afterWord` (1 for its first word).
   */
  reaction?: { afterWord: number } | undefined;
  /** Set on a cut-in: the line starts this many milliseconds before the line before it ends. */
  overlapMs?: number | undefined;
}

/** Longest section title: a chapter name, not a sentence. */
export const MAX_SECTION_TITLE_CHARACTERS = 120;

/** Longest text of one turn: a long paragraph, far more than one breath of speech. */
export const MAX_SCRIPT_LINE_CHARACTERS = 2000;
/** Most turns in one script: the longest episode (two hours) needs several hundred. */
export const MAX_SCRIPT_LINES = 2000;

export function isSpeaker(value: string): value is Speaker {
  return (SPEAKERS as readonly string[]).includes(value);
}

/** The labels of an episode with `count` hosts: `Host 1` … `Host <count>`. */
export function speakersFor(count: number): Speaker[] {
  return SPEAKERS.slice(0, Math.max(1, Math.min(MAX_HOSTS, count)));
}
