// How the built-in writer builds one section of the source in each format. A deep dive:
// a question about what the next answer is about, then the answer read from the source.
// A brief: one host names the point and reads it. A debate: one side states that the
// source gets the section's claim right and reads it, the other takes the opposite position
// on the same claim and reads the caveats the source itself admits (or challenges it when
// there are none), and the first answers with the rest of the evidence. A critique: the
// deep dive's turns led by what the source does well, then a part of its own on what it
// misses (claims it only hedges, parts without a figure, things named once and dropped).
// An interview: the host asks, the guest (the other host) answers every question, with
// follow-ups between the parts of an answer. In every format a question names what it asks
// about in two content words at least (offline-turns.ts), and the source's sentences are
// read out by readOut: a quote kept in another language is a line of its own, in it.
import type { Format } from '@castwright/core/episode-options';
import type { Language } from '@castwright/core/languages';
import type { Speaker } from '@castwright/core/script-lines';
import { hasCaveat, hasFigure, isHedged } from './claim-cues.ts';
import type { FormatPhrasing } from './format-phrasing.ts';
import type { Cast } from './offline-cast.ts';
import type { LineNote } from './offline-script-writer.ts';
import type { Part } from './offline-source-parts.ts';
import { byLanguage, questionSubject, sectionSubject } from './offline-turns.ts';
import { scriptSpeakers } from './script-hosts.ts';
import { sectionTitle } from './script-sections.ts';
import type { ScriptRequest } from './script-writer.ts';
import { pick, type PairPhrasing, type ShowPhrasing, type Template } from './show-phrasing.ts';
import { withArticle, type SourceDocument, type SourceSentence } from './source-document.ts';

/** What every section of one script is written with. */
export interface ComposeWriter {
  document: SourceDocument;
  request: ScriptRequest;
  format: Format;
  phrasing: ShowPhrasing;
  formats: FormatPhrasing;
  cast: Cast;
  pair: PairPhrasing;
  /** The asker's questions (the briefing template's, the interview's, or the pair's). */
  questions: Template[];
  /** The asker's reactions before a question (the pair's, or the voice style's). */
  reactions: string[];
  say(speaker: Speaker, parts: string[], note?: Partial<LineNote>, section?: string, language?: Language): void;
  /** Counts and memories kept across sections. */
  state: { questionCount: number; turnsSoFar: number; recentSubjects: string[]; asked: Set<string> };
}

/** One part of the source as a section body is given it. */
export interface SectionInput {
  part: Part;
  position: number;
  label: string;
  title: string;
  /** Set when the part opens a section: how the host leads into it. */
  transition: string | undefined;
  /** Several sources take up this theme (its opening names them all). */
  comparesSources: boolean;
  briefing: boolean;
  turns: SourceSentence[][];
  /** Said before a turn's sentences when they come from another source than the last read. */
  attribution(turn: readonly SourceSentence[]): string[];
}

const reading = (turn: readonly SourceSentence[]): Partial<LineNote> => ({ sources: turn.map((sentence) => sentence.index) });

/**
 * Source sentences read out by `speaker` after `lead`: each run of them in one language is
 * a line (a quote in another language is a line of its own, in that language, and the lead
 * then a line before it). `joined`: the sentences are one part of the line (one host reading
 * on), else a part each. The first line said opens `section` and carries `note`.
 */
function readOut(
  writer: ComposeWriter,
  speaker: Speaker,
  lead: readonly string[],
  sentences: readonly SourceSentence[],
  options: { joined?: boolean; section?: string | undefined; note?: Partial<LineNote> } = {},
): void {
  let section = options.section;
  let note = options.note ?? {};
  const say = (parts: string[], read: Partial<LineNote>, language?: Language) => {
    writer.say(speaker, parts, { ...note, ...read }, section, language);
    section = undefined;
    note = {};
  };
  for (const [index, group] of byLanguage(sentences).entries()) {
    const texts = group.map((sentence) => sentence.text);
    const parts = options.joined ? [texts.join(writer.phrasing.gap)] : texts;
    const quote = group[0]?.language;
    if (index === 0 && lead.length > 0 && quote) say([...lead], {});
    say(index === 0 && !quote ? [...lead, ...parts] : parts, reading(group), quote);
  }
}

/** A debate keeps its claim turn first; the other formats take the turns as grouped. */
export function formatTurns(format: Format, turns: SourceSentence[][]): SourceSentence[][] {
  return format === 'debate' && turns.length === 1 && (turns[0]?.length ?? 0) > 2 ? [(turns[0] as SourceSentence[]).slice(0, 2), (turns[0] as SourceSentence[]).slice(2)] : turns;
}

