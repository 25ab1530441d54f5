// The properties the writer evaluation measures on a script (`npm run eval:writer`
// prints them, tests assert them), each found independently of how the writer works:
// the source is analysed afresh and every spoken line is read back sentence by sentence.
import type { ScriptLine } from '@castwright/core/script-lines';
import type { ShowNotes } from '@castwright/core/show-notes';
import { analyseParagraph } from '@castwright/content/nlp/english-text';
import type { LineNote } from '@castwright/content/script/offline-script-writer';
import { lineMs } from '@castwright/content/script/script-length';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { hasMarkup, isWholeSentence } from '@castwright/content/script/spoken-text';
import type { TimedLine } from '@castwright/content/show-notes/build-show-notes';
import { parseStructuredText } from '@castwright/content/text/structured-text';

export interface ScriptFindings {
  /** Spoken sentences that are not whole sentences. */
  fragments: string[];
  /** Lines with markup characters, symbols or web addresses. */
  markup: string[];
  /** Topics and chapter titles that are only stop words, or not a noun phrase of the source or the script. */
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
  const spokenPhrases = new Set<string>();
  lines.forEach((line, index) => {
    if (hasMarkup(line.text)) findings.markup.push(line.text);
    for (const sentence of analyseParagraph(line.text)) {
      for (const phrase of sentence.phrases) spokenPhrases.add(phrase.text.toLowerCase());
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
  for (const title of [...showNotes.topics, ...showNotes.chapters.map((chapter) => chapter.title)]) {
    const phrase = title.toLowerCase();
    // Judged in context: a title out of context is often mis-tagged ("File" as a verb), so it must be one of the noun phrases found in the text.
    const onlyStopWords = analyseParagraph(title).flatMap((sentence) => sentence.words).every((word) => word.stopWord || word.type !== 'word');
    if (onlyStopWords || !(source.nounPhrases.has(phrase) || spokenPhrases.has(phrase))) findings.badTitles.push(title);
  }
  return findings;
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
