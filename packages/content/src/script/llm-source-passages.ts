// The LLM writer's way to say where a line comes from. Models cannot count characters,
// so each source's text goes to the model cut into numbered passages ("[S2.14]": source
// 2, passage 14; a paragraph, a list or a table, a long paragraph in runs of sentences),
// and each line names the passages it draws on. Every passage is a known character span
// of its source's stored text, so a named passage becomes an exact ref. A ref is kept only
// when it holds up: the passage exists and shares a content word with the line (a name, a
// number, a word of four letters or more that is no stop word in any language Castwright
// speaks); otherwise it is dropped and counted. Passages in another language than the
// episode's follow the one rule (passage-language.ts): a quote goes to the model, a long run
// does not, and the runs left out are reported.
import stopwordsIso from 'stopwords-iso' with { type: 'json' };
import type { SourceRef } from '@castwright/core/source-refs';
import { normalisedRefs } from '@castwright/core/source-refs';
import type { ScriptLine } from '@castwright/core/script-lines';
import type { Language } from '@castwright/core/languages';
import { judgePassages, type LeftOutRun } from '../language/passage-language.ts';
import type { ScriptSource } from './script-writer.ts';

export interface Passage {
  id: string;
  source: number;
  start: number;
  end: number;
}

export interface SourcePassages {
  /** The sources' texts as the model reads them: a header per source, a marker before each passage. */
  text: string;
  passages: Map<string, Passage>;
  /** Runs of another language than the episode's not sent to the model. */
  leftOut: LeftOutRun[];
}

/** A paragraph longer than this goes to the model in runs of sentences, each a passage of its own. */
const MAX_PASSAGE_CHARACTERS = 700;

const KIND_NAMES: Record<ScriptSource['kind'], string> = { url: 'web page', document: 'document', upload: 'document', text: 'text' };

export function sourcePassages(sources: readonly ScriptSource[], language: Language): SourcePassages {
  const passages = new Map<string, Passage>();
  const leftOut: LeftOutRun[] = [];
  const parts = sources.map((source) => {
    const label = `S${source.index + 1}`;
    const header = `<<Source ${source.index + 1}: ${KIND_NAMES[source.kind]}${source.title ? ` "${source.title}"` : ''}>>`;
    let count = 0;
    const spans = blockSpans(source.text);
    const judged = judgePassages(spans.map((block, paragraph) => ({ text: source.text.slice(block.start, block.end), paragraph })), language);
    leftOut.push(...judged.leftOut);
    const blocks = spans.flatMap((block, index) => {
      if (judged.fates[index]?.kind === 'left-out') return [];
      const text = source.text.slice(block.start, block.end);
      if (/^#{1,6}\s/u.test(text)) return [text];
      return pieces(source.text, block).map((piece) => {
        count += 1;
        const id = `${label}.${count}`;
        passages.set(id, { id, source: source.index, start: piece.start, end: piece.end });
        return `[${id}] ${source.text.slice(piece.start, piece.end)}`;
      });
    });
    return [header, ...blocks].join('\n\n');
  });
  return { text: parts.join('\n\n'), passages, leftOut };
}

/** The rule the model is given with passage-marked sources (a briefing's items take one segment each by its own rules). */
export function passageRule(sources: readonly ScriptSource[], briefing: boolean): string {
  const several = sources.length > 1 && !briefing
    ? 'There are several sources: cover every one of them. Where they share subjects, take a subject at a time and compare what each source says; ' +
      'where they do not, take them one after another. Say where each point comes from ("the second article, from the city council\'s report, says …"). '
    : '';
  return (
    several +
    'The source text is cut into passages, each marked like [S1.4] (source 1, passage 4). For every line, set "refs" to the markers of the passages it draws on ' +
    '(an empty list for a line that draws on none, such as a greeting); never name a passage the line does not use.'
  );
}

/**
 * The lines with their named passages as refs, each checked: a passage that does not
 * exist, or shares no content word with the line, is dropped and counted.
 */
export function checkedRefs(lines: readonly (ScriptLine & { passages?: readonly string[] | null | undefined })[], sources: readonly ScriptSource[], passages: ReadonlyMap<string, Passage>): { lines: ScriptLine[]; dropped: number } {
  const texts = new Map(sources.map((source) => [source.index, source.text]));
  let dropped = 0;
  const checked = lines.map(({ passages: named, ...line }) => {
    const words = contentWords(line.text);
    const refs: SourceRef[] = [];
    for (const id of named ?? []) {
      const passage = passages.get(id.replace(/^\[|\]$/gu, '').trim());
      const text = passage && texts.get(passage.source)?.slice(passage.start, passage.end);
      if (!passage || text === undefined || !sharesWord(words, text)) {
        dropped += 1;
        continue;
      }
      refs.push({ source: passage.source, start: passage.start, end: passage.end });
    }
    return refs.length > 0 ? { ...line, sourceRefs: normalisedRefs(refs) } : line;
  });
  return { lines: checked, dropped };
}

/** Blank-line separated blocks of structured text, as spans (surrounding whitespace left out). */
function blockSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const separator = /\n[ \t]*\n/gu;
  let start = 0;
  for (let match = separator.exec(text); ; match = separator.exec(text)) {
    const end = match ? match.index : text.length;
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') spans.push({ start: start + lead, end: start + lead + trimmed.length });
    if (!match) return spans;
    start = match.index + match[0].length;
  }
}

/** A block as passages: whole, or a long paragraph in runs of sentences up to the bound. */
function pieces(text: string, block: { start: number; end: number }): { start: number; end: number }[] {
  if (block.end - block.start <= MAX_PASSAGE_CHARACTERS) return [block];
  const runs: { start: number; end: number }[] = [];
  let run: { start: number; end: number } | undefined;
  for (const sentence of new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(text.slice(block.start, block.end))) {
    const start = block.start + sentence.index;
    const end = start + sentence.segment.trimEnd().length;
    if (run && end - run.start > MAX_PASSAGE_CHARACTERS) {
      runs.push(run);
      run = undefined;
    }
    run = run ? { start: run.start, end } : { start, end };
  }
  if (run) runs.push(run);
  return runs;
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const STOP_WORDS: ReadonlySet<string> = new Set(['en', 'es', 'fr', 'it', 'pt', 'hi', 'ja', 'zh'].flatMap((language) => (stopwordsIso as Record<string, string[]>)[language] ?? []));

/** Words that carry content: numbers, and words of four letters or more (two characters in Chinese and Japanese), in lower case. */
function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const segment of wordSegmenter.segment(text.normalize('NFC'))) {
    if (!segment.isWordLike) continue;
    const word = segment.segment.toLowerCase();
    if (STOP_WORDS.has(word)) continue;
    if (/\p{N}/u.test(word) || word.length >= (IDEOGRAPHIC.test(word) ? 2 : 4)) words.add(word);
  }
  return words;
}

function sharesWord(lineWords: ReadonlySet<string>, passage: string): boolean {
  for (const word of contentWords(passage)) if (lineWords.has(word)) return true;
  return false;
}
