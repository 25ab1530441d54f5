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
// every line carries refs to the spans of the sentences it reads.
import type { Speaker } from '@castwright/core/script-lines';
import { PermanentError } from '@castwright/core/errors';
import { baseLanguage, type Language } from '@castwright/core/languages';
import { nothingInLanguage, type LeftOutRun } from '../language/passage-language.ts';
import type { NounPhrase } from '../nlp/english-text.ts';
import { headOf, isSubjectLike, MAX_KEY_PHRASE_WORDS } from '../nlp/key-phrases.ts';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { estimateScriptMs } from './script-length.ts';
import { sectionTitle } from './script-sections.ts';
import { NO_TOKENS, requestSources, type ScriptRequest, type ScriptSource, type WrittenScript } from './script-writer.ts';
import { castShow } from './offline-cast.ts';
import { showPhrasing } from './phrasing/phrasing-by-language.ts';
import { pick, type ShowPhrasing } from './show-phrasing.ts';
import { selectSentences } from './sentence-selection.ts';
import { withArticle, type SourceDocument, type SourceSentence } from './source-document.ts';
import { readSources, refsOf, themeParts, type Part } from './offline-source-parts.ts';
import { sourcePhrasing, type NamedSource } from './source-phrasing.ts';
import { hasMarkup } from './spoken-text.ts';

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

interface Draft {
  speaker: Speaker;
  parts: string[];
  note: LineNote;
  /** The title of the section this line starts. */
  section: string | undefined;
  /** A quote's own language, when it is not the episode's. */
  language?: Language | undefined;
}

/** Answers run to about this many words before the next question (fewer in a short script, for more back and forth). */
const TURN_WORDS = 60;
const MIN_TURN_WORDS = 30;
const MAX_RECAP_ITEMS = 4;
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

interface SectionLabel {
  /** How a host names the section mid-sentence. */
  text: string;
}

/**
 * Each section's name as spoken: its heading in sentence case, else its best key phrase
 * that names no section yet (a long section cut at a topic shift is not announced by its
 * heading's words a second time).
 */
function sectionLabels(document: SourceDocument, phrasing: ShowPhrasing): SectionLabel[] {
  const used = new Set<string>();
  const named = document.sections.map((section) => (section.heading === null ? null : spokenHeading(document, section.heading)));
  for (const heading of named) if (heading) used.add(heading.toLowerCase().replace(/^the /, ''));
  return document.sections.map((section, index) => {
    // The parts of a theme several sources share are named by the shared phrase.
    if (section.theme) return { text: withArticle(document, section.theme.key, section.theme.text) };
    const heading = named[index];
    if (heading) return { text: heading };
    const fresh = (candidate: { key: string; text: string }) => !used.has(candidate.key) && !used.has(candidate.text.toLowerCase());
    const phrase = section.keyPhrases.find(fresh) ?? section.keyPhrases[0] ?? document.keyPhrases[0];
    if (!phrase) return { text: phrasing.nextPart };
    used.add(phrase.key);
    used.add(phrase.text.toLowerCase());
    return { text: withArticle(document, phrase.key, phrase.text) };
  });
}

/** A heading as words in a sentence: numbering and closing punctuation dropped, capitals only where the text keeps them. */
function spokenHeading(document: SourceDocument, heading: string): string | null {
  const bare = heading.replace(/^(?:[0-9]+(?:\.[0-9]+)*|[IVX]+)[.):]?\s+/u, '').replace(/[\s.:;,!?。！？、：-]+$/u, '').trim();
  if (bare === '' || hasMarkup(bare)) return null;
  const words = document.analyse(bare).flatMap((sentence) => sentence.words);
  if (words.length === 0) return null;
  const text = words.map((word, n) => (n === 0 ? '' : word.spaceBefore) + document.evidence.wordCase(word)).join('');
  // "Summary", "Background": one common noun reads as "the summary" in a sentence.
  const only = words.length === 1 && baseLanguage(document.language) === 'en' ? words[0] : undefined;
  return only && (only.pos === 'NOUN' || only.pos === 'PROPN') && only.lemma === only.normal && /^\p{Ll}/u.test(text) ? `the ${text}` : text;
}

