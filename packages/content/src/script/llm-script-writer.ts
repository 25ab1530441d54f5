// The script writer for an OpenAI-compatible Chat Completions endpoint. Short inputs
// and lengths are written in one request; long ones (15 minutes and more, or source
// text beyond one excerpt) are planned first as an outline of ~5-minute sections, then
// written section by section, each with the outline and a summary of what was said
// so far, so a long script neither repeats itself nor loses the thread. Either way the
// script comes in sections whose titles the host announces (script-sections.ts): the
// outline's, or those the model marks on the lines that open them. Every request is sized
// to the context the server gives (llm-request-budget.ts): a section whose part of the
// source is longer than one request can carry is written from it piece by piece, so all
// of a long source is read. The sources go to the model cut into numbered passages; each
// line names those it draws on, and they become the line's refs once checked
// (llm-source-passages.ts). At `some` or `lively` a line may be a reaction or a cut-in
// (llm-reactions.ts), placed and held to the rules as each reply's lines come, so the lines
// handed out to be voiced while the rest is written are the script's own.
import OpenAI from 'openai';
import Type from 'typebox';
import { PermanentError } from '@castwright/core/errors';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { countWords } from '../text/sentences.ts';
import { estimateScriptMs, spokenWords, wordsForMs } from './script-length.ts';
import { isAnnounced, sectionTitle } from './script-sections.ts';
import { cleanSpokenLine } from './spoken-text.ts';
import { outlinePrompt, sectionPrompt, systemPrompt, wholeScriptPrompt, type OutlineSection } from './llm-prompts.ts';
import { requestStructured, UnusableReplyError, type ChatMessage } from './llm-structured-reply.ts';
import type { ChatTarget } from './llm-chat.ts';
import { fits, piecesThatFit, sourceCharsThatFit, type ContextBudget } from './llm-request-budget.ts';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SECTION_TITLE_CHARACTERS, type ScriptLine, type Speaker } from '@castwright/core/script-lines';
import { scriptSpeakers, unfairShares, unnamedHosts } from './script-hosts.ts';
import { requestSources, type ScriptRequest, type TokenUsage, type WrittenScript } from './script-writer.ts';
import { checkedRefs, sourcePassages } from './llm-source-passages.ts';
import { nothingInLanguage } from '../language/passage-language.ts';
import { withOverlaps, withReactionFields, WrittenOverlaps, type OverlapWishes } from './llm-reactions.ts';
import { EXCERPT_CHARACTERS, excerpt, splitIntoParts } from './source-excerpts.ts';
import { HeardLines } from './llm-heard-lines.ts';

/** The server and how to ask it (core/config.ts LlmSettings); left out, the defaults there. */
export interface LlmSettings {
  /** undefined: the SDK's default (api.openai.com). */
  baseUrl: string | undefined;
  apiKey: string;
  model: string;
  timeoutMs?: number | undefined;
  temperature?: number | undefined;
  maxOutputTokens?: number | undefined;
  /** The context every request is made to fit, in tokens (default 16,384). */
  contextTokens?: number | undefined;
  /** Merged into every request body. */
  extraBody?: Record<string, unknown> | undefined;
}

export interface LlmWriteOptions {
  signal?: AbortSignal | undefined;
  /** Per request, instead of the settings'; long sections take a while on slow models. */
  timeoutMs?: number;
  /** The SDK's own retries of connection errors, 408/429/5xx. */
  maxRetries?: number;
  /**
   * Called with lines as soon as each is written, in order: replies are streamed and every
   * complete line handed out (llm-heard-lines.ts), to be voiced while the rest is written.
   * Lines handed out are kept whatever a repair or revision answers.
   */
  onLines?: ((lines: ScriptLine[]) => Promise<void> | void) | undefined;
}

/** The writer answered, but twice (after a repair) with nothing usable: a job retry would not help. */
export class UnusableScriptError extends PermanentError {}

/** Minutes of script per section in sectioned writing. */
const MINUTES_PER_SECTION = 5;
/** Enough for the longest episode (two hours) at MINUTES_PER_SECTION. */
const MAX_SECTIONS = 24;
/** The context asked requests fit when the settings name none. */
const DEFAULT_CONTEXT_TOKENS = 16_384;

