// Everything the built-in writer's hosts say in one language: the voiceStyle's openings,
// transitions, reactions and sign-offs, the voicePair's greetings, questions and thanks,
// the briefing templates, how named hosts introduce, greet, thank and address each
// other, and how a list is said. English lives in offline-phrasing.ts and
// briefing-phrasing.ts; every other language in phrasing/<language>.ts, written for its
// grammar: a slot takes a phrase as the source writes it (with its article where the
// language has one, bare otherwise), so the words around a slot never need to agree
// with it or contract into it. A host never speaks English around another language.
// phrasing/phrasing-by-language.ts picks the table.
import type { TemplateType } from '@castwright/core/briefing-options';
import type { VoicePair, VoiceStyle } from '@castwright/core/episode-options';

export type Template = (phrase: string) => string;

export interface Phrasing {
  opening: Template;
  transitions: Template[];
  reactions: string[];
  signOff: string;
}

export interface PairPhrasing {
  /** Host 2's reply to the opening. */
  greeting: string;
  questions: Template[];
  /** Said before the answer in a debate, where both sides argue; empty for the others. */
  answerLeads: string[];
  /** The asker's reactions, where the pair has its own (a debater concedes rather than marvels). */
  reactions?: string[];
  /** Host 2's closing words before Host 1 signs off. */
  thanks: string;
}

export interface BriefingPhrasing {
  /** Host 1's first words; `count` items follow. */
  opening: (title: string, count: number) => string;
  /** The items ahead, named once at the start. */
  rundown: (labels: readonly string[]) => string;
  /** Host 2's reply to the opening, with two hosts. */
  greeting: string;
  /** Leads into item `position` (0-based) of `total`. */
  transition: (label: string, position: number, total: number) => string;
  /** The asker's questions before each answer, with two hosts. */
  questions: Template[];
  /** Looks back over the items before the sign-off. */
  closing: (labels: readonly string[]) => string;
  signOff: string;
}

export interface ShowPhrasing {
  styles: Record<VoiceStyle, Phrasing>;
  pairs: Record<VoicePair, PairPhrasing>;
  briefings: Record<TemplateType, BriefingPhrasing>;
  /** Into the first section. */
  start: Template;
  /** The sections ahead, after the welcome. */
  preview: (labels: readonly string[]) => string;
  /** What was covered, before the goodbye. */
  recap: (labels: readonly string[]) => string;
  /** "a, b and c". */
  list: (items: readonly string[]) => string;
  /** Between two sentences of one line: a space, or nothing in Japanese and Chinese. */
  gap: string;
  /** How Host 1 introduces itself and the other named hosts. */
  introduceHosts: (first: string, others: readonly string[]) => string;
  /** What the third and fourth named hosts say after greeting Host 1 (the second uses the pair's greeting). */
  namedGreetings: readonly string[];
  /** What the third and fourth named hosts say before the sign-off (the second uses the pair's thanks). */
  namedThanks: readonly string[];
  /** A named host greeting Host 1 by name. */
  greetHost: Template;
  /** Host 1 thanking the other named hosts before signing off. */
  thankHosts: (names: readonly string[]) => string;
  /** A question put to a named host. */
  address: (name: string, question: string) => string;
  /** The sentence under a briefing item's title naming where it comes from (part of the compiled source). */
  itemSource: Template;
  /** A briefing episode's description. */
  briefingDescription: (labels: readonly string[]) => string;
  /** A section with nothing to name it by. */
  nextPart: string;
  /** A text with no title and no key phrase. */
  thisStory: string;
  /** A chapter title when its part of the talk names nothing. */
  part: (number: number) => string;
}

/** The item at `index`, rotating. */
export function pick<T>(items: readonly T[], index: number): T {
  return items[((index % items.length) + items.length) % items.length] as T;
}

/** "a, b and c" as the language lists things (Intl.ListFormat). */
export function listFormatter(language: string): (items: readonly string[]) => string {
  const format = new Intl.ListFormat(language, { type: 'conjunction' });
  return (items) => format.format(items);
}

/** The first letter after any opening punctuation in lower case ("¿Qué…" → "¿qué…"), for a question put after a name. */
export function lowerFirst(text: string): string {
  return text.replace(/^([¿¡"«\s]*)(\p{Lu})(?=\p{Ll})/u, (_, open: string, letter: string) => `${open}${letter.toLowerCase()}`);
}
