// Numbers as words in each language's briefing tables ("tres noticias", "两条新闻"), up
// to twenty; past it, digits, which every voice reads in its language.

/** The words for 0 to 20, and how `count` things are said (singular given whole, plural after the number). */
export function numberWords(words: readonly string[]): { word: (count: number) => string; counted: (count: number, one: string, many: string) => string } {
  const word = (count: number) => words[count] ?? String(count);
  return { word, counted: (count, one, many) => (count === 1 ? one : `${word(count)} ${many}`) };
}
