// The source as the built-in writer sees it: a title, sections (from the headings, or
// from topic shifts when there are none), and every sentence analysed: whether it can
// be spoken as it stands, whether it leans on the one before ("This meant…"), and how
// central it is to the text (the key phrases it carries).
import { baseLanguage, type Language } from '@castwright/core/languages';
import type { AnalysedSentence } from '../nlp/english-text.ts';
import { languageProfile } from '../nlp/language-profiles.ts';
import { paragraphAnalyser, type ParagraphAnalyser } from '../nlp/text-analysis.ts';
import { CaseEvidence, headOf, keyPhrases, scorePhrases, type KeyPhrase } from '../nlp/key-phrases.ts';
import { parseStructuredText, type Block } from '../text/structured-text.ts';
import { spokenWords } from './script-length.ts';
import { hasMarkup, isWholeSentence } from './spoken-text.ts';
import { locateSpans, type Span } from './source-spans.ts';
import { topicStarts } from '../nlp/topic-shifts.ts';
import { judgePassages, type LeftOutRun } from '../language/passage-language.ts';

export interface SourceSentence {
  /** Position in the whole text. */
  index: number;
  text: string;
  analysis: AnalysedSentence;
  section: number;
  paragraph: number;
  words: number;
  /** A whole sentence without markup: fit to be read out as it stands. */
  speakable: boolean;
  /** Starts with a pronoun or connective that needs the sentence before it. */
  leansOnPrevious: boolean;
  score: number;
  /** The episode source it is taken from (its index among the sources: 0 for a text read alone). */
  source: number;
  /** Where it stands in that source's text: what a line reading it refers to; null when the analysis changed it beyond finding. */
  span: Span | null;
  /** Set on a quote in another language than the document's (passage-language.ts): read in it, by a voice of it. */
  language?: Language;
}

export interface SourceSection {
  /** The heading it stands under, as written; null for text before any heading or a detected topic. */
  heading: string | null;
  sentences: SourceSentence[];
  /** Its best key phrases. */
  keyPhrases: KeyPhrase[];
  /** The source its sentences come from (every section holds one source's sentences). */
  source: number;
  /** Set when the section is one source's part of a theme several sources share (multi-source-document.ts): the shared phrase. */
  theme?: { key: string; text: string } | undefined;
}

export interface SourceDocument {
  language: Language;
  /** How the document's language is analysed (the same for its headings). */
  analyse: ParagraphAnalyser;
  /** The document's own title (its first heading), if it has one. */
  title: string | null;
  sections: SourceSection[];
  sentences: SourceSentence[];
  keyPhrases: KeyPhrase[];
  evidence: CaseEvidence;
  /** Every noun phrase's score by key, for picking subjects. */
  phraseScores: Map<string, number>;
  /** How often each noun phrase occurs, by key. */
  phraseOccurrences: Map<string, number>;
  /** The determiners the text writes before each phrase (by key and number, "lens|one"), '' for none. */
  determiners: Map<string, Map<string, number>>;
  /** Runs of another language left out of the document (passage-language.ts). */
  leftOut: LeftOutRun[];
}

const WORDS_PER_TOPIC = 350;

