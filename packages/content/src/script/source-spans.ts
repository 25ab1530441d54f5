// Where each piece of a text (a sentence the analysis found, in order) stands in the text
// it came from, as a character span: what a script line's refs point at. The analysis
// may join a paragraph's lines with a space or trim around a piece, so a piece is found
// as written first, else with any run of whitespace standing for its spaces; each search
// starts where the last piece ended, so repeated sentences map to their own places.

export interface Span {
  start: number;
  /** One past the last character. */
  end: number;
}

/** Each piece's span in `text`, in order; null for a piece not found after the one before it. */
export function locateSpans(text: string, pieces: readonly string[]): (Span | null)[] {
  let cursor = 0;
  return pieces.map((piece) => {
    const wanted = piece.trim();
    if (wanted === '') return null;
    const exact = text.indexOf(wanted, cursor);
    const span = exact >= 0 ? { start: exact, end: exact + wanted.length } : flexibleMatch(text, wanted, cursor);
    if (span) cursor = span.end;
    return span;
  });
}

function flexibleMatch(text: string, piece: string, from: number): Span | null {
  const pattern = piece.split(/\s+/u).map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('\\s+');
  const regex = new RegExp(pattern, 'gu');
  regex.lastIndex = from;
  const match = regex.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}
