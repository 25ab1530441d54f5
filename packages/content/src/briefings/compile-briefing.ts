// The source text of a briefing episode: one document whose title is the episode's and
// whose sections are the run's items, in the order chosen, each under its own title
// with a sentence naming where it comes from, in the episode's language. Items are cut at block boundaries to a
// share of what the preset can use, so one long article cannot crowd out the rest;
// the script writers then pick from each section by the template.
import type { Language } from '@castwright/core/languages';
import { PRESET_MINUTES, type Preset } from '@castwright/core/tiers';
import { showPhrasing } from '../script/phrasing/phrasing-by-language.ts';
import { cleanBlocks, usableText } from '../text/clean-text.ts';
import { countWords } from '../text/sentences.ts';
import { formatStructuredText, parseStructuredText, type Block } from '../text/structured-text.ts';

export interface BriefingItemText {
  title: string;
  sourceName: string;
  /** Structured text: the article, or the feed's or newsletter's own text. */
  text: string;
}

export interface CompiledBriefing {
  /** Structured text (text/structured-text.ts), cleaned and bounded. */
  text: string;
  /** Words in it, headings included: the run's `total_words`. */
  words: number;
}

/** Source characters an item may bring: about three times what the preset can read, shared out, never under 2,000. */
export function itemCharacterBudget(preset: Preset, items: number): number {
  const presetCharacters = PRESET_MINUTES[preset] * 150 * 6 * 3;
  return Math.max(2_000, Math.floor(presetCharacters / Math.max(1, items)));
}

export function compileBriefing(title: string, items: readonly BriefingItemText[], maxCharactersPerItem: number, language: Language = 'en'): CompiledBriefing {
  const { itemSource } = showPhrasing(language);
  const blocks: Block[] = [{ kind: 'heading', level: 1, text: title }];
  for (const item of items) {
    blocks.push({ kind: 'heading', level: 2, text: item.title });
    blocks.push({ kind: 'paragraph', text: itemSource(item.sourceName) });
    blocks.push(...bodyBlocks(item.text, maxCharactersPerItem));
  }
  const text = usableText(blocks);
  return { text, words: countWords(text) };
}

/** An item's paragraphs and lists (its own headings and tables would split or clutter its section), cut to `budget` characters. */
function bodyBlocks(text: string, budget: number): Block[] {
  const kept: Block[] = [];
  let used = 0;
  for (const block of cleanBlocks(parseStructuredText(text))) {
    if (block.kind === 'heading' || block.kind === 'table') continue;
    const size = formatStructuredText([block]).length;
    if (kept.length > 0 && used + size > budget) break;
    kept.push(block.kind === 'paragraph' && size > budget ? { kind: 'paragraph', text: cutAtSentence(block.text, budget) } : block);
    used += size;
  }
  return kept;
}

function cutAtSentence(text: string, budget: number): string {
  const head = text.slice(0, budget);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  return end > budget / 2 ? head.slice(0, end + 1) : head;
}