export function readSourceDocument(text: string, language: Language = 'en', source = 0): SourceDocument {
  const analyse = paragraphAnalyser(language);
  const leans = leaningTest(language);
  const blocks = parseStructuredText(text);
  const titleBlock = blocks[0]?.kind === 'heading' ? blocks[0] : undefined;
  const onlyTitle = titleBlock?.level === 1 && !blocks.slice(1).some((block) => block.kind === 'heading' && block.level === 1);
  const groups = headedGroups(onlyTitle ? blocks.slice(1) : blocks);

  const sentences: SourceSentence[] = [];
  const rawSections: RawSection[] = [];
  const leftOut: LeftOutRun[] = [];
  let paragraph = 0;
  for (const group of groups) {
    const read = group.paragraphs.flatMap((content) => {
      const id = paragraph++;
      return analyse(content).map((analysis) => ({ analysis, paragraph: id }));
    });
    // Another language: a quote is kept in it, a longer run left out (the one rule of passage-language.ts).
    const judged = judgePassages(read.map(({ analysis, paragraph: id }) => ({ text: analysis.text, paragraph: id })), language);
    leftOut.push(...judged.leftOut);
    const analysed = read.flatMap((entry, index) => {
      const fate = judged.fates[index];
      if (fate?.kind === 'left-out') return [];
      return [{ ...entry, quote: fate?.kind === 'quote' ? fate.language : undefined }];
    });
    // A long stretch under one heading (or a text without any) is cut where the topic shifts.
    const starts = new Set(topicStarts(analysed, WORDS_PER_TOPIC));
    let section: RawSection = { heading: group.heading, sentences: [], source };
    rawSections.push(section);
    analysed.forEach(({ analysis, paragraph: id, quote }, position) => {
      if (position > 0 && starts.has(position)) {
        section = { heading: null, sentences: [], source };
        rawSections.push(section);
      }
      const words = spokenWords(analysis.text);
      const entry: SourceSentence = {
        index: sentences.length,
        text: analysis.text,
        analysis,
        section: 0,
        paragraph: id,
        words,
        // A quote is analysed in the document's language, which cannot tell its verbs: a sentence by its closing mark.
        speakable: (quote ? /[.!?。！？»"”」]$/u.test(analysis.text) : isWholeSentence(analysis)) && !hasMarkup(analysis.text) && words <= 70,
        leansOnPrevious: quote ? false : leans(analysis),
        score: 0,
        source,
        span: null,
        ...(quote ? { language: quote } : {}),
      };
      sentences.push(entry);
      section.sentences.push(entry);
    });
  }
  locateSpans(text, sentences.map((sentence) => sentence.text)).forEach((span, index) => {
    (sentences[index] as SourceSentence).span = span;
  });
  return documentOf({ language, analyse, title: titleBlock?.text ?? null, sections: rawSections, sentences, leftOut });
}

/** A section as it is gathered, before its key phrases. */
export type RawSection = Omit<SourceSection, 'keyPhrases'>;

/**
 * The document of these sections: their sentences scored by the key phrases of the
 * whole, each section's own key phrases, and what naming a subject needs (one text read
 * alone, or several sources' sections together).
 */
export function documentOf(parts: { language: Language; analyse: ParagraphAnalyser; title: string | null; sections: readonly RawSection[]; sentences: SourceSentence[]; leftOut: LeftOutRun[] }): SourceDocument {
  const { language, analyse, sentences, leftOut } = parts;
  const sections = parts.sections.filter((section) => section.sentences.length > 0);
  const evidence = new CaseEvidence(sentences.map((sentence) => sentence.analysis));
  const scored = scorePhrases(sentences.map((sentence) => sentence.analysis), evidence);
  const phraseScores = new Map(scored.map((phrase) => [phrase.key, phrase.score]));
  const phraseOccurrences = new Map(scored.map((phrase) => [phrase.key, phrase.occurrences]));
  const determiners = new Map<string, Map<string, number>>();
  for (const phrase of sentences.flatMap((sentence) => sentence.analysis.phrases)) {
    const head = headOf(phrase);
    const form = `${phrase.key}|${head.normal !== head.lemma ? 'plural' : 'one'}`;
    const seen = determiners.get(form) ?? new Map<string, number>();
    seen.set(phrase.determiner, (seen.get(phrase.determiner) ?? 0) + 1);
    determiners.set(form, seen);
  }
  const top = scored[0]?.score ?? 1;
  for (const sentence of sentences) sentence.score = centrality(sentence, phraseScores, top);
  const result = sections.map((section, index) => {
    for (const sentence of section.sentences) sentence.section = index;
    return { ...section, keyPhrases: keyPhrases(section.sentences.map((sentence) => sentence.analysis), 5, evidence) };
  });
  return {
    language,
    analyse,
    title: parts.title,
    sections: result,
    sentences,
    keyPhrases: keyPhrases(sentences.map((sentence) => sentence.analysis), 12, evidence),
    evidence,
    phraseScores,
    phraseOccurrences,
    determiners,
    leftOut,
  };
}

/**
 * A phrase as the object of a sentence a host says: with "the" where the text uses
 * "the" with it, or uses it with "a" (a singular thing now known), and bare where the
 * text writes it bare (names, plurals, mass nouns): "the Fresnel lens", "keepers", "history".
 */
export function withArticle(document: SourceDocument, key: string, text: string): string {
  if (baseLanguage(document.language) !== 'en') return withWrittenArticle(document, key, text);
  const headText = (text.split(' of ')[0]?.split(/\s+/).at(-1) ?? text).toLowerCase();
  const headKey = key.split(' of ')[0]?.split(' ').at(-1) ?? key;
  const plural = headText !== headKey && /s$/.test(headText);
  if (plural) return (document.determiners.get(`${key}|plural`)?.get('the') ?? 0) > 0 ? `the ${text}` : text;
  const seen = document.determiners.get(`${key}|one`);
  if (!seen) return text;
  const the = seen.get('the') ?? 0;
  const bare = seen.get('') ?? 0;
  const indefinite = (seen.get('a') ?? 0) + (seen.get('an') ?? 0);
  if (the > 0 && the >= bare) return `the ${text}`;
  const head = text.split(' of ')[0]?.split(/\s+/).at(-1) ?? text;
  const named = /^\p{Lu}/u.test(head);
  if (!named && bare === 0 && (indefinite > 0 || seen.size > 0)) return `the ${text}`;
  return text;
}

/**
 * In a language with articles, a phrase as the object of a host's sentence takes the
 * definite article the text writes with it most ("la lente", "l'île", "o farol"; the
 * article a contraction carries counting too, and an indefinite article as the definite
 * of its gender and number: "una danza" is "la danza" once the hosts talk about it),
 * elided before a vowel as the language does ("une île" → "l'île"), unless the text writes
 * it bare as often (names, plurals); in Hindi, Japanese and Chinese it is always bare.
 */
function withWrittenArticle(document: SourceDocument, key: string, text: string): string {
  const seen = document.determiners.get(`${key}|one`);
  if (!seen) return text;
  const [article, count] = [...seen.entries()].filter(([word]) => word !== '').sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (article === '' || count < (seen.get('') ?? 0)) return text;
  const language = baseLanguage(document.language);
  const elides = language === 'en' ? undefined : languageProfile(language).elides;
  const written = elides?.articles.has(article) && elides.before.test(text) ? elides.elided : article;
  return written.endsWith("'") ? `${written}${text}` : `${written} ${text}`;
}

interface HeadedGroup {
  heading: string | null;
  /** Paragraph texts; each list item counts as a paragraph. Tables are not spoken. */
  paragraphs: string[];
}

function headedGroups(blocks: readonly Block[]): HeadedGroup[] {
  const groups: HeadedGroup[] = [{ heading: null, paragraphs: [] }];
  for (const block of blocks) {
    const current = groups.at(-1) as HeadedGroup;
    if (block.kind === 'heading') {
      // A heading with nothing under it yet (an outer heading over a sub-heading) gives way to the inner one.
      if (current.paragraphs.length === 0 && groups.length > 1) current.heading = block.text;
      else groups.push({ heading: block.text, paragraphs: [] });
    } else if (block.kind === 'paragraph') {
      current.paragraphs.push(block.text);
    } else if (block.kind === 'list') {
      current.paragraphs.push(...block.items);
    }
  }
  return groups.filter((group) => group.paragraphs.length > 0);
}

/** How much of the text's key vocabulary a sentence carries, per word (long sentences do not win by length). */
function centrality(sentence: SourceSentence, scores: ReadonlyMap<string, number>, top: number): number {
  const carried = sentence.analysis.phrases.reduce((sum, phrase) => sum + (scores.get(phrase.key) ?? 0) / top, 0);
  return carried / Math.sqrt(Math.max(4, sentence.words));
}

const DEMONSTRATIVE = /^(?:this|these|that|those|such|both)$/;
const FIRST_OR_SECOND_PERSON = /^(?:i|we|you)$/;

/** The test of whether a sentence needs the one before it: by its tags in English, by its first words elsewhere. */
function leaningTest(language: Language): (sentence: AnalysedSentence) => boolean {
  const base = baseLanguage(language);
  if (base === 'en') return leansOnPrevious;
  const profile = languageProfile(base);
  return (sentence) => {
    const start = sentence.text.toLowerCase().replace(/^[¿¡"«\s]+/u, '');
    // "Sin embargo", "Cela", "それ", "但是": on a word boundary where words are written apart.
    return profile.leaning.some((entry) => start.startsWith(entry) && (!profile.spaced || entry.endsWith("'") || !/[\p{L}\p{M}]/u.test(start.charAt(entry.length))));
  };
}

/** "It…", "They…", "This…", "But…", "However, …": the sentence needs the one before it. */
function leansOnPrevious(sentence: AnalysedSentence): boolean {
  const [first, second] = sentence.words;
  if (!first) return false;
  if (first.pos === 'CCONJ') return true;
  if (first.pos === 'PRON') return !FIRST_OR_SECOND_PERSON.test(first.normal);
  if (first.pos === 'DET') return DEMONSTRATIVE.test(first.normal);
  return first.pos === 'ADV' && second?.text === ',';
}
