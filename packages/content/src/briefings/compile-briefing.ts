// The sources of a briefing episode: the run's items, in the order chosen, each a source
// of its own (with its title and link) whose text opens with a sentence naming where it
// comes from, in the episode's language. Items are cut at block boundaries to a share of
// what the preset can use, so one long article cannot crowd out the rest; the episode is
// then made from them like any episode of several sources, and the script writers take
// one segment per item by the template.
import type { Language } from '@castwright/core/languages';
import { PRESET_MINUTES, type Preset } from '@castwright/core/tiers';
import { showPhrasing } from '../script/phrasing/phrasing-by-language.ts';
import { cleanBlocks, usableText } from '../text/clean-text.ts';
import { countWords } from '../text/sentences.ts';
import { formatStructuredText, parseStructuredText, type Block } from '../text/structured-text.ts';

export interface BriefingItemText {
  title: string;
  sourceName: string;
  /** The item's link (an article), if it has one. */
  url?: string | null | undefined;
  /** Structured text: the article, or the feed's or newsletter's own text. */
  text: string;
}

export interface BriefingSource {
  title: string;
  url: string | undefined;
  /** Structured text (text/structured-text.ts), cleaned and bounded. */
  text: string;
}

export interface CompiledBriefing {
  sources: BriefingSource[];
  /** Words in them, the items' titles included: the run's `total_words`. */
  words: number;
}

/** Source characters an item may bring: about three times what the preset can read, shared out, never under 2,000. */
export function itemCharacterBudget(preset: Preset, items: number): number {
  const presetCharacters = PRESET_MINUTES[preset] * 150 * 6 * 3;
  return Math.max(2_000, Math.floor(presetCharacters / Math.max(1, items)));
}

export function compileBriefing(items: readonly BriefingItemText[], maxCharactersPerItem: number, language: Language = 'en'): CompiledBriefing {
  const { itemSource } = showPhrasing(language);
  const sources = items.map((item) => ({
    title: item.title,
    url: item.url ?? undefined,
    text: usableText([{ kind: 'paragraph', text: itemSource(item.sourceName) }, ...bodyBlocks(item.text, maxCharactersPerItem)]),
  }));
  return { sources, words: sources.reduce((sum, source) => sum + countWords(source.title) + countWords(source.text), 0) };
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
