// Which items a briefing run uses: those that mention a priority keyword come first (the
// more keywords, the earlier), the rest after them; inside each group, the newest first.
// Keywords match whole words, case-insensitively, in the title or the item's own text.

export interface RankableItem {
  title: string;
  text: string;
  date: Date;
}

export function rankItems<T extends RankableItem>(items: readonly T[], keywords: readonly string[], limit: number): T[] {
  const patterns = keywords
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '')
    .map((keyword) => new RegExp(`(?<![\\p{L}\\p{N}])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu'));
  return items
    .map((item) => ({ item, matches: patterns.filter((pattern) => pattern.test(item.title) || pattern.test(item.text)).length }))
    .sort((a, b) => b.matches - a.matches || b.item.date.getTime() - a.item.date.getTime())
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.item);
}
