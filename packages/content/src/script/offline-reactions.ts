// The built-in writer's reactions: where a listener would make one, a host who is
// listening says a short "Mm-hm." or "Wow." under the line of the host who speaks: after
// the sentence of a line reading the source that gives a figure (a surprise), else after the first sentence
// of an answer to a question, else after the sentence nearest the line's middle; never
// after its last sentence (the renderer sits a reaction in a pause inside the line). They
// come at most as often as the level allows (reaction-rules.ts), vary (the language's
// backchannels and surprises in turn), and none is said again within a minute. At
// `lively` a question after a long answer now and then cuts in before the answer ends.
// One host alone has nobody to react: the script stays as it is.
import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import { sentenceEndWords, wordEnds } from '@castwright/core/script-overlaps';
import { hasFigure } from './claim-cues.ts';
import type { FormatPhrasing } from './format-phrasing.ts';
import type { LineNote } from './offline-script-writer.ts';
import { CUT_IN_MS, estimatedStarts, REACTION_SPACING_MS, reactionKey, REPEAT_WINDOW_MS } from './reaction-rules.ts';
import { lineMs } from './script-length.ts';
import type { ScriptRequest } from './script-writer.ts';

const QUESTION = /[?？]\s*$/u;

/**
 * Where in `text` reactions go, best first, and whether each is a surprise: after a
 * sentence with a figure, after the first sentence of an answer, after the sentence
 * nearest the middle, then the other sentence ends; never after the last sentence.
 */
function anchorsIn(text: string, answersQuestion: boolean): { afterWord: number; surprise: boolean }[] {
  const ends = sentenceEndWords(text).slice(0, -1);
  const wordEnd = wordEnds(text);
  const sentenceText = (index: number) => text.slice(index === 0 ? 0 : (wordEnd[(ends[index - 1] as number) - 1] ?? 0), wordEnd[(ends[index] as number) - 1]);
  const middle = wordEnd.length / 2;
  const order = ends.map((end, index) => ({ end, index })).sort((a, b) => {
    const rank = (item: { end: number; index: number }) => (hasFigure(sentenceText(item.index)) ? 0 : answersQuestion && item.index === 0 ? 1 : 2);
    return rank(a) - rank(b) || Math.abs(a.end - middle) - Math.abs(b.end - middle);
  });
  return order.map(({ end, index }) => ({ afterWord: end, surprise: hasFigure(sentenceText(index)) }));
}

/** How many reactions one line may have at each level. */
const PER_LINE = { none: 0, some: 1, lively: 2 } as const;

export function addReactions(
  lines: ScriptLine[],
  notes: LineNote[],
  context: { request: ScriptRequest; formats: FormatPhrasing },
): { lines: ScriptLine[]; notes: LineNote[] } {
  const { request, formats } = context;
  const level = request.reactions ?? 'none';
  const speakers = [...new Set(lines.map((line) => line.speaker))];
  if (level === 'none' || speakers.length < 2) return { lines, notes };
  const { pace } = request;
  const starts = estimatedStarts(lines, pace);
  const cutIns = new Set<number>();
  if (level === 'lively') {
    let questions = 0;
    lines.forEach((line, index) => {
      const previous = lines[index - 1];
      if (!previous || line.section || previous.speaker === line.speaker || !QUESTION.test(line.text) || sentenceEndWords(previous.text).length < 2) return;
      questions += 1;
      if (questions % 2 === 1) cutIns.add(index);
    });
  }
  const out: ScriptLine[] = [];
  const outNotes: LineNote[] = [];
  const said = new Map<string, number>();
  const turn = { backchannel: 0, surprise: 0 };
  let lastAt = Number.NEGATIVE_INFINITY;
  /** The next reaction of the kind not said within a minute of `at`; undefined when every one was. */
  const reactionAt = (surprise: boolean, at: number) => {
    const pool = surprise ? formats.reactions.surprise : formats.reactions.backchannel;
    const kind = surprise ? 'surprise' : 'backchannel';
    for (let tried = 0; tried < pool.length; tried += 1) {
      const text = pool[(turn[kind] + tried) % pool.length] as string;
      const last = said.get(reactionKey(text));
      if (last === undefined || at - last >= REPEAT_WINDOW_MS) {
        turn[kind] += tried + 1;
        said.set(reactionKey(text), at);
        return text;
      }
    }
    return undefined;
  };
  lines.forEach((line, index) => {
    out.push(cutIns.has(index) ? { ...line, overlapMs: CUT_IN_MS } : line);
    outNotes.push(notes[index] as LineNote);
    // A cut-in follows a whole line: nothing goes under the line it cuts into.
    if (cutIns.has(index + 1)) return;
    const before = lines[index - 1];
    const after = lines[index + 1];
    const listener: Speaker | undefined = before && before.speaker !== line.speaker ? before.speaker : after && after.speaker !== line.speaker ? after.speaker : speakers.find((speaker) => speaker !== line.speaker);
    // A listener reacts to what the source says: lines that read it.
    if (!listener || (notes[index]?.sources.length ?? 0) === 0) return;
    const placed: { afterWord: number; text: string }[] = [];
    for (const anchor of anchorsIn(line.text, before !== undefined && QUESTION.test(before.text))) {
      if (placed.length >= PER_LINE[level]) break;
      const at = (starts[index] as number) + lineMs(line.text, line.speaker, pace) * ((wordEnds(line.text)[anchor.afterWord - 1] ?? 0) / Math.max(1, line.text.length));
      if (Math.abs(at - lastAt) < REACTION_SPACING_MS[level]) continue;
      const text = reactionAt(anchor.surprise, at);
      if (text === undefined) continue;
      lastAt = Math.max(lastAt, at);
      placed.push({ afterWord: anchor.afterWord, text });
    }
    // In the order they are said.
    for (const { afterWord, text } of placed.sort((a, b) => a.afterWord - b.afterWord)) {
      out.push({ speaker: listener, text, sourceRefs: [], reaction: { afterWord } });
      outNotes.push({ subjects: [], sources: [], asked: [] });
    }
  });
  return { lines: out, notes: outNotes };
}
