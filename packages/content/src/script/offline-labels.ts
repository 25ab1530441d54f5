// How the built-in writer names what it talks about: each section as a host says it
// mid-sentence (its heading, else a key phrase no other section is named by), the
// episode's subject from its title, or its two best key phrases when it has none.
import { baseLanguage } from '@castwright/core/languages';
import type { ShowPhrasing } from './show-phrasing.ts';
import { withArticle, type SourceDocument } from './source-document.ts';
import { hasMarkup } from './spoken-text.ts';

export interface SectionLabel {
  /** How a host names the section mid-sentence. */
  text: string;
}

/**
 * Each section's name as spoken: its heading in sentence case, else its best key phrase
 * that names no section yet (a long section cut at a topic shift is not announced by its
 * heading's words a second time).
 */
export function sectionLabels(document: SourceDocument, phrasing: ShowPhrasing): SectionLabel[] {
  const used = new Set<string>();
  const named = document.sections.map((section) => (section.heading === null ? null : spokenHeading(document, section.heading)));
  for (const heading of named) if (heading) used.add(heading.toLowerCase().replace(/^the /, ''));
  return document.sections.map((section, index) => {
    // The parts of a theme several sources share are named by the shared phrase.
    if (section.theme) return { text: withArticle(document, section.theme.key, section.theme.text) };
    const heading = named[index];
    if (heading) return { text: heading };
    const fresh = (candidate: { key: string; text: string }) => !used.has(candidate.key) && !used.has(candidate.text.toLowerCase());
    const phrase = section.keyPhrases.find(fresh) ?? section.keyPhrases[0] ?? document.keyPhrases[0];
    if (!phrase) return { text: phrasing.nextPart };
    used.add(phrase.key);
    used.add(phrase.text.toLowerCase());
    return { text: withArticle(document, phrase.key, phrase.text) };
  });
}

/** A heading as words in a sentence: numbering and closing punctuation dropped, capitals only where the text keeps them. */
function spokenHeading(document: SourceDocument, heading: string): string | null {
  const bare = heading.replace(/^(?:[0-9]+(?:\.[0-9]+)*|[IVX]+)[.):]?\s+/u, '').replace(/[\s.:;,!?。！？、：-]+$/u, '').trim();
  if (bare === '' || hasMarkup(bare)) return null;
  const words = document.analyse(bare).flatMap((sentence) => sentence.words);
  if (words.length === 0) return null;
  const text = words.map((word, n) => (n === 0 ? '' : word.spaceBefore) + document.evidence.wordCase(word)).join('');
  // "Summary", "Background": one common noun reads as "the summary" in a sentence.
  const only = words.length === 1 && baseLanguage(document.language) === 'en' ? words[0] : undefined;
  return only && (only.pos === 'NOUN' || only.pos === 'PROPN') && only.lemma === only.normal && /^\p{Ll}/u.test(text) ? `the ${text}` : text;
}

/** A title named in a sentence: a Title Case title is a name and stays as written; a sentence-case one reads as words. */
export function titleSubject(document: SourceDocument, title: string): string {
  const long = title.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
  const capitalised = long.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (long.length > 1 && capitalised / long.length >= 0.6) return title.replace(/[\s.:;,!?-]+$/u, '');
  return spokenHeading(document, title) ?? title;
}

/** What the text is about when it has no title: its two best key phrases. */
export function topicOf(document: SourceDocument, phrasing: ShowPhrasing): string {
  const phrases = document.keyPhrases.slice(0, 2).map((phrase) => withArticle(document, phrase.key, phrase.text));
  return phrases.length > 0 ? phrasing.list(phrases) : phrasing.thisStory;
}

