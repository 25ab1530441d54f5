// One script of the built-in writer from the sentences chosen for it: the opening, each
// section of the source as the format builds it (offline-formats.ts), the close, and the
// reactions of the listening hosts (offline-reactions.ts). Every format keeps the same
// frame: the intro is a section of its own titled by what the opening names, each source
// section is read once and in order under the title its host announces, and with several
// sources the hosts say which one they read from. A quote the source keeps in another
// language is a line of its own, in that language (offline-formats.ts readOut).
import type { Language } from '@castwright/core/languages';
import type { Speaker } from '@castwright/core/script-lines';
import { formatPhrasing } from './format-phrasing.ts';
import { castShow } from './offline-cast.ts';
import { critiqueGaps, formatTurns, sectionBody, type ComposeWriter } from './offline-formats.ts';
import { titleSubject, topicOf, type SectionLabel } from './offline-labels.ts';
import { addReactions } from './offline-reactions.ts';
import type { LineNote, OfflineWrittenScript } from './offline-script-writer.ts';
import { refsOf, themeParts, type Part } from './offline-source-parts.ts';
import { groupTurns, mergeSameSpeaker, type Draft } from './offline-turns.ts';
import { sectionTitle } from './script-sections.ts';
import { NO_TOKENS, type ScriptRequest, type ScriptSource } from './script-writer.ts';
import { pick, type ShowPhrasing } from './show-phrasing.ts';
import { sourcePhrasing, type NamedSource } from './source-phrasing.ts';
import type { SourceDocument, SourceSentence } from './source-document.ts';

/** Answers run to about this many words before the next question (fewer in a short script, for more back and forth). */
const TURN_WORDS = 60;
const MIN_TURN_WORDS = 30;
const MAX_RECAP_ITEMS = 4;

