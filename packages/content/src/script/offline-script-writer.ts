// The built-in script writer, used when no LLM is configured: deterministic and
// extractive. It reads the source's structure (source-document.ts), picks its most
// central whole sentences (sentence-selection.ts) and lays them out as a show: an
// intro that names the subject and previews the sections, a transition into each
// section built from its heading (or its key phrase when the text has no headings),
// questions about the noun phrases the next answer is about, answers made of whole
// source sentences in their original order, and an outro that recaps the sections.
// The intro and every section start a section of the script, titled with the words
// the host announces it by, so chapters follow what is said; each source section is
// read once, in order, and no line is said twice.
// Its length is searched for: the words read are adjusted until the script, timed at
// the pace it will be read (script-length.ts), runs the minutes asked for. A source too
// short for them is read whole and the script says how long that runs (sourceLimitMs).
// Several sources are read as one document of themes they share and their own sections
// (multi-source-document.ts); the host names the source before reading from it, and
// every line carries refs to the spans of the sentences it reads. A quote the source
// keeps in another language (passage-language.ts) is read as a line of its own, in that
// language; a question names what it asks about in two content words at least.
// The format (offline-formats.ts) decides how each section is built: a deep dive as
// above, a brief's numbered points read by one host, a debate's claims and the other
// side's caveats, a critique's strengths and what the source misses, an interview's
// questions to a guest; and at `some` or `lively` the listening host reacts under the
// speaking one (offline-reactions.ts).
import { PermanentError } from '@castwright/core/errors';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { nothingInLanguage, type LeftOutRun } from '../language/passage-language.ts';
import { composeScript } from './offline-compose.ts';
import { sectionLabels } from './offline-labels.ts';
import { readSources } from './offline-source-parts.ts';
import { showPhrasing } from './phrasing/phrasing-by-language.ts';
import { estimateScriptMs } from './script-length.ts';
import { requestSources, type ScriptRequest, type WrittenScript } from './script-writer.ts';
import { selectSentences } from './sentence-selection.ts';
import type { SourceDocument } from './source-document.ts';

/** What each line is made of, for the writer evaluation and tests. */
export interface LineNote {
  /** The noun phrases the line asks about, exactly as written into it. */
  subjects: string[];
  /** Indices of the source sentences it reads out, in order. */
  sources: number[];
  /** What each question in the line asks about, as said: a noun phrase of the answer, or the section's label or key phrase. */
  asked: string[];
}

export interface OfflineWrittenScript extends WrittenScript {
  notes: LineNote[];
  /** Runs of another language the writer left out (passage-language.ts). */
  languageLeftOut: LeftOutRun[];
}

const SEARCH_STEPS = 16;

/** The last sources read: a worker writes one script per episode, an evaluation many from the same text. */
let lastRead: { key: string; language: string; document: SourceDocument } | undefined;

export function writeOfflineScript(request: ScriptRequest): OfflineWrittenScript {
  const language = request.language ?? 'en';
  const sources = requestSources(request);
  const key = JSON.stringify(sources.map((source) => [source.index, source.language, source.title, source.text]));
  if (lastRead?.key !== key || lastRead.language !== language) lastRead = { key, language, document: readSources(sources, language, request.briefing === undefined) };
  const { document } = lastRead;
  if (document.sentences.length === 0) {
    throw new PermanentError(document.leftOut.length > 0 ? nothingInLanguage(language) : 'The content has no sentences to build a script from');
  }
  // A text with no whole sentence at all (a list of notes, a heading and a line) is still read rather than refused.
  if (!document.sentences.some((sentence) => sentence.speakable)) for (const sentence of document.sentences) sentence.speakable = true;
  const phrasing = showPhrasing(language);
  const labels = sectionLabels(document, phrasing);
  const compose = (budget: number) => composeScript(document, labels, { request, sources }, phrasing, selectSentences(document, budget));

  const target = request.minutes * 60_000;
  const available = document.sentences.filter((sentence) => sentence.speakable).reduce((sum, sentence) => sum + sentence.words, 0);
  const whole = compose(Number.POSITIVE_INFINITY);
  const wholeMs = estimateScriptMs(whole.lines, request.pace);
  // A short source is read whole, never padded; below the band it says how long that runs.
  if (wholeMs <= target) return { ...whole, sourceLimitMs: wholeMs < target * (1 - LENGTH_TOLERANCE) ? Math.round(wholeMs) : null };
  let best = whole;
  let bestError = Number.POSITIVE_INFINITY;
  let [low, high] = [0, available];
  for (let step = 0; step < SEARCH_STEPS && high - low > 1; step += 1) {
    const middle = Math.round((low + high) / 2);
    const script = compose(middle);
    const ms = estimateScriptMs(script.lines, request.pace);
    if (Math.abs(ms - target) < bestError) [best, bestError] = [script, Math.abs(ms - target)];
    if (ms < target) low = middle;
    else high = middle;
  }
  return best;
}

