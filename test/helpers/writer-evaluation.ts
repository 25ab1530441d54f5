// The properties the writer evaluation measures on a script (`npm run eval:writer`
// prints them, tests assert them), each found independently of how the writer works:
// the source is analysed afresh and every spoken line is read back sentence by sentence.
import type { ScriptLine } from '@castwright/core/script-lines';
import { analyseParagraph, type AnalysedSentence } from '@castwright/content/nlp/english-text';
import type { LineNote } from '@castwright/content/script/offline-script-writer';
import { lineMs } from '@castwright/content/script/script-length';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { hasMarkup, isWholeSentence } from '@castwright/content/script/spoken-text';
import type { ShowNotes, TimedLine } from '@castwright/content/show-notes/show-notes';
import { parseStructuredText } from '@castwright/content/text/structured-text';

export interface ScriptFindings {
  /** Spoken sentences that are not whole sentences. */
  fragments: string[];
  /** Lines with markup characters, symbols or web addresses. */
  markup: string[];
  /** Topics and chapter titles that are stop words or name no noun. */
  badTitles: string[];
  /** Question subjects that are not a noun phrase of the source, or not in their line. */
  badSubjects: string[];
  questions: number;
  /** Spoken sentences that are only part of a source sentence (a sentence split across turns). */
  splitSentences: string[];
}

export interface SourceFacts {
  sentences: string[];
  /** Every noun phrase of the source, lower case. */
  nounPhrases: Set<string>;
}

export function sourceFacts(text: string): SourceFacts {
  const units = parseStructuredText(text).flatMap((block) => (block.kind === 'paragraph' || block.kind === 'heading' ? [block.text] : block.kind === 'list' ? block.items : []));
  const analysed = units.flatMap(analyseParagraph);
  return {
    sentences: analysed.map((sentence) => normal(sentence.text)),
    nounPhrases: new Set(analysed.flatMap((sentence) => sentence.phrases.map((phrase) => phrase.text.toLowerCase()))),
  };
}

export function inspectScript(source: SourceFacts, lines: readonly ScriptLine[], notes: readonly LineNote[], showNotes: ShowNotes): ScriptFindings {
  const findings: ScriptFindings = { fragments: [], markup: [], badTitles: [], badSubjects: [], questions: 0, splitSentences: [] };
  const whole = new Set(source.sentences);
  lines.forEach((line, index) => {
    if (hasMarkup(line.text)) findings.markup.push(line.text);
    for (const sentence of analyseParagraph(line.text)) {
      if (!isWholeSentence(sentence)) findings.fragments.push(sentence.text);
      const spoken = normal(sentence.text);
      if (!whole.has(spoken) && spoken.length >= 15 && source.sentences.some((original) => original.includes(spoken))) findings.splitSentences.push(sentence.text);
    }
    for (const subject of notes[index]?.subjects ?? []) {
      findings.questions += 1;
      const bare = subject.replace(/^the /, '').toLowerCase();
      if (!line.text.includes(subject) || !source.nounPhrases.has(bare)) findings.badSubjects.push(subject);
    }
  });
  for (const title of [...showNotes.topics, ...showNotes.chapters.map((chapter) => chapter.title)]) if (!namesSomething(analyseParagraph(title))) findings.badTitles.push(title);
  return findings;
}

/** A title that is a noun phrase: some word is a noun or name, and not every word is a stop word. */
function namesSomething(sentences: readonly AnalysedSentence[]): boolean {
  const words = sentences.flatMap((sentence) => sentence.words).filter((word) => word.type === 'word');
  return words.some((word) => word.pos === 'NOUN' || word.pos === 'PROPN') && !words.every((word) => word.stopWord);
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Segments timed by the pace alone, for show notes on a script that was not rendered. */
export function estimatedSegments(lines: readonly ScriptLine[], pace: ScriptPace): TimedLine[] {
  let at = pace.leadInMs;
  return lines.map((line, index) => {
    if (index > 0) at += lines[index - 1]?.speaker === line.speaker ? pace.pauseMsWithinSpeaker : pace.pauseMsBetweenTurns;
    const segment = { speaker: line.speaker, text: line.text, startTimeMs: Math.round(at) };
    at += lineMs(line.text, line.speaker, pace);
    return segment;
  });
}

export function findingsCount(findings: ScriptFindings): number {
  return findings.fragments.length + findings.markup.length + findings.badTitles.length + findings.badSubjects.length + findings.splitSentences.length;
}