export async function writeLlmScript(request: ScriptRequest, settings: LlmSettings, options: LlmWriteOptions = {}): Promise<WrittenScript> {
  const text = request.text.trim();
  if (text === '') throw new PermanentError('The content has no text to build a script from');
  const sources = requestSources(request);
  const marked = sourcePassages(sources, request.language ?? 'en');
  if (marked.passages.size === 0) throw new PermanentError(nothingInLanguage(request.language ?? 'en'));
  const client = new OpenAI({
    baseURL: settings.baseUrl ?? null,
    apiKey: settings.apiKey,
    timeout: options.timeoutMs ?? settings.timeoutMs ?? 180_000,
    maxRetries: options.maxRetries ?? 2,
  });
  const target: ChatTarget = {
    client,
    baseUrl: settings.baseUrl,
    model: settings.model,
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
    extraBody: settings.extraBody,
  };
  const { minutes } = request;
  // Words for the minutes asked for at the pace the episode will be read at.
  const targetWords = wordsForMs(minutes * 60_000, request.pace, request.hosts?.length ? scriptSpeakers(request) : request.hostMode);
  const system: ChatMessage = { role: 'system', content: systemPrompt(request) };
  const writer: Writer = {
    target,
    budget: { contextTokens: settings.contextTokens ?? DEFAULT_CONTEXT_TOKENS, maxOutputTokens: settings.maxOutputTokens },
    system,
    request,
    signal: options.signal,
    tokens: { inputTokens: 0, outputTokens: 0 },
    // The length band is asked for only when the source has enough to say: stretching a
    // short text to the preset's minutes would mean inventing.
    holdToLength: spokenWords(text) >= targetWords * 0.75,
    onLines: options.onLines,
    // Reactions where the model placed them, held to the rules both writers keep (none at `none`), across the whole script.
    overlaps: new WrittenOverlaps(request.pace, request.reactions ?? 'none'),
  };
  try {
    // A source that, with the prompt and the reply, would not fit one request is written in sections too.
    const sectioned = minutes >= 15 || marked.text.length > EXCERPT_CHARACTERS || !fits(writer.budget, [system.content, wholeScriptPrompt(marked.text, targetWords)], targetWords);
    const script = sectioned ? await writeInSections(writer, marked.text, minutes, targetWords) : await writeWhole(writer, marked.text, targetWords);
    const refs = checkedRefs(script.lines, sources, marked.passages);
    // A source too short to fill the minutes is not stretched: how long it runs read out is what it holds.
    return { ...script, lines: refs.lines, refsDropped: refs.dropped, languageLeftOut: marked.leftOut, sourceLimitMs: writer.holdToLength ? null : Math.round(estimateScriptMs([{ speaker: 'Host 1', text }], request.pace)) };
  } catch (error) {
    if (error instanceof UnusableReplyError) {
      throw new UnusableScriptError(`The script writer returned an unusable script: ${error.message}`);
    }
    throw error;
  }
}

interface Writer {
  target: ChatTarget;
  budget: ContextBudget;
  system: ChatMessage;
  request: ScriptRequest;
  signal: AbortSignal | undefined;
  /** Summed over every request, so the episode's cost counts repairs and retries too. */
  tokens: TokenUsage;
  holdToLength: boolean;
  onLines: LlmWriteOptions['onLines'];
  /** The script's lines as kept, reply after reply: reactions and cut-ins placed and held to the rules. */
  overlaps: WrittenOverlaps<KeptLine>;
}

/** A line as the script keeps it, with the source passages it names (checked into refs at the end). */
type KeptLine = ScriptLine & { passages?: string[] };

/**
 * The passages a line draws on, by marker ("S1.4"); optional here, required and nullable on the
 * wire. Unbounded: a marker that does not hold up is dropped and counted, never a reason to repair.
 */
const PassageRefs = Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()]));

function lineSchema(request: ScriptRequest) {
  const speakers = scriptSpeakers(request);
  return Type.Array(
    Type.Object(
      withReactionFields({ speaker: Type.Enum(speakers, { type: 'string' }), text: Type.String({ minLength: 1, maxLength: MAX_SCRIPT_LINE_CHARACTERS }), refs: PassageRefs }, request.reactions ?? 'none'),
      { additionalProperties: false },
    ),
    { minItems: 1 },
  );
}

