// The built-in writer's side of an episode's sources: one source read alone (as always),
// or several read as one document (multi-source-document.ts); which kept sections make up
// one theme several sources share; and the refs of a line from the sentences it reads.
import type { Language } from '@castwright/core/languages';
import { normalisedRefs, type SourceRef } from '@castwright/core/source-refs';
import { readSourceDocuments } from './multi-source-document.ts';
import type { ScriptSource } from './script-writer.ts';
import { readSourceDocument, type SourceDocument, type SourceSentence } from './source-document.ts';

/** One source read alone (as always), or several read as one document of shared themes and their own sections. */
export function readSources(sources: readonly ScriptSource[], language: Language, themes: boolean): SourceDocument {
  if (sources.length > 1) return readSourceDocuments(sources, language, { themes });
  const only = sources[0] as ScriptSource;
  return readSourceDocument(only.text, language, only.index);
}

/** A kept section as the script says it: a theme's later parts continue the section its first part opened. */
export interface Part {
  index: number;
  sentences: SourceSentence[];
  /** Continues the section before it (the next source's part of the same theme). */
  continues: boolean;
}

/** The sources whose parts make up the theme that part `n` opens, in order (none when it opens no theme). */
export function themeParts(parts: readonly Part[], n: number, document: SourceDocument): number[] {
  const first = parts[n] as Part;
  if (!document.sections[first.index]?.theme) return [];
  const sources = [(first.sentences[0] as SourceSentence).source];
  for (const part of parts.slice(n + 1)) {
    if (!part.continues) break;
    sources.push((part.sentences[0] as SourceSentence).source);
  }
  return sources;
}

/** What a line reading these sentences refers to: their spans, merged where they touch. */
export function refsOf(document: SourceDocument, sentences: readonly number[]): SourceRef[] {
  return normalisedRefs(sentences.flatMap((index) => {
    const sentence = document.sentences[index];
    return sentence?.span ? [{ source: sentence.source, start: sentence.span.start, end: sentence.span.end }] : [];
  }));
}