export function composeScript(
  document: SourceDocument,
  labels: readonly SectionLabel[],
  context: { request: ScriptRequest; sources: readonly ScriptSource[] },
  phrasing: ShowPhrasing,
  chosen: Map<number, SourceSentence[]>,
): OfflineWrittenScript {
  const { request, sources } = context;
  const format = request.format ?? 'deep_dive';
  const formats = formatPhrasing(request.language ?? 'en');
  const style = phrasing.styles[request.voiceStyle];
  // A debate and an interview greet, ask and thank as their pair does, whatever voices voicePair casts.
  const pair = phrasing.pairs[format === 'debate' || format === 'interview' ? format : request.voicePair];
  // A briefing is framed by its template: rundown, numbered items, its own questions and close.
  const briefing = request.briefing ? phrasing.briefings[request.briefing.template] : undefined;
  // An interview's guest answers the welcome as the guest.
  const greeting = format === 'interview' && !briefing ? formats.interview.guestGreeting : (briefing?.greeting ?? pair.greeting);
  const cast = castShow(request, phrasing, pair, greeting);
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
  const lineup = attributed ? [talk.lineup(used.map((index) => named.get(index) as NamedSource))] : [];
  const preview = sectionNames.length > 1 ? [phrasing.preview(sectionNames.slice(0, MAX_RECAP_ITEMS))] : [];

  // The intro is a section of its own, titled by what the opening names.
  if (briefing && request.briefing) {
    say('Host 1', [briefing.opening(request.briefing.title, sections.length), ...cast.introduction, ...(sectionNames.length > 1 ? [briefing.rundown(sectionNames)] : [])], {}, sectionTitle(request.briefing.title));
  } else if (format === 'brief') {
    // A brief goes straight to its points: how many, and nothing else.
    say('Host 1', [formats.brief.opening(subject, Math.max(1, sections.length)), ...cast.introduction, ...lineup], {}, sectionTitle(subject));
  } else {
    const guest = format === 'interview' && multi ? [formats.interview.introduceGuest(subject)] : [];
    say('Host 1', [style.opening(subject), ...cast.introduction, ...guest, ...lineup, ...preview], {}, sectionTitle(subject));
  }
  for (const [speaker, words] of cast.greetings) say(speaker, [words]);

  const chosenWords = kept.reduce((sum, [, sentences]) => sum + sentences.reduce((total, sentence) => total + sentence.words, 0), 0);
  const turnWords = Math.min(TURN_WORDS, Math.max(MIN_TURN_WORDS, Math.round(chosenWords / 8)));
  const writer: ComposeWriter = {
    document,
    request,
    format,
    phrasing,
    formats,
    cast,
    pair,
    questions: briefing?.questions ?? (format === 'interview' ? phrasing.pairs.interview.questions : pair.questions),
    reactions: pair.reactions ?? style.reactions,
    say,
    state: { questionCount: 0, turnsSoFar: 0, recentSubjects: [], asked: new Set<string>() },
  };
  // With reactions on, an answer has two sentences at least, so a reaction has a pause inside it to sit in.
  const reacting = (request.reactions ?? 'none') !== 'none' && multi;
  let position = -1;
  let lastSource: number | undefined;
  parts.forEach((part, n) => {
    if (!part.continues) {
      position += 1;
      lastSource = undefined;
    }
    const label = sectionNames[position] as string;
    // A theme's opening names every source that takes it up.
    const themeSources = part.continues ? [] : themeParts(parts, n, document).map((source) => named.get(source) as NamedSource);
    const transition = part.continues
      ? undefined
      : briefing
        ? briefing.transition(label, position, sections.length)
        : attributed && themeSources.length > 1
          ? talk.compare(label, themeSources)
          : formatTransition(format, formats, phrasing, style.transitions, label, position, sections.length);
    // Before a source's sentences, when they are not the source read just before.
    const attribution = (turn: readonly SourceSentence[]) => {
      const source = (turn[0] as SourceSentence).source;
      if (!attributed || source === lastSource) return [];
      lastSource = source;
      return [talk.says(named.get(source) as NamedSource)];
    };
    sectionBody(writer, {
      part,
      position,
      label,
      title: sectionTitle(label),
      transition,
      comparesSources: themeSources.length > 1,
      briefing: briefing !== undefined,
      turns: formatTurns(format, groupTurns(part.sentences, turnWords, reacting ? 2 : 1)),
      attribution,
    });
  });

  const covered = sectionNames.length > 0 ? sectionNames.slice(0, MAX_RECAP_ITEMS) : [subject];
  if (format === 'critique') critiqueGaps(writer, parts, sectionNames, chosen);
  if (format === 'interview' && multi) say('Host 1', [formats.interview.takeaway]);
  const closing = briefing
    ? briefing.closing(sectionNames.length > 0 ? sectionNames : covered)
    : format === 'brief'
      ? formats.brief.closing(sectionNames)
      : format === 'critique' ? formats.critique.verdict(covered.slice(0, 3)) : phrasing.recap(covered);
  const signOff = briefing?.signOff ?? style.signOff;
  if (multi) {
    // An interview's guest answers the last question with the recap; a debate's sides each have a last word.
    if (format === 'interview') say('Host 2', [closing]);
    else if (format === 'debate') {
      say('Host 1', [formats.debate.closings[0](subject)]);
      say('Host 2', [formats.debate.closings[1](subject)]);
      say('Host 1', [closing]);
    } else say('Host 1', [closing]);
    for (const [speaker, thanks] of cast.farewells) say(speaker, [thanks]);
    say('Host 1', [cast.signOff(signOff)]);
  } else {
    say('Host 1', [closing, cast.signOff(signOff)]);
  }

  const merged = multi ? mergeSameSpeaker(drafts) : drafts;
  const firstSentences = kept.flatMap(([, sentences]) => sentences).slice(0, 2).map((sentence) => sentence.text);
  const leftOut = sources.map((source) => source.index).filter((index) => !used.includes(index));
  const lines = merged.map((draft) => ({
    speaker: draft.speaker,
    text: draft.parts.join(gap),
    ...(draft.section ? { section: draft.section } : {}),
    ...(draft.language ? { language: draft.language } : {}),
    sourceRefs: refsOf(document, draft.note.sources),
  }));
  const reacted = addReactions(lines, merged.map((draft) => draft.note), { request, formats });
  return {
    title: request.briefing?.title ?? document.title ?? (sources.length > 1 ? sectionTitle(subject) : titleFrom(document.sentences[0]?.text ?? subject)),
    description: briefing ? phrasing.briefingDescription(sectionNames) : firstSentences.join(gap),
    lines: reacted.lines,
    notes: reacted.notes,
    languageLeftOut: document.leftOut,
    sourceLimitMs: null,
    tokens: NO_TOKENS,
    ...(leftOut.length > 0 ? { leftOut } : {}),
  };
}

/** How a section is led into: a brief numbers its points, a critique names what the source does well, the rest use the voice style's transitions. */
function formatTransition(
  format: NonNullable<ScriptRequest['format']>,
  formats: ReturnType<typeof formatPhrasing>,
  phrasing: ShowPhrasing,
  transitions: ShowPhrasing['styles'][keyof ShowPhrasing['styles']]['transitions'],
  label: string,
  position: number,
  total: number,
): string {
  if (format === 'brief') return formats.brief.point(label, position, total);
  if (format === 'critique') return pick(formats.critique.strengths, position)(label);
  return position === 0 ? phrasing.start(label) : pick(transitions, position - 1)(label);
}

function titleFrom(firstSentence: string): string {
  const bare = firstSentence.replace(/[.!?。！？।]+$/u, '');
  // Japanese and Chinese are written without spaces: a title is cut by characters.
  if (!/\s/u.test(bare)) return bare.length > 30 ? `${bare.slice(0, 29)}…` : bare;
  const words = bare.split(/\s+/);
  const title = words.slice(0, 12).join(' ');
  return words.length > 12 ? `${title}…` : title;
}
