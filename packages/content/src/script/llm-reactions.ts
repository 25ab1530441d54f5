// Reactions and cut-ins from the LLM writer. At `some` or `lively` each line the model
// writes may be a reaction (`reactsAfter`: the words of the line before it that it follows,
// which become the word it is placed after) and at `lively` a cut-in (`cutIn`). The fields
// are in the schema (and so in the reply's compact shape in the prompt) only when the
// episode has reactions: at `none` the request is what it was before reactions existed.
// What the model gives is then held to the rules both writers keep (reaction-rules.ts).
import Type, { type TProperties } from 'typebox';
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { defaultAfterWord, reactionHost, wordEnds } from '@castwright/core/script-overlaps';
import { CUT_IN_MS } from './reaction-rules.ts';

const ReactsAfter = Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()], {
  description: 'Set on a reaction: the exact words of the line before it that it follows; null on every other line',
}));
const CutIn = Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'true on a line that starts before the line before it has finished' }));

/**
 * A line's fields with those it may add at this level: none at `none`, `reactsAfter` at
 * `some`, `cutIn` too at `lively`. (Typed with both, which are optional either way.)
 */
export function withReactionFields<P extends TProperties>(properties: P, level: ReactionLevel): P & { reactsAfter: typeof ReactsAfter; cutIn: typeof CutIn } {
  const added = level === 'none' ? {} : level === 'some' ? { reactsAfter: ReactsAfter } : { reactsAfter: ReactsAfter, cutIn: CutIn };
  return { ...properties, ...added } as P & { reactsAfter: typeof ReactsAfter; cutIn: typeof CutIn };
}

/** A written line with what the model said about overlapping. */
export interface OverlapWishes {
  reactsAfter?: string | null | undefined;
  cutIn?: boolean | null | undefined;
}

const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();

/**
 * The word of `hostText` a reaction goes after: the end of the words it quotes, found
 * however they are punctuated or cased; else after the sentence nearest the line's middle.
 */
function quotedAfterWord(hostText: string, quoted: string): number {
  const ends = wordEnds(hostText);
  const words = ends.map((end, index) => normal(hostText.slice(index === 0 ? 0 : (ends[index - 1] as number), end)));
  const wanted = normal(quoted).split(' ').filter((word) => word !== '');
  if (wanted.length > 0) {
    for (let start = words.length - wanted.length; start >= 0; start -= 1) {
      if (wanted.every((word, offset) => words[start + offset] === word)) return start + wanted.length;
    }
  }
  return defaultAfterWord(hostText);
}

/** The lines as the script keeps them: a reaction placed after the words it quotes, a cut-in with the writer's overlap. */
export function withOverlaps<T extends ScriptLine>(lines: readonly (T & OverlapWishes)[]): T[] {
  const out: T[] = [];
  for (const { reactsAfter, cutIn, ...line } of lines) {
    const plain = line as unknown as T;
    // A reaction needs a line before it to go under; the first line stays a line.
    const host = reactsAfter ? reactionHost([...out, { ...plain, reaction: { afterWord: 1 } }], out.length) : undefined;
    if (reactsAfter && host !== undefined) out.push({ ...plain, reaction: { afterWord: quotedAfterWord((out[host] as ScriptLine).text, reactsAfter) } });
    else out.push(cutIn ? { ...plain, overlapMs: CUT_IN_MS } : plain);
  }
  return out;
}