/** Lines of a script written in one go: the line that opens a section names it (null elsewhere; optional here, required and nullable on the wire). */
function sectionedLineSchema(request: ScriptRequest) {
  const speakers = scriptSpeakers(request);
  return Type.Array(
    Type.Object(
      withReactionFields({
        speaker: Type.Enum(speakers, { type: 'string' }),
        text: Type.String({ minLength: 1, maxLength: MAX_SCRIPT_LINE_CHARACTERS }),
        section: Type.Optional(Type.Union([Type.String({ maxLength: MAX_SECTION_TITLE_CHARACTERS }), Type.Null()])),
        refs: PassageRefs,
      }, request.reactions ?? 'none'),
      { additionalProperties: false },
    ),
    { minItems: 1 },
  );
}

/**
 * Rules a reply must keep. `whole`: the reply is the whole script, so named hosts must
 * also share its lines fairly (unfairShares); a section of a longer script is only
 * asked to (hostWishes), as a short section cannot give four hosts their share.
 */
/** The whole turns of a reply: reactions said under another line take no share of the talk. */
const turnsOf = <T extends OverlapWishes>(lines: readonly T[]) => lines.filter((line) => !line.reactsAfter);

function checkLines(lines: readonly ({ speaker: Speaker; text: string } & OverlapWishes)[], request: ScriptRequest, whole: boolean): string[] {
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (line.text.trim() === '') problems.push(`lines.${index}.text is blank`);
  });
  if (!request.hosts?.length && request.hostMode === 'multi' && lines.length > 1 && !lines.some((line) => line.speaker === 'Host 2')) {
    problems.push('Host 2 never speaks; this is a two-host conversation');
  }
  if (whole && request.hosts?.length) problems.push(...unfairShares(turnsOf(lines), scriptSpeakers(request), request.hosts.map((host) => host.name)));
  return problems;
}

/** Named hosts' wishes: a fair share in every section too, and each host named by another somewhere in the whole script. */
function hostWishes(request: ScriptRequest, whole: boolean) {
  return (value: { lines: ({ speaker: Speaker; text: string } & OverlapWishes)[] }): string[] => {
    const hosts = request.hosts ?? [];
    if (hosts.length < 2) return [];
    if (!whole) return unfairShares(turnsOf(value.lines), scriptSpeakers(request), hosts.map((host) => host.name));
    const unnamed = unnamedHosts(value.lines, hosts);
    return unnamed.length > 0 ? [`no other host calls ${unnamed.map((host) => host.name).join(' or ')} by name`] : [];
  };
}

/**
 * One speakable line per turn (the stored format is one line per turn), without markup,
 * URLs or stage directions; a section title stays with the first line left of its section.
 */
function cleanLines(lines: readonly ({ speaker: Speaker; text: string; section?: string | null | undefined; refs?: string[] | null | undefined } & OverlapWishes)[]): (ScriptLine & OverlapWishes & { passages?: string[] })[] {
  const cleaned: (ScriptLine & OverlapWishes & { passages?: string[] })[] = [];
  let section: string | undefined;
  for (const line of lines) {
    const title = line.section?.trim() ? sectionTitle(line.section) : undefined;
    section = title ?? section;
    const text = cleanSpokenLine(line.text);
    if (text === '') continue;
    // A reaction opens no section: the title waits for the next whole line.
    const opens = section && !line.reactsAfter ? section : undefined;
    cleaned.push({
      speaker: line.speaker,
      text,
      ...(opens ? { section: opens } : {}),
      ...(line.refs ? { passages: line.refs } : {}),
      ...(line.reactsAfter ? { reactsAfter: line.reactsAfter } : {}),
      ...(line.cutIn ? { cutIn: true } : {}),
    });
    if (opens) section = undefined;
  }
  return cleaned;
}

/**
 * Sections as a wish: every section's opening line says its title. A reply with no
 * sections at all is taken as it is (its chapters then follow the topic shifts).
 */
function sectionWish(value: { lines: { text: string; section?: string | null | undefined }[] }): string[] {
  const unsaid = value.lines.flatMap((line, index) => (line.section?.trim() && !isAnnounced(line.section, line.text) ? [`lines.${index} opens the section "${line.section}" but does not say those words`] : []));
  return unsaid.slice(0, 5);
}

