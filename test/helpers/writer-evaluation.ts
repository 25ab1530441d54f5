// The properties the writer evaluation measures on a script (`npm run eval:writer`
// prints them, tests assert them), each found independently of how the writer works:
// the source is analysed afresh and every spoken line is read back sentence by sentence.
// Section coherence: every section of the script is announced by its title in the line
// that opens it, and the source is read in order, so no part of it is come back to
// once the script has moved on. Repetition: no line is said twice, and no sentence of
// the source is read twice.
import type { ScriptLine } from '@castwright/core/script-lines';
import type { ShowNotes } from '@castwright/core/show-notes';
import { analyseParagraph } from '@castwright/content/nlp/english-text';
import type { LineNote } from '@castwright/content/script/offline-script-writer';
import { lineMs } from '@castwright/content/script/script-length';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import { hasMarkup, isWholeSentence } from '@castwright/content/script/spoken-text';
import type { TimedLine } from '@castwright/content/show-notes/build-show-notes';
import { parseStructuredText } from '@castwright/content/text/structured-text';

export interface ScriptFindings {
  /** Spoken sentences that are not whole sentences. */
  fragments: string[];
  /** Lines with markup characters, symbols or web addresses. */
  markup: string[];
  /** Topics that are only stop words or not a noun phrase of the source or the script; chapter titles that are only stop words. */
  badTitles: string[];
  /** Section titles the line that opens the section does not say. */
  unannounced: string[];
  /** Source sentences read after the script had moved on to a later part of the source (a section come back to). */
  revisits: string[];
  /** Lines said more than once, and source sentences read more than once. */
  repeats: string[];
  /** Sections in the script. */
  sections: number;
  /** Question subjects that are not a noun phrase of the source, or not in their line. */
  badSubjects: string[];
  questions: number;
  /** Spoken sentences that are only part of a source sentence (a sentence split across turns). */
  splitSentences: string[];
}

export interface SourceFacts {
  sentences: string[];
  /** Each source sentence's heading group (the index of the heading it stands under), by its text. */
  part: Map<string, number>;
  /** Every noun phrase of the source, lower case. */
  nounPhrases: Set<string>;
}

export function sourceFacts(text: string): SourceFacts {
  const part = new Map<string, number>();
  let heading = 0;
  const units = parseStructuredText(text).flatMap((block) => {
    if (block.kind === 'heading') heading += 1;
    const texts = block.kind === 'paragraph' || block.kind === 'heading' ? [block.text] : block.kind === 'list' ? block.items : [];
    return texts.map((unit) => ({ unit, heading }));
  });
  const analysed = units.flatMap(({ unit, heading: at }) =>
    analyseParagraph(unit).map((sentence) => {
      if (!part.has(normal(sentence.text))) part.set(normal(sentence.text), at);
      return sentence;
    }),
  );
  return {
    part,
    sentences: analysed.map((sentence) => normal(sentence.text)),
    nounPhrases: new Set(analysed.flatMap((sentence) => sentence.phrases.map((phrase) => phrase.text.toLowerCase()))),
  };
}

export function inspectScript(source: SourceFacts, lines: readonly ScriptLine[], notes: readonly LineNote[], showNotes: ShowNotes): ScriptFindings {
  const sections = scriptSections(lines);
  const findings: ScriptFindings = {
    fragments: [], markup: [], badTitles: [], badSubjects: [], questions: 0, splitSentences: [], unannounced: [], revisits: [], repeats: [], sections: sections.length,
  };
  const whole = new Set(source.sentences);
  const spokenPhrases = new Set<string>();
  for (const section of sections) if (!isAnnounced(section.title, lines[section.start]?.text ?? '')) findings.unannounced.push(`${section.title} / ${lines[section.start]?.text}`);
  const saidLines = new Set<string>();
  const readSentences = new Set<string>();
  let furthest = 0;
  lines.forEach((line, index) => {
    if (hasMarkup(line.text)) findings.markup.push(line.text);
    if (saidLines.has(normal(line.text))) findings.repeats.push(line.text);
    saidLines.add(normal(line.text));
    for (const sentence of analyseParagraph(line.text)) {
      for (const phrase of sentence.phrases) spokenPhrases.add(phrase.text.toLowerCase());
      if (!isWholeSentence(sentence)) findings.fragments.push(sentence.text);
      const spoken = normal(sentence.text);
      if (!whole.has(spoken) && spoken.length >= 15 && source.sentences.some((original) => original.includes(spoken))) findings.splitSentences.push(sentence.text);
      const part = source.part.get(spoken);
      // Source sentences only, of some length: a host may well say "That makes sense." twice.
      if (part === undefined || sentence.words.length < 6) continue;
      if (readSentences.has(spoken)) findings.repeats.push(sentence.text);
      readSentences.add(spoken);
      if (part < furthest) findings.revisits.push(sentence.text);
      furthest = Math.max(furthest, part);
    }
    for (const subject of notes[index]?.subjects ?? []) {
      findings.questions += 1;
      const bare = subject.replace(/^the /, '').toLowerCase();
      if (!line.text.includes(subject) || !source.nounPhrases.has(bare)) findings.badSubjects.push(subject);
    }
  });
  const onlyStopWords = (title: string) => analyseParagraph(title).flatMap((sentence) => sentence.words).every((word) => word.stopWord || word.type !== 'word');
  for (const title of showNotes.topics) {
    const phrase = title.toLowerCase();
    // Judged in context: a title out of context is often mis-tagged ("File" as a verb), so it must be one of the noun phrases found in the text.
    if (onlyStopWords(title) || !(source.nounPhrases.has(phrase) || spokenPhrases.has(phrase))) findings.badTitles.push(title);
  }
  // Chapters are the sections, titled as announced (checked above); without sections they are key phrases, judged as topics are.
  for (const { title } of showNotes.chapters) {
    const phrase = title.toLowerCase();
    if (onlyStopWords(title) || (sections.length === 0 && !(source.nounPhrases.has(phrase) || spokenPhrases.has(phrase)))) findings.badTitles.push(title);
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
  return (
    findings.fragments.length + findings.markup.length + findings.badTitles.length + findings.badSubjects.length + findings.splitSentences.length +
    findings.unannounced.length + findings.revisits.length + findings.repeats.length
  );
}
