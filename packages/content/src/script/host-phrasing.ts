// Whether a sentence is the hosts' own framing from the built-in writer's tables (a
// greeting, a transition, a reaction, a question frame, a sign-off) rather than the
// source's words, in the episode's language: show notes leave it out, so "useful point"
// or "episode" never becomes a topic. Every table sentence becomes a pattern, its
// variable parts (a subject, a list, a host's name) matching any words.
import { analyseSegmentedParagraph } from '../nlp/segmented-text.ts';
import { baseLanguage, type Language } from '@castwright/core/languages';
import { briefingFramingTexts } from './briefing-phrasing.ts';
import { showPhrasing } from './phrasing/phrasing-by-language.ts';
import { sourceFramingTexts } from './source-phrasing.ts';
import type { ShowPhrasing } from './show-phrasing.ts';

const SLOT = '\uE000';
/** A host's name (or a list of names) in a framing sentence: short, without sentence punctuation. */
const NAME = '\uE001';
const NAME_PATTERN = '[^,.!?、，。！？]{1,40}';

const framing = new Map<string, RegExp[]>();

export function isHostPhrasing(sentence: string, language: Language = 'en'): boolean {
  let patterns = framing.get(language);
  if (!patterns) {
    patterns = framingPatterns(language);
    framing.set(language, patterns);
  }
  return patterns.some((pattern) => pattern.test(sentence.trim()));
}

function framingPatterns(language: Language): RegExp[] {
  const phrasing = showPhrasing(language);
  const texts: string[] = [];
  const questions: string[] = [];
  for (const style of Object.values(phrasing.styles)) texts.push(style.opening(SLOT), ...style.transitions.map((make) => make(SLOT)), ...style.reactions, style.signOff);
  for (const pair of Object.values(phrasing.pairs)) {
    texts.push(pair.greeting, pair.thanks, ...pair.answerLeads, ...(pair.reactions ?? []));
    questions.push(...pair.questions.map((make) => make(SLOT)));
  }
  texts.push(phrasing.preview([SLOT]), phrasing.recap([SLOT, SLOT]), phrasing.recap([SLOT]), phrasing.start(SLOT), phrasing.itemSource(SLOT), ...briefingFramingTexts(phrasing.briefings, SLOT));
  // Naming an episode's sources, handing over to one, comparing them (source-phrasing.ts).
  texts.push(...sourceFramingTexts(language, SLOT));
  // Named hosts (offline-cast.ts) introduce, greet and thank each other by name.
  const others = [[], [NAME], [NAME, NAME], [NAME, NAME, NAME]];
  texts.push(
    ...others.map((names) => phrasing.introduceHosts(NAME, names)),
    ...others.slice(1).map((names) => phrasing.thankHosts(names)),
    phrasing.greetHost(NAME),
    ...phrasing.namedGreetings,
    ...phrasing.namedThanks,
  );
  const sentencesOf = (list: string[]) => [...new Set(list.flatMap((text) => splitSentences(language, text)))];
  const pattern = (sentence: string) => sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(SLOT, '.+').replaceAll(NAME, NAME_PATTERN);
  return [
    ...sentencesOf(texts).map((sentence) => new RegExp(`^${pattern(sentence)}$`, 'u')),
    ...sentencesOf(questions).map((sentence) => new RegExp(`^${addressed(phrasing, language, sentence, pattern)}$`, 'u')),
  ];
}

/** A question, put to a named host or not. */
function addressed(phrasing: ShowPhrasing, language: Language, sentence: string, pattern: (sentence: string) => string): string {
  // English: the name and a comma before it, its first letter lowered (as it always was).
  if (baseLanguage(language) === 'en') return `(?:${NAME_PATTERN}, )?${pattern(sentence).replace(/^(\p{L})/u, (letter) => `[${letter}${letter.toLowerCase()}]`)}`;
  return `(?:${pattern(phrasing.address(NAME, sentence))}|${pattern(sentence)})`;
}

/** Framing texts in the sentences the show notes' analysis will see. */
function splitSentences(language: Language, text: string): string[] {
  const base = baseLanguage(language);
  if (base === 'en') return text.split(/(?<=[.!?])\s+/);
  return analyseSegmentedParagraph(base, text).map((sentence) => sentence.text);
}
