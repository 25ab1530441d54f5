// Several sources as one document for the built-in writer: each source is read on its
// own (source-document.ts, judged against the episode's language), then the
// subjects they share are found (key phrases of one source that the others mention too)
// and become themes: each source's paragraphs about a theme form that source's part of
// it, the parts of one theme standing together so the hosts can compare what each says.
// What no other source shares stays in the source's own sections, in its order. Themes
// come first (best first), then each source's own material, source by source. Every
// sentence keeps its source and its span in that source's text, so a line reading it
// knows what it refers to.
import type { Language } from '@castwright/core/languages';
import { headOf } from '../nlp/key-phrases.ts';
import { paragraphAnalyser } from '../nlp/text-analysis.ts';
import { documentOf, readSourceDocument, type RawSection, type SourceDocument, type SourceSentence } from './source-document.ts';
import type { ScriptSource } from './script-writer.ts';

/** At most this many themes: more would cut every source into slivers. */
const MAX_THEMES = 4;
/** A key phrase a source ranks this high (of its 12) may become a theme. */
const THEME_CANDIDATES = 8;
/** The most of a source's paragraphs one theme takes. */
const MAX_THEME_SHARE = 0.4;

interface Theme {
  key: string;
  text: string;
  /** Lemma of the phrase's head: a sentence naming the head alone ("the budget") is about a one-word theme too. */
  head: string;
  single: boolean;
  score: number;
}

/** `themes: false` keeps every source whole, in its own sections (a briefing's items, one segment each). */
export function readSourceDocuments(sources: readonly ScriptSource[], language: Language, options: { themes: boolean } = { themes: true }): SourceDocument {
  // Each source is judged against the episode's language: a source in another is a long run of it,
  // left out but for its short quotes (passage-language.ts), as a passage of one text would be.
  const documents = sources.map((source) => readSourceDocument(source.text, language, source.index));
  const themes = options.themes ? sharedThemes(documents) : [];
  const assignment = assignParagraphs(documents, themes);

  const sections: RawSection[] = [];
  for (const theme of themes) {
    documents.forEach((document, n) => {
      const part = document.sentences.filter((sentence) => assignment[n]?.get(sentence.paragraph) === theme.key);
      if (part.length > 0) sections.push({ heading: null, sentences: part, source: (sources[n] as ScriptSource).index, theme: { key: theme.key, text: theme.text } });
    });
  }
  documents.forEach((document, n) => {
    let first = true;
    for (const section of document.sections) {
      const rest = section.sentences.filter((sentence) => !assignment[n]?.has(sentence.paragraph));
      if (rest.length === 0) continue;
      // Kept whole (a briefing's item), a source's material opens under its title when its text gives it no heading.
      const heading = section.heading ?? (first && !options.themes ? (document.title ?? (sources[n] as ScriptSource).title) : null);
      sections.push({ heading, sentences: rest, source: section.source });
      first = false;
    }
  });

  // One numbering for the whole: sentences in the order of their sections, paragraphs apart per source.
  const sentences: SourceSentence[] = [];
  const renumbered = sections.map((section) => ({
    ...section,
    sentences: section.sentences.map((sentence) => {
      const copy: SourceSentence = { ...sentence, index: sentences.length, paragraph: sentence.source * 1_000_000 + sentence.paragraph };
      sentences.push(copy);
      return copy;
    }),
  }));
  return documentOf({ language, analyse: paragraphAnalyser(language), title: null, sections: renumbered, sentences, leftOut: documents.flatMap((document) => document.leftOut) });
}

/**
 * Subjects two or more sources share: a key phrase one source ranks high that another ranks
 * among its own key phrases too (the same phrase, or for a one-word phrase the same head),
 * best by how much all of them make of it; no two about the same head. A word another
 * source merely mentions makes no theme.
 */