export function sectionBody(writer: ComposeWriter, input: SectionInput): void {
  const { cast, format } = writer;
  if (!cast.multi || format === 'brief') return oneHost(writer, input);
  if (format === 'debate') return debate(writer, input);
  return conversation(writer, input);
}

/** One host reads: the transition (a brief's point), then each turn; a brief says its point and its first turn in one line. */
function oneHost(writer: ComposeWriter, input: SectionInput): void {
  const [first, ...rest] = input.turns;
  if (writer.format === 'brief' && input.transition !== undefined && first) {
    readOut(writer, 'Host 1', [input.transition, ...input.attribution(first)], first, { joined: true, section: input.title });
  } else {
    if (input.transition !== undefined) writer.say('Host 1', [input.transition], {}, input.title);
    if (first) readOut(writer, 'Host 1', input.attribution(first), first, { joined: true });
  }
  for (const turn of rest) readOut(writer, 'Host 1', input.attribution(turn), turn, { joined: true });
}

/** A question the script has not asked yet about `subject` (every form used, or no subject: undefined). */
function ask(writer: ComposeWriter, subject: string | undefined): string | undefined {
  if (subject === undefined) return undefined;
  const { questions, state } = writer;
  for (let offset = 0; offset < questions.length; offset += 1) {
    const question = pick(questions, state.questionCount + offset)(subject);
    if (!state.asked.has(question)) {
      state.asked.add(question);
      return question;
    }
  }
  return undefined;
}

/** Who answers and who asks a turn: the cast's roles, except that an interview's guest answers every question. */
function roles(writer: ComposeWriter, position: number): { teller: Speaker; asker: Speaker } {
  const roles = writer.cast.turn(position, writer.state.turnsSoFar);
  if (writer.format !== 'interview') return roles;
  const guests = scriptSpeakers(writer.request).slice(1);
  return { asker: 'Host 1', teller: guests[writer.state.turnsSoFar % guests.length] ?? 'Host 2' };
}

/** A deep dive, a critique or an interview: a question about what each answer is about, then the answer. */
function conversation(writer: ComposeWriter, input: SectionInput): void {
  const { document, cast, say, state, pair, formats } = writer;
  input.turns.forEach((turn, turnIndex) => {
    const opening = turnIndex === 0 && input.transition !== undefined;
    const { teller, asker } = roles(writer, input.position);
    state.turnsSoFar += 1;
    let phrase = questionSubject(document, turn, state.recentSubjects, input.part.index);
    // Without a phrase of its own, the question names the section in words that say enough (or is not asked).
    const sectionNamed = sectionSubject(document, input.label, input.part.index);
    let question = ask(writer, phrase ?? sectionNamed);
    if (question === undefined && phrase !== undefined) [phrase, question] = [undefined, ask(writer, sectionNamed)];
    state.questionCount += 1;
    // A transition naming what the question names anyway would say it twice (a briefing always numbers its items).
    // (A theme's opening names its sources too: it stays.)
    const sameAsLabel = !input.briefing && !input.comparesSources && phrase !== undefined && phrase.toLowerCase() === input.label.toLowerCase();
    // Between the parts of an answer an interviewer follows up; the other formats' asker reacts.
    const between = writer.format === 'interview' ? pick(formats.interview.followUps, state.questionCount) : pick(writer.reactions, state.questionCount);
    const lead = opening ? (sameAsLabel ? [] : [input.transition as string]) : turnIndex % 2 === 1 && question !== undefined ? [between] : [];
    // Every question form was used on this subject already: the answer follows the last one on.
    if (question !== undefined || lead.length > 0) {
      const note = { subjects: phrase && question ? [phrase] : [], asked: question ? [(phrase ?? sectionNamed) as string] : [] };
      say(asker, [...lead, ...(question === undefined ? [] : [cast.address(question, teller)])], note, opening ? input.title : undefined);
    }
    const answerLead = pair.answerLeads.length > 0 && opening ? [pick(pair.answerLeads, input.position)] : [];
    readOut(writer, teller, [...answerLead, ...input.attribution(turn)], turn);
  });
}

/** A debate's sides for a section: with named hosts, the odd-numbered hosts argue for and the even ones against, taking turns by section. */
function sides(writer: ComposeWriter, position: number): { forSide: Speaker; against: Speaker } {
  const speakers = scriptSpeakers(writer.request);
  const forSide = speakers.filter((_, index) => index % 2 === 0);
  const against = speakers.filter((_, index) => index % 2 === 1);
  return { forSide: pick(forSide, position), against: against.length > 0 ? pick(against, position) : 'Host 2' };
}