/**
 * The length band as a wish: lines that would run outside ±15 % of `targetMs` at the
 * episode's pace get one revision round naming the word count to aim for.
 */
function lengthWish(writer: Writer, targetMs: number, targetWords: number, withEdges: boolean) {
  return (value: { lines: Parameters<typeof cleanLines>[0] }): string[] => {
    if (!writer.holdToLength) return [];
    // Reactions are said under other lines and take no time of their own.
    const lines = withOverlaps(cleanLines(value.lines));
    const edges = withEdges ? 0 : writer.request.pace.leadInMs + writer.request.pace.leadOutMs;
    const ms = estimateScriptMs(lines, writer.request.pace) - edges;
    if (Math.abs(ms - targetMs) <= targetMs * LENGTH_TOLERANCE) return [];
    const written = lines.reduce((sum, line) => sum + countWords(line.text), 0);
    return [`it has ${written} words but must have about ${targetWords} (between ${Math.round(targetWords * (1 - LENGTH_TOLERANCE))} and ${Math.round(targetWords * (1 + LENGTH_TOLERANCE))}) to run the episode's length`];
  };
}

type WrittenParts = Omit<WrittenScript, 'sourceLimitMs' | 'lines'> & { lines: KeptLine[] };

async function writeWhole(writer: Writer, text: string, targetWords: number): Promise<WrittenParts> {
  const schema = Type.Object(
    { title: Type.String({ minLength: 1, maxLength: 200 }), description: Type.String({ maxLength: 1000 }), lines: sectionedLineSchema(writer.request) },
    { additionalProperties: false },
  );
  const lengthWanted = lengthWish(writer, writer.request.minutes * 60_000, targetWords, true);
  const heard = writer.onLines ? new HeardLines(scriptSpeakers(writer.request), writer.onLines, { shape: (lines) => writer.overlaps.take(lines) }) : undefined;
  const reply = await requestStructured({
    ...streamedTo(heard),
    target: writer.target,
    budget: writer.budget,
    name: 'podcast_script',
    schema,
    messages: [writer.system, { role: 'user', content: wholeScriptPrompt(text, targetWords) }],
    check: (value) => checkLines(value.lines, writer.request, true),
    preferred: (value) => [...lengthWanted(value), ...sectionWish(value), ...hostWishes(writer.request, true)(value)],
    signal: writer.signal,
    tokens: writer.tokens,
  });
  const lines = cleanLines(reply.lines);
  return { title: titleOf(writer.request, reply.title), description: reply.description.trim(), lines: heard ? await heard.settle(lines) : writer.overlaps.take(lines), tokens: writer.tokens };
}

/** With lines handed out as they are written: the reply is streamed into `heard`, and repairs keep what it heard. */
function streamedTo(heard: HeardLines | undefined) {
  return heard ? { streamed: { path: '$.lines.*', start: () => heard.restart(), each: (item: unknown) => heard.item(item) }, keep: () => heard.keep() } : {};
}