function sharedThemes(documents: readonly SourceDocument[]): Theme[] {
  const candidates = new Map<string, Theme>();
  for (const document of documents) {
    for (const phrase of document.keyPhrases.slice(0, THEME_CANDIDATES)) {
      const rankedBy = documents.filter((other) => other.keyPhrases.some((candidate) => candidate.key === phrase.key || (phrase.words === 1 && candidate.head === phrase.head))).length;
      if (rankedBy < 2) continue;
      const score = documents.reduce((sum, other) => sum + (other.phraseScores.get(phrase.key) ?? 0), 0);
      const known = candidates.get(phrase.key);
      if (!known || known.score < score) candidates.set(phrase.key, { key: phrase.key, text: phrase.text, head: phrase.head, single: phrase.words === 1, score });
    }
  }
  const themes: Theme[] = [];
  for (const theme of [...candidates.values()].sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))) {
    if (themes.length >= MAX_THEMES) break;
    if (themes.some((taken) => taken.head === theme.head || taken.key.includes(theme.key) || theme.key.includes(taken.key))) continue;
    themes.push(theme);
  }
  return themes;
}

/** Which theme a sentence names, best theme first; undefined for none. */
function themeOf(sentence: SourceSentence, themes: readonly Theme[]): Theme | undefined {
  return themes.find((theme) => sentence.analysis.phrases.some((phrase) => phrase.key === theme.key || (theme.single && headOf(phrase).lemma === theme.head)));
}

/**
 * For each source, its paragraphs that belong to a theme (paragraph → theme key): a
 * paragraph goes with the theme it opens by naming, or the one most of its sentences name
 * when a third of them do, a theme taking at most a share
 * of the source's paragraphs (the densest). A theme that ends up with
 * speakable sentences from fewer than two sources is no theme; its paragraphs go back.
 */
function assignParagraphs(documents: readonly SourceDocument[], themes: Theme[]): Map<number, string>[] {
  for (;;) {
    const assignment = documents.map((document) => {
      const votes = new Map<number, Map<string, number>>();
      const opens = new Map<number, string>();
      for (const sentence of document.sentences) {
        const theme = themeOf(sentence, themes);
        const first = !document.sentences[sentence.index - 1] || document.sentences[sentence.index - 1]?.paragraph !== sentence.paragraph;
        if (!theme) continue;
        if (first) opens.set(sentence.paragraph, theme.key);
        const tally = votes.get(sentence.paragraph) ?? new Map<string, number>();
        tally.set(theme.key, (tally.get(theme.key) ?? 0) + 1);
        votes.set(sentence.paragraph, tally);
      }
      const rank = new Map(themes.map((theme, index) => [theme.key, index]));
      const sizes = new Map<number, number>();
      for (const sentence of document.sentences) sizes.set(sentence.paragraph, (sizes.get(sentence.paragraph) ?? 0) + 1);
      // A paragraph is about a theme when it opens by naming it, or a third of its sentences do.
      const about = [...votes.entries()].flatMap(([paragraph, tally]) => {
        const [key, count] = [...tally.entries()].sort((a, b) => b[1] - a[1] || (rank.get(a[0]) ?? 0) - (rank.get(b[0]) ?? 0))[0] as [string, number];
        const size = sizes.get(paragraph) ?? 1;
        const opened = opens.get(paragraph);
        if (opened !== undefined && count * 3 < size) return [{ paragraph, key: opened, density: 1 / size }];
        return count * 3 >= size ? [{ paragraph, key, density: count / size }] : [];
      });
      // A theme takes at most a share of a source, its densest paragraphs: the rest is the source's own.
      const room = Math.max(1, Math.floor(sizes.size * MAX_THEME_SHARE));
      const kept = themes.flatMap((theme) => about.filter((entry) => entry.key === theme.key).sort((a, b) => b.density - a.density || a.paragraph - b.paragraph).slice(0, room));
      return new Map(kept.map((entry) => [entry.paragraph, entry.key]));
    });
    const weak = themes.filter((theme) => documents.filter((document, n) => document.sentences.some((sentence) => sentence.speakable && assignment[n]?.get(sentence.paragraph) === theme.key)).length < 2);
    if (weak.length === 0) return assignment;
    for (const theme of weak) themes.splice(themes.indexOf(theme), 1);
  }
}
