// Kokoro reads at most 510 tokens at a time, so long text is voiced in chunks.
// Cuts fall where a speaker would breathe anyway: between sentences first, then
// at clause punctuation inside an over-long sentence, then between words; only a
// single "word" longer than the whole window is cut blindly.
import { CLAUSE_BREAK_TOKENS, MAX_PHONEME_TOKENS, SPACE_TOKEN } from './kokoro-vocabulary.ts';

type Tokens = readonly number[];

/** Splits after every token that `isBreak` accepts (the break stays with the piece before it). */
function splitAfter(tokens: Tokens, isBreak: (token: number) => boolean): number[][] {
  const pieces: number[][] = [];
  let current: number[] = [];
  for (const token of tokens) {
    current.push(token);
    if (isBreak(token)) {
      pieces.push(current);
      current = [];
    }
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

function hardCut(tokens: Tokens, max: number): number[][] {
  const pieces: number[][] = [];
  for (let start = 0; start < tokens.length; start += max) pieces.push(tokens.slice(start, start + max));
  return pieces;
}

function trimSpaces(tokens: number[]): number[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && tokens[start] === SPACE_TOKEN) start++;
  while (end > start && tokens[end - 1] === SPACE_TOKEN) end--;
  return tokens.slice(start, end);
}

/**
 * Packs pieces greedily into chunks of at most `max` tokens, joined by a space
 * token; a piece too big on its own is first split by `refine`.
 */
function pack(pieces: Tokens[], max: number, refine: (piece: Tokens) => number[][]): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  const flush = () => {
    const trimmed = trimSpaces(current);
    if (trimmed.length > 0) chunks.push(trimmed);
    current = [];
  };
  for (const raw of pieces) {
    const piece = trimSpaces([...raw]);
    if (piece.length === 0) continue;
    if (piece.length > max) {
      flush();
      chunks.push(...refine(piece));
      continue;
    }
    const joined = current.length > 0 ? current.length + 1 + piece.length : piece.length;
    if (joined > max) flush();
    if (current.length > 0) current.push(SPACE_TOKEN);
    current.push(...piece);
  }
  flush();
  return chunks;
}

/**
 * Groups sentences (each already tokenized) into model-sized chunks, in order.
 * Every chunk has 1..max tokens; no token is lost except spaces at cut points.
 */
export function chunkTokens(sentences: readonly Tokens[], max = MAX_PHONEME_TOKENS): number[][] {
  const byWords = (piece: Tokens) => pack(splitAfter(piece, (token) => token === SPACE_TOKEN), max, (word) => hardCut(word, max));
  const byClauses = (sentence: Tokens) => pack(splitAfter(sentence, (token) => CLAUSE_BREAK_TOKENS.has(token)), max, byWords);
  return pack([...sentences], max, byClauses);
}