async function writeInSections(writer: Writer, text: string, minutes: number, targetWords: number): Promise<WrittenParts> {
  const wanted = Math.min(MAX_SECTIONS, Math.max(2, Math.round(minutes / MINUTES_PER_SECTION), Math.ceil(text.length / (EXCERPT_CHARACTERS * 4))));
  const overviewParts = splitIntoParts(text, wanted);
  // A little of every part, as much as one request carries (the outline's reply is short).
  const overviewChars = Math.min(EXCERPT_CHARACTERS, sourceCharsThatFit(writer.budget, [writer.system.content, outlinePrompt('', wanted, minutes)], wanted * 40, text));
  const overview = overviewParts.map((part) => excerpt(part, Math.floor(overviewChars / overviewParts.length))).join('\n\n[…]\n\n');
  const outlineSchema = Type.Object(
    {
      title: Type.String({ minLength: 1, maxLength: 200 }),
      description: Type.String({ maxLength: 1000 }),
      sections: Type.Array(
        Type.Object(
          { title: Type.String({ minLength: 1, maxLength: 200 }), keyPoints: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) },
          { additionalProperties: false },
        ),
        { minItems: 1 },
      ),
    },
    { additionalProperties: false },
  );
  const outline = await requestStructured({
    target: writer.target,
    budget: writer.budget,
    name: 'episode_outline',
    schema: outlineSchema,
    messages: [writer.system, { role: 'user', content: outlinePrompt(overview, wanted, minutes) }],
    check: (value) => (value.sections.length > MAX_SECTIONS ? [`at most ${MAX_SECTIONS} sections`] : []),
    signal: writer.signal,
    tokens: writer.tokens,
  });
  const sections: OutlineSection[] = outline.sections;
  const parts = splitIntoParts(text, sections.length);
  const sectionSchema = Type.Object(
    { lines: lineSchema(writer.request), summary: Type.String({ minLength: 1, maxLength: 1000 }) },
    { additionalProperties: false },
  );
  const lines: KeptLine[] = [];
  const soFar: string[] = [];
  const sectionWords = Math.round(targetWords / sections.length);
  const sectionMs = (minutes * 60_000 - writer.request.pace.leadInMs - writer.request.pace.leadOutMs) / sections.length;
  for (let index = 0; index < sections.length; index += 1) {
    const title = (sections[index] as OutlineSection).title;
    const context = { index, total: sections.length, episodeTitle: outline.title, outline: sections };
    // All of the section's part is read: in as many requests as it takes to fit the context.
    const fixed = [writer.system.content, sectionPrompt({ ...context, soFar, lastLines: '', source: '', targetWords: sectionWords })];
    const pieces = piecesThatFit(writer.budget, fixed, sectionWords, parts[index] ?? '');
    const summaries: string[] = [];
    for (let piece = 0; piece < pieces.length; piece += 1) {
      const pieceWords = Math.round(sectionWords / pieces.length);
      const lengthWanted = lengthWish(writer, sectionMs / pieces.length, pieceWords, false);
      const lastLines = lines.slice(-2).map((line) => `[${line.speaker}]: ${line.text}`).join('\n');
      // A piece's lines are heard as they come; the first piece's first line opens the section.
      const heard = writer.onLines
        ? new HeardLines(scriptSpeakers(writer.request), writer.onLines, { opening: piece === 0 ? title : undefined, shape: (kept) => writer.overlaps.take(kept) })
        : undefined;
      const reply = await requestStructured({
        ...streamedTo(heard),
        target: writer.target,
        budget: writer.budget,
        name: 'podcast_script_section',
        schema: sectionSchema,
        messages: [
          writer.system,
          {
            role: 'user',
            content: sectionPrompt({
              ...context,
              soFar,
              lastLines,
              source: pieces[piece] ?? '',
              targetWords: pieceWords,
              ...(pieces.length > 1 ? { piece: { index: piece, total: pieces.length } } : {}),
            }),
          },
        ],
        check: (value) => checkLines(value.lines, writer.request, false),
        preferred: (value) => [
          ...lengthWanted(value),
          ...hostWishes(writer.request, false)(value),
          ...(piece === 0 && value.lines[0] && !isAnnounced(title, value.lines[0].text) ? [`lines.0 must announce the section in the words of its title, "${title}"`] : []),
        ],
        signal: writer.signal,
        tokens: writer.tokens,
      });
      // The outline's title names the section, announced or not: it is what the section covers.
      const [opening, ...rest] = cleanLines(reply.lines);
      if (heard) lines.push(...(await heard.settle(cleanLines(reply.lines))));
      else if (opening) lines.push(...writer.overlaps.take([piece === 0 ? { ...opening, section: sectionTitle(title) } : opening, ...rest]));
      summaries.push(reply.summary.replace(/\s+/g, ' ').trim());
    }
    soFar.push(summaries.join(' '));
  }
  return { title: titleOf(writer.request, outline.title), description: outline.description.trim(), lines, tokens: writer.tokens };
}

/** A briefing keeps its own title ("<name>: <date>"); anything else takes the writer's. */
function titleOf(request: ScriptRequest, written: string): string {
  return request.briefing?.title ?? written.trim();
}

/** Words in a script, for logs and tests. */
export function scriptWords(lines: readonly ScriptLine[]): number {
  return lines.reduce((sum, line) => sum + countWords(line.text), 0);
}