/** The section's claim, the other side's opposite position with the source's own caveats, and the rest of the evidence. */
function debate(writer: ComposeWriter, input: SectionInput): void {
  const { say, formats, document, state } = writer;
  const language = writer.request.language ?? 'en';
  const { forSide, against } = sides(writer, input.position);
  const [claim, ...others] = input.turns;
  if (!claim) return;
  const caveats = others.filter((turn) => turn.some((sentence) => hasCaveat(sentence.text, language)));
  const evidence = others.filter((turn) => !caveats.includes(turn));
  // The claim is named as a question would name it: in words that say enough, the section's label at the last.
  const subject = questionSubject(document, claim, state.recentSubjects, input.part.index) ?? sectionSubject(document, input.label, input.part.index) ?? input.label;
  state.turnsSoFar += 1;
  const debated = { subjects: [subject] };
  const challenged = { ...debated, asked: [subject] };
  const opens = input.transition !== undefined;
  // The positions are taken where a section opens; a theme's next source goes on with the evidence.
  readOut(writer, forSide, [...(opens ? [input.transition as string, formats.debate.for(subject)] : []), ...input.attribution(claim)], claim, { section: opens ? input.title : undefined, note: opens ? debated : {} });
  const firstCaveat = caveats.shift();
  const position = opens ? [formats.debate.against(subject)] : [];
  if (firstCaveat) readOut(writer, against, [...position, pick(formats.debate.counters, input.position), ...input.attribution(firstCaveat)], firstCaveat, { note: opens ? debated : {} });
  else say(against, [...position, pick(formats.debate.challenges, input.position)(subject)], opens ? challenged : { asked: [subject] });
  evidence.forEach((turn, index) => {
    if (index > 0) say(against, [pick(formats.debate.challenges, input.position + index)(subject)], { asked: [subject] });
    readOut(writer, forSide, [pick(formats.debate.rebuttals, input.position + index), ...input.attribution(turn)], turn);
  });
  for (const turn of caveats) readOut(writer, against, [pick(formats.debate.counters, input.position + 1), ...input.attribution(turn)], turn);
}

/** Most findings a critique's part on what the source misses names. */
const MAX_GAPS = 4;

/**
 * A critique's part on what the source misses: claims it only hedges (read out, from its
 * sentences not read yet), kept parts without a figure to check, and things it names once
 * and drops (the verdict closes the episode). With two hosts or more they take turns,
 * the second host leading.
 */
export function critiqueGaps(writer: ComposeWriter, parts: readonly Part[], sectionNames: readonly string[], chosen: ReadonlyMap<number, SourceSentence[]>): void {
  const { say, formats, document, cast } = writer;
  const language = writer.request.language ?? 'en';
  const read = new Set([...chosen.values()].flat().map((sentence) => sentence.index));
  const findings: { parts: string[]; note: Partial<LineNote> }[] = [];
  for (const sentence of document.sentences) {
    if (findings.length >= 2) break;
    // A quote in another language is not judged by the episode's language's hedges.
    if (sentence.speakable && !sentence.language && !read.has(sentence.index) && isHedged(sentence.text, language)) findings.push({ parts: [formats.critique.hedged, sentence.text], note: reading([sentence]) });
  }
  let position = -1;
  for (const part of parts) {
    if (part.continues) continue;
    position += 1;
    if (findings.length >= MAX_GAPS - 1) break;
    if (!part.sentences.some((sentence) => hasFigure(sentence.text))) findings.push({ parts: [formats.critique.noFigures(sectionNames[position] as string)], note: {} });
  }
  const once = document.sections.flatMap((section) => section.keyPhrases).find((phrase) => (document.phraseOccurrences.get(phrase.key) ?? phrase.occurrences) === 1 && phrase.words > 1);
  if (once && findings.length < MAX_GAPS) findings.push({ parts: [formats.critique.mentionedOnce(withArticle(document, once.key, once.text))], note: {} });
  const speakers: Speaker[] = cast.multi ? ['Host 2', 'Host 1'] : ['Host 1'];
  say(speakers[0] as Speaker, [formats.critique.missesOpening, ...(findings.length === 0 ? [formats.critique.nothingMissing] : [])], {}, sectionTitle(formats.critique.missesTitle));
  findings.forEach((finding, index) => say(pick(speakers, index), finding.parts, finding.note));
}
