// Reactions and cut-ins from the LLM writer. At `some` or `lively` each line the model
// writes may be a reaction (`reactsAfter`: the words of the line before it that it follows,
// which become the word it is placed after) and at `lively` a cut-in (`cutIn`). The fields
// are in the schema (and so in the reply's compact shape in the prompt) only when the
// episode has reactions: at `none` the request is what it was before reactions existed.
// What the model gives is then held to the rules both writers keep (reaction-rules.ts),
// line by line as the lines are written (WrittenOverlaps): a line handed out to be voiced
// while the rest is written is settled once, by the lines before it. A line that opens a
// section is a whole line, whatever the model marked.
import Type, { type TProperties } from 'typebox';
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { defaultAfterWord, reactionHost, wordEnds } from '@castwright/core/script-overlaps';
import { CUT_IN_MS, ReactionRules } from './reaction-rules.ts';
import type { ScriptPace } from './script-writer.ts';

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

/** A written line as the script keeps it after `placed` (the lines before it, so placed): a reaction after the words it quotes, a cut-in with the writer's overlap. */
function placedLine<T extends ScriptLine>(placed: readonly ScriptLine[], { reactsAfter, cutIn, ...line }: T & OverlapWishes): T {
  const plain = line as unknown as T;
  // A reaction needs a line before it to go under (the first line stays a line), and opens no section.
  const host = reactsAfter && !plain.section ? reactionHost([...placed, { ...plain, reaction: { afterWord: 1 } }], placed.length) : undefined;
  if (reactsAfter && host !== undefined) return { ...plain, reaction: { afterWord: quotedAfterWord((placed[host] as ScriptLine).text, reactsAfter) } };
  return cutIn ? { ...plain, overlapMs: CUT_IN_MS } : plain;
}

/** The lines as the script keeps them, placed (before the rules: for estimates of a reply's length). */
export function withOverlaps<T extends ScriptLine>(lines: readonly (T & OverlapWishes)[]): T[] {
  const out: T[] = [];
  for (const line of lines) out.push(placedLine(out, line));
  return out;
}

/**
 * A script's written lines, one reply after another, placed and held to the rules as they
 * come: `take` gives the lines kept of those given (a reaction said again within a minute, or
 * of the wrong shape, is left out), each settled once.
 */
export class WrittenOverlaps<T extends ScriptLine> {
  private readonly placed: ScriptLine[] = [];
  private readonly rules: ReactionRules<T>;

  constructor(pace: ScriptPace, level: ReactionLevel) {
    this.rules = new ReactionRules<T>(pace, level);
  }

  take(lines: readonly (T & OverlapWishes)[]): T[] {
    return lines.flatMap((line) => {
      const placed = placedLine<T>(this.placed, line);
      this.placed.push(placed);
      const kept = this.rules.take(placed);
      return kept ? [kept] : [];
    });
  }
}