function composeScript(
  document: SourceDocument,
  labels: readonly SectionLabel[],
  context: { request: ScriptRequest; sources: readonly ScriptSource[] },
  phrasing: ShowPhrasing,
  chosen: Map<number, SourceSentence[]>,
): OfflineWrittenScript {
  const { request, sources } = context;
  const style = phrasing.styles[request.voiceStyle];
  const pair = phrasing.pairs[request.voicePair];
  // A briefing is framed by its template: rundown, numbered items, its own questions and close.
  const briefing = request.briefing ? phrasing.briefings[request.briefing.template] : undefined;
  const cast = castShow(request, phrasing, pair, briefing?.greeting ?? pair.greeting);
  const { gap } = phrasing;
  const { multi } = cast;
  const kept = [...chosen.entries()].filter(([, sentences]) => sentences.length > 0).sort((a, b) => a[0] - b[0]);
  const parts: Part[] = kept.map(([index, sentences], n) => {
    const theme = document.sections[index]?.theme?.key;
    const before = n > 0 ? document.sections[(kept[n - 1] as [number, SourceSentence[]])[0]]?.theme?.key : undefined;
    return { index, sentences, continues: theme !== undefined && theme === before };
  });
  const sections = parts.filter((part) => !part.continues);
  const sectionNames = sections.map((part) => (labels[part.index] as SectionLabel).text);
  // With several sources the hosts say which one they read from (a briefing's items are named by its template).
  const named = new Map(sources.map((source): [number, NamedSource] => [source.index, { position: source.index, kind: source.kind, title: source.title }]));
  const attributed = sources.length > 1 && !briefing;
  const talk = sourcePhrasing(request.language ?? 'en');
  const used = [...new Set(parts.flatMap((part) => part.sentences.map((sentence) => sentence.source)))].sort((a, b) => a - b);
  const subject = document.title ? titleSubject(document, document.title) : topicOf(document, phrasing);
  const drafts: Draft[] = [];
  const say = (speaker: Speaker, parts: string[], note: Partial<LineNote> = {}, section?: string, language?: Language) =>
    drafts.push({ speaker, parts, note: { subjects: note.subjects ?? [], sources: note.sources ?? [], asked: note.asked ?? [] }, section, language });
  // Source sentences read out: a quote in another language is a line of its own, in that language.
  const read = (speaker: Speaker, lead: string[], sentences: readonly SourceSentence[], joined: boolean) => {
    for (const [index, group] of byLanguage(sentences).entries()) {
      const texts = group.map((sentence) => sentence.text);
      const parts = joined ? [texts.join(gap)] : texts;
      const sources = { sources: group.map((sentence) => sentence.index) };
      if (index === 0 && lead.length > 0 && group[0]?.language) say(speaker, lead);
      say(speaker, index === 0 && !group[0]?.language ? [...lead, ...parts] : parts, sources, undefined, group[0]?.language);
    }
  };
  const lineup = attributed ? [talk.lineup(used.map((index) => named.get(index) as NamedSource))] : [];

  // The intro is a section of its own, titled by what the opening names.
  if (briefing && request.briefing) {
    say('Host 1', [briefing.opening(request.briefing.title, sections.length), ...cast.introduction, ...(sectionNames.length > 1 ? [briefing.rundown(sectionNames)] : [])], {}, sectionTitle(request.briefing.title));
  } else {
    say('Host 1', [style.opening(subject), ...cast.introduction, ...lineup, ...(sectionNames.length > 1 ? [phrasing.preview(sectionNames.slice(0, MAX_RECAP_ITEMS))] : [])], {}, sectionTitle(subject));
  }
  for (const [speaker, greeting] of cast.greetings) say(speaker, [greeting]);

  const chosenWords = kept.reduce((sum, [, sentences]) => sum + sentences.reduce((total, sentence) => total + sentence.words, 0), 0);
  const turnWords = Math.min(TURN_WORDS, Math.max(MIN_TURN_WORDS, Math.round(chosenWords / 8)));
  const recentSubjects: string[] = [];
  const questions = briefing?.questions ?? pair.questions;
  let questionCount = 0;
  let turnsSoFar = 0;
  // A long episode asks about a subject again now and then: never in the same words.
  const asked = new Set<string>();
  const ask = (subject: string | undefined) => {
    if (subject === undefined) return undefined;
    for (let offset = 0; offset < questions.length; offset += 1) {
      const question = pick(questions, questionCount + offset)(subject);
      if (!asked.has(question)) {
        asked.add(question);
        return question;
      }
    }
    return undefined;
  };
  let position = -1;
  let lastSource: number | undefined;
  parts.forEach((part, n) => {
    const { index: sectionIndex, sentences } = part;
    if (!part.continues) {
      position += 1;
      lastSource = undefined;
    }
    const label = sectionNames[position] as string;
    const title = sectionTitle(label);
    // A theme's opening names every source that takes it up.
    const themeSources = part.continues ? [] : themeParts(parts, n, document).map((source) => named.get(source) as NamedSource);
    const transition = part.continues
      ? undefined
      : briefing
        ? briefing.transition(label, position, sections.length)
        : attributed && themeSources.length > 1
          ? talk.compare(label, themeSources)
          : position === 0 ? phrasing.start(label) : pick(style.transitions, position - 1)(label);
    // Before a source's sentences, when they are not the source read just before.
    const attribution = (turn: readonly SourceSentence[]) => {
      const source = (turn[0] as SourceSentence).source;
      if (!attributed || source === lastSource) return [];
      lastSource = source;
      return [talk.says(named.get(source) as NamedSource)];
    };
    const turns = groupTurns(sentences, turnWords);
    if (!multi) {
      if (transition !== undefined) say('Host 1', [transition], {}, title);
      for (const turn of turns) read('Host 1', attribution(turn), turn, true);
      return;
    }
    turns.forEach((turn, turnIndex) => {
      const opening = turnIndex === 0 && transition !== undefined;
      const { teller, asker } = cast.turn(position, turnsSoFar);
      turnsSoFar += 1;
      let phrase = questionSubject(document, turn, recentSubjects, sectionIndex);
      const sectionNamed = sectionSubject(document, label, sectionIndex);
      let question = ask(phrase ?? sectionNamed);
      if (question === undefined && phrase !== undefined) [phrase, question] = [undefined, ask(sectionNamed)];
      questionCount += 1;
      // A transition naming what the question names anyway would say it twice (a briefing always numbers its items).
      // (A theme's opening names its sources too: it stays.)
      const sameAsLabel = !briefing && themeSources.length < 2 && phrase !== undefined && phrase.toLowerCase() === label.toLowerCase();
      const lead = opening ? (sameAsLabel ? [] : [transition]) : turnIndex % 2 === 1 && question !== undefined ? [pick(pair.reactions ?? style.reactions, questionCount)] : [];
      // Every question form was used on this subject already: the answer follows the last one on.
      if (question !== undefined || lead.length > 0) say(asker, [...lead, ...(question === undefined ? [] : [cast.address(question, teller)])], { subjects: phrase && question ? [phrase] : [], asked: question ? [(phrase ?? sectionNamed) as string] : [] }, opening ? title : undefined);
      const answerLead = pair.answerLeads.length > 0 && opening ? [pick(pair.answerLeads, position)] : [];
      read(teller, [...answerLead, ...attribution(turn)], turn, false);
    });
  });

  const covered = sectionNames.length > 0 ? sectionNames.slice(0, MAX_RECAP_ITEMS) : [subject];
  const closing = briefing ? briefing.closing(sectionNames.length > 0 ? sectionNames : covered) : phrasing.recap(covered);
  const signOff = briefing?.signOff ?? style.signOff;
  if (multi) {
    say('Host 1', [closing]);
    for (const [speaker, thanks] of cast.farewells) say(speaker, [thanks]);
    say('Host 1', [cast.signOff(signOff)]);
  } else {
    say('Host 1', [closing, cast.signOff(signOff)]);
  }

  const merged = multi ? mergeSameSpeaker(drafts) : drafts;
  const firstSentences = kept.flatMap(([, sentences]) => sentences).slice(0, 2).map((sentence) => sentence.text);
  const leftOut = sources.map((source) => source.index).filter((index) => !used.includes(index));
  return {
    title: request.briefing?.title ?? document.title ?? (sources.length > 1 ? sectionTitle(subject) : titleFrom(document.sentences[0]?.text ?? subject)),
    description: briefing ? phrasing.briefingDescription(sectionNames) : firstSentences.join(gap),
    lines: merged.map((draft) => ({
      speaker: draft.speaker,
      text: draft.parts.join(gap),
      ...(draft.section ? { section: draft.section } : {}),
      ...(draft.language ? { language: draft.language } : {}),
      sourceRefs: refsOf(document, draft.note.sources),
    })),
    notes: merged.map((draft) => draft.note),
    languageLeftOut: document.leftOut,
    sourceLimitMs: null,
    tokens: NO_TOKENS,
    ...(leftOut.length > 0 ? { leftOut } : {}),
  };
}

