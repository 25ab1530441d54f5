// What the built-in writer's hosts say that belongs to a format rather than to a voice
// style or pair (show-phrasing.ts): a brief's numbered points, a debate's positions and
// rebuttals, a critique's strengths and gaps, an interview's guest and follow-ups, and the
// reactions a listening host makes under another's line. One table per language, written
// for its grammar as the show's phrasing is (format-phrasing/<language>.ts): a slot takes
// a phrase as the source writes it, so the words around it never need to agree with it.
import { baseLanguage, type BaseLanguage, type Language } from '@castwright/core/languages';
import type { Template } from './show-phrasing.ts';
import { CHINESE_FORMATS } from './format-phrasing/chinese.ts';
import { ENGLISH_FORMATS } from './format-phrasing/english.ts';
import { FRENCH_FORMATS } from './format-phrasing/french.ts';
import { HINDI_FORMATS } from './format-phrasing/hindi.ts';
import { ITALIAN_FORMATS } from './format-phrasing/italian.ts';
import { JAPANESE_FORMATS } from './format-phrasing/japanese.ts';
import { PORTUGUESE_FORMATS } from './format-phrasing/portuguese.ts';
import { SPANISH_FORMATS } from './format-phrasing/spanish.ts';

export interface FormatPhrasing {
  brief: {
    /** Host 1's first words: the subject, and how many main points follow. */
    opening: (subject: string, points: number) => string;
    /** Names point `position` (0-based) of `total` before its sentences. */
    point: (label: string, position: number, total: number) => string;
    /** After the last point: the points again, in a breath. */
    closing: (labels: readonly string[]) => string;
  };
  debate: {
    /** Host 1's position: the source has it right about the subject. */
    for: Template;
    /** The other side's position on the same subject: the opposite one. */
    against: Template;
    /** Before a caveat the source itself gives, read as the other side's evidence. */
    counters: string[];
    /** The other side's challenge when the source gives no caveat to read. */
    challenges: Template[];
    /** Before the rest of Host 1's evidence, answering the other side. */
    rebuttals: string[];
    /** Each side's last word on the subject: Host 1's, then the other's. */
    closings: [Template, Template];
  };
  critique: {
    /** Opens a part on what the source does well about it. */
    strengths: Template[];
    /** The title of the part on what it misses, as the host announces it. */
    missesTitle: string;
    /** Opens that part (its words include every word of missesTitle). */
    missesOpening: string;
    /** Before a claim the source only hedges (the sentence follows). */
    hedged: string;
    /** A kept part that gives no figure to check. */
    noFigures: Template;
    /** Something the source names once and never explains. */
    mentionedOnce: Template;
    /** Said when nothing is found missing. */
    nothingMissing: string;
    /** The verdict, naming what it does well. */
    verdict: (strengths: readonly string[]) => string;
  };
  interview: {
    /** Host 1 introduces the guest as an expert on the subject. */
    introduceGuest: Template;
    /** The guest's answer to that. */
    guestGreeting: string;
    /** Asked after an answer, before its next part. */
    followUps: string[];
    /** The last question. */
    takeaway: string;
  };
  /** A listening host's short reactions: plain backchannels, and after a figure or a surprise. */
  reactions: { backchannel: string[]; surprise: string[] };
}

const FORMAT_PHRASINGS: Record<BaseLanguage, FormatPhrasing> = {
  en: ENGLISH_FORMATS,
  es: SPANISH_FORMATS,
  fr: FRENCH_FORMATS,
  it: ITALIAN_FORMATS,
  pt: PORTUGUESE_FORMATS,
  hi: HINDI_FORMATS,
  ja: JAPANESE_FORMATS,
  zh: CHINESE_FORMATS,
};

export function formatPhrasing(language: Language): FormatPhrasing {
  return FORMAT_PHRASINGS[baseLanguage(language)];
}
