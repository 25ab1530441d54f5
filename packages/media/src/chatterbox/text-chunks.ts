// Splits text that is too long for one request into pieces that each fit, cutting where
// a listener would hear a natural break: between sentences first, then after clause
// punctuation, then between words, and only mid-word for a "word" longer than the limit.
// Lengths are UTF-16 code units, never fewer than the code points Python counts, so a
// piece that fits here fits a server that counts with `len()`.

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Each splitter returns pieces that concatenate back to exactly its input. */
const SPLITTERS: ((text: string) => string[])[] = [
  (text) => [...sentenceSegmenter.segment(text)].map((part) => part.segment),
  // After , ; : when a space follows (so "3,000" stays whole), and after any dash.
  (text) => text.split(/(?<=[,;:](?=\s))|(?<=[—–])/),
  (text) => text.split(/(?<=\s)(?=\S)/),
  (text) => Array.from(text), // code points, so a surrogate pair is never cut in two
];

/** Trimmed, non-empty pieces of at most `maxChars`, in order. */
export function chunkText(text: string, maxChars: number): string[] {
  if (!(maxChars >= 1)) throw new RangeError(`maxChars must be at least 1 (got ${maxChars})`);
  return split(text.trim(), maxChars, 0);
}

function split(text: string, maxChars: number, level: number): string[] {
  if (text.length <= maxChars) return text ? [text] : [];
  const splitter = SPLITTERS[level] as (text: string) => string[];
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    const chunk = current.trim();
    if (chunk) chunks.push(chunk);
    current = '';
  };
  for (const piece of splitter(text)) {
    if ((current + piece).trim().length <= maxChars) {
      current += piece;
      continue;
    }
    flush();
    if (piece.trim().length <= maxChars) current = piece;
    else if (level + 1 < SPLITTERS.length) chunks.push(...split(piece.trim(), maxChars, level + 1));
    else chunks.push(piece); // one code point wider than the limit: nothing left to cut
  }
  flush();
  return chunks;
}