/** A title named in a sentence: a Title Case title is a name and stays as written; a sentence-case one reads as words. */
function titleSubject(document: SourceDocument, title: string): string {
  const long = title.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
  const capitalised = long.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (long.length > 1 && capitalised / long.length >= 0.6) return title.replace(/[\s.:;,!?-]+$/u, '');
  return spokenHeading(document, title) ?? title;
}

/** What the text is about when it has no title: its two best key phrases. */
function topicOf(document: SourceDocument, phrasing: ShowPhrasing): string {
  const phrases = document.keyPhrases.slice(0, 2).map((phrase) => withArticle(document, phrase.key, phrase.text));
  return phrases.length > 0 ? phrasing.list(phrases) : phrasing.thisStory;
}

/** Chosen sentences in answer-sized turns: a new turn at about `turnWords`, or at a paragraph or a skipped stretch once a turn has enough. */
function groupTurns(sentences: readonly SourceSentence[], turnWords: number): SourceSentence[][] {
  const turns: SourceSentence[][] = [];
  let current: SourceSentence[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const previous = current.at(-1);
    const breakHere =
      previous !== undefined &&
      (sentence.source !== previous.source ||
        words + sentence.words > turnWords * 1.3 ||
        words >= turnWords ||
        (sentence.paragraph !== previous.paragraph && words >= turnWords / 2) ||
        (sentence.index !== previous.index + 1 && words >= turnWords / 3 && !sentence.leansOnPrevious));
    if (breakHere) {
      turns.push(current);
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += sentence.words;
  }
  if (current.length > 0) turns.push(current);
  return turns;
}

/**
 * A question names what it asks about in at least this many content words (not stop
 * words): "the night train's sleeping cars", never just "logging" or "the package", which
 * say little to a listener who has not read the source.
 */
const MIN_SUBJECT_WORDS = 2;

function contentWords(words: readonly { type: string; stopWord: boolean }[]): number {
  return words.filter((word) => word.type === 'word' && !word.stopWord).length;
}

/**
 * What a question about a section asks about when the answer has no noun phrase of its
 * own to name: the section's label when it says enough, else the section's best key phrase
 * that does; undefined when nothing does (the answer then follows the lead-in unasked).
 */
function sectionSubject(document: SourceDocument, label: string, section: number): string | undefined {
  if (contentWords(document.analyse(label).flatMap((sentence) => sentence.words)) >= MIN_SUBJECT_WORDS) return label;
  const phrase = document.sections[section]?.keyPhrases.find((candidate) => contentWords(document.analyse(candidate.text).flatMap((sentence) => sentence.words)) >= MIN_SUBJECT_WORDS);
  return phrase ? withArticle(document, phrase.key, phrase.text) : undefined;
}

/**
 * The subject of the question before an answer: the most central noun phrase the
 * answer itself is about (its first sentence counts most), not one asked about just
 * before, named in at least MIN_SUBJECT_WORDS content words. Undefined when the answer
 * has no noun phrase fit to ask about.
 */
function questionSubject(document: SourceDocument, turn: readonly SourceSentence[], recent: string[], section: number): string | undefined {
  let best: { phrase: NounPhrase; score: number } | undefined;
  turn.forEach((sentence, position) => {
    // A quote's words are another language's: the question asks about what the episode's language says.
    if (sentence.language) return;
    for (const phrase of sentence.analysis.phrases) {
      const words = phrase.words.filter((word) => word.type === 'word').length;
      if (!isSubjectLike(phrase) || words > MAX_KEY_PHRASE_WORDS || contentWords(phrase.words) < MIN_SUBJECT_WORDS || hasMarkup(phrase.text)) continue;
      // Without a tagger, only a phrase the text comes back to is surely a subject, and not the one just asked about; else the question names the section.
      if (phrase.head !== undefined && ((document.phraseOccurrences.get(phrase.key) ?? 0) < 2 || words > 3 || recent.includes(phrase.key))) continue;
      let score = document.phraseScores.get(phrase.key) ?? 0;
      if (position === 0) score *= 1.3;
      // Not what was just asked about, nor another phrase about the same thing ("the night train", "the modern night train").
      if (recent.includes(phrase.key) || recent.includes(headOf(phrase).lemma)) score *= 0.2;
      if (document.sections[section]?.keyPhrases[0]?.key === phrase.key && recent.length > 0) score *= 0.8;
      if (!best || score > best.score) best = { phrase, score };
    }
  });
  if (!best) return undefined;
  const chosen: NounPhrase = best.phrase;
  recent.push(chosen.key, headOf(chosen).lemma);
  if (recent.length > 8) recent.splice(0, recent.length - 8);
  return withArticle(document, chosen.key, document.evidence.phraseText(chosen));
}

/**
 * Two lines in a row by one host become one (a greeting and the first question, a recap
 * and a goodbye), except where a section starts after an answer or another section's
 * start: a chapter begins with the line that announces it.
 */
function mergeSameSpeaker(drafts: readonly Draft[]): Draft[] {
  const merged: Draft[] = [];
  for (const draft of drafts) {
    const last = merged.at(-1);
    if (last && last.speaker === draft.speaker && last.language === draft.language && !(draft.section && (last.section || last.note.sources.length > 0))) {
      last.parts.push(...draft.parts);
      last.note = { subjects: [...last.note.subjects, ...draft.note.subjects], sources: [...last.note.sources, ...draft.note.sources], asked: [...last.note.asked, ...draft.note.asked] };
      last.section ??= draft.section;
    } else {
      merged.push({ ...draft, parts: [...draft.parts] });
    }
  }
  return merged;
}

/** Consecutive sentences of one language (the episode's, or a quote's own). */
function byLanguage(sentences: readonly SourceSentence[]): SourceSentence[][] {
  const groups: SourceSentence[][] = [];
  for (const sentence of sentences) {
    const last = groups.at(-1);
    if (last && last[0]?.language === sentence.language) last.push(sentence);
    else groups.push([sentence]);
  }
  return groups;
}

function titleFrom(firstSentence: string): string {
  const bare = firstSentence.replace(/[.!?。！？।]+$/u, '');
  // Japanese and Chinese are written without spaces: a title is cut by characters.
  if (!/\s/u.test(bare)) return bare.length > 30 ? `${bare.slice(0, 29)}…` : bare;
  const words = bare.split(/\s+/);
  const title = words.slice(0, 12).join(' ');
  return words.length > 12 ? `${title}…` : title;
}
