// What the LLM is told: the hosts, their tone and roles, and for each request the
// length to aim for. Prompts are plain text; the reply's shape comes from the schema (in
// `response_format`, and as a compact example after the prompt: llm-structured-reply.ts).
import { LANGUAGE_NAMES } from '@castwright/core/languages';
import { passageRule } from './llm-source-passages.ts';
import type { ScriptHost } from './script-hosts.ts';
import { requestSources, type ScriptRequest } from './script-writer.ts';

const TONES: Record<ScriptRequest['voiceStyle'], string> = {
  professional: 'polished, clear and measured, like a well-produced news podcast',
  casual: 'relaxed and friendly, like two friends talking, with everyday language',
  educational: 'patient and explanatory, defining terms and building understanding step by step',
  enthusiastic: 'energetic and upbeat, curious and excited about the material',
};

const PAIRS: Record<ScriptRequest['voicePair'], string> = {
  'expert-curious': 'Host 1 is the expert who explains; Host 2 is a curious co-host who asks the questions a listener would ask and reacts.',
  debate: 'Host 1 and Host 2 take different positions and argue them respectfully, challenging each other with evidence from the source.',
  interview: 'Host 1 is the interviewer who asks the questions; Host 2 is the guest who knows the subject and answers in depth.',
};

// A briefing's template: how the episode is built and how it sounds (it replaces the voice style's tone).
const TEMPLATES: Record<NonNullable<ScriptRequest['briefing']>['template'], { format: string; tone: string }> = {
  tech_news: {
    format: 'a tech news rundown: open by reading the headlines in one breath, then one brisk segment per story (what happened, who it affects, why it matters), and close with a one-line recap of the stories',
    tone: 'upbeat and fast-paced, plain-spoken about jargon',
  },
  market_update: {
    format: 'a market update: open with the big picture, lead each segment with the figures the source gives (prices, percentages, dates) before the reasons, name the risks, and close with what to watch next',
    tone: 'measured and precise; report, never recommend: no investment advice',
  },
  research_digest: {
    format: 'a research digest: for each piece of work give the question, how it was studied, what was found and its limits, and close with the key takeaways across the issue',
    tone: 'careful and analytical; keep findings apart from speculation',
  },
  general: {
    format: 'a news briefing: a short welcome with an overview of the items, one segment per item, and a brief wrap-up',
    tone: 'clear, friendly and neutral',
  },
};

// How each format is built: what the episode is, and who does what in it. A deep dive is
// the conversation the voice pair describes; the others say their own roles.
const FORMATS: Record<NonNullable<ScriptRequest['format']>, string | undefined> = {
  deep_dive: undefined,
  brief:
    'Format: a brief. One host gives the main points of the source and nothing else: open by saying how many main points there are, ' +
    'give each point its own section (its most important facts, in a few sentences), and close by naming the points again in one breath. No small talk, no questions.',
  debate:
    'Format: a debate. In every section the hosts take opposite positions on one of the source\'s claims, and each states theirs outright at the start of the section ' +
    '("I\'ll argue that…", "And I\'ll argue the opposite…"). Host 1 argues that the claim holds; Host 2 argues against it. Each backs their side with evidence from the source: ' +
    'Host 1 with what supports the claim, Host 2 with the source\'s own caveats, limits, exceptions and what it leaves unproven. They answer each other\'s points; neither simply agrees. ' +
    'Before the goodbye each says where they still stand.',
  critique:
    'Format: a critique. First go through what the source does well, section by section, with its strongest evidence; then a section titled "What the source misses": ' +
    'claims it does not back up, things it only hedges, figures it does not give, questions it leaves open, viewpoints it leaves out. Close with a fair verdict.',
  interview:
    'Format: an interview. Host 1 interviews Host 2 as an expert on the source: Host 1 introduces Host 2 as the guest, asks every question and follows up on the answers; ' +
    'Host 2 answers in depth from the source. End with Host 1 asking what listeners should take away, and Host 2 answering.',
};

/** What the listening hosts do while another speaks, at each level (nothing at none: strict turns). */
function reactionRules(request: ScriptRequest): string[] {
  const level = request.reactions ?? 'none';
  if (level === 'none') return [];
  const often = level === 'lively' ? 'often, two or three times a minute' : 'now and then, about once a minute';
  return [
    `While one host speaks, another reacts ${often}: a line of its own with a short backchannel or interjection of one to five words ` +
      '("Mm-hm.", "Right.", "Wait, really?", "Ha, that\'s good."), right after the line it reacts to, with "reactsAfter" set to the exact words of that line it follows ' +
      '(the end of a sentence or phrase inside the line, never its last words); on every other line "reactsAfter" is null. ' +
      'React where a listener would: after a surprising figure, a joke, a question answered. Vary the reactions and never use the same one twice within a minute.',
    ...(level === 'lively' ? ['Now and then a host cuts in on the other with a quick question or objection: set "cutIn" to true on that line (null on the others).'] : []),
  ];
}

export function systemPrompt(request: ScriptRequest): string {
  const named = request.hosts && request.hosts.length > 0 ? request.hosts : undefined;
  const format = request.format ?? 'deep_dive';
  // A debate's and an interview's roles are the format's, whatever voices the pair casts.
  const pair = format === 'debate' || format === 'interview' ? format : request.voicePair;
  const hosts = named
    ? namedHosts(named)
    : request.hostMode === 'single' || format === 'brief'
      ? 'There is one host, "Host 1", speaking alone to the listener; every line has speaker "Host 1".'
      : `There are two hosts, "Host 1" and "Host 2", in conversation. ${PAIRS[pair]} Alternate speakers naturally; avoid long runs by one host.`;
  const language = request.language ?? 'en';
  return [
    'You write scripts for an audio podcast that is read aloud by text-to-speech voices.',
    `Language: write every line, the title, the description, section titles and outline in ${LANGUAGE_NAMES[language]} (${language}), ` +
      'whatever language the source is written in; translate what you take from it. Never mix in another language.',
    hosts,
    ...(FORMATS[format] ? [FORMATS[format]] : []),
    ...(request.briefing ? briefingRules(request.briefing) : [`Tone: ${TONES[request.voiceStyle]}.`]),
    'Base everything on the source text; do not invent facts, numbers or quotes.',
    passageRule(requestSources(request), request.briefing !== undefined),
    'The source marks its structure the way Markdown does: "#" lines are headings, "- " lines are list items and "|" lines are table rows. ' +
      'Follow its headings as the episode\'s sections, and say what a table shows instead of reading its cells.',
    named
      ? 'Write spoken language only: whole sentences, no stage directions, sound cues, Markdown, lists, code, symbols, URLs or speaker labels ("Host 1:") inside the text; the hosts call each other by name.'
      : 'Write spoken language only: whole sentences, no stage directions, sound cues, Markdown, lists, code, symbols, URLs or speaker names inside the text.',
    'Each line is one turn of a few sentences. Reply with JSON only, matching the given schema.',
    ...reactionRules(request),
  ].join('\n');
}

/** Named hosts: who each label is, that they address each other by name, and what a fair share of the lines is. */
function namedHosts(hosts: readonly ScriptHost[]): string {
  const who = hosts.map((host, index) => `"Host ${index + 1}" is ${host.name}${host.role ? ` (${host.role})` : ''}`).join('; ');
  if (hosts.length === 1) {
    return `There is one host, "Host 1", named ${(hosts[0] as ScriptHost).name}, speaking alone to the listener and introducing themselves by name; every line has speaker "Host 1".`;
  }
  const low = Math.ceil(100 / (2 * hosts.length));
  const high = Math.floor(200 / hosts.length);
  return [
    `There are ${hosts.length} hosts in conversation: ${who}. Each line's speaker is the host's label, never the name.`,
    'Each host plays their part as their role says. Host 1 opens the show and introduces the others by name; the hosts address each other by name',
    `(every host is named by another at least once) and pass the conversation around. Share the lines fairly: each host speaks ${low} % to ${high} % of the lines.`,
  ].join(' ');
}

function briefingRules(briefing: NonNullable<ScriptRequest['briefing']>): string[] {
  const template = TEMPLATES[briefing.template];
  return [
    `This episode is "${briefing.title}", a briefing. Its sources are a set of items: each source is one item, opening with the outlet it comes from.`,
    `Cover every item in the order given, each as its own segment, and say which outlet each comes from. Build the episode as ${template.format}.`,
    `Tone: ${template.tone}.`,
    `Use "${briefing.title}" as the episode title.`,
  ];
}

export function wholeScriptPrompt(text: string, targetWords: number): string {
  return [
    `Write the complete episode script from the source text below: about ${targetWords} words in total across all lines`,
    '(opening, the body, and a short closing). Also give a short episode title and a one- or two-sentence description.',
    'Move through the episode in sections that follow the source\'s own sections, the opening being the first. On the line that opens',
    'a section, set "section" to a short title for it, and have the host announce the section in that line using every word of the',
    'title (for a title "The Fresnel lens": "Let\'s turn to the Fresnel lens."); on every other line set "section" to null.',
    '',
    'Source text:',
    '"""',
    text,
    '"""',
  ].join('\n');
}

export interface OutlineSection {
  title: string;
  keyPoints: string[];
}

export function outlinePrompt(sourceOverview: string, sections: number, minutes: number): string {
  return [
    `Plan a ${minutes}-minute episode in ${sections} sections that follow the source in order.`,
    'For each section give a short title and 2 to 5 key points it will cover; no two sections may cover the same point.',
    'Also give the episode title and a one- or two-sentence description.',
    '',
    'Source text (excerpts from each part, in order):',
    '"""',
    sourceOverview,
    '"""',
  ].join('\n');
}

export interface SectionContext {
  index: number;
  total: number;
  episodeTitle: string;
  outline: readonly OutlineSection[];
  /** What earlier sections said, in brief; empty for the first. */
  soFar: readonly string[];
  /** The last lines spoken, so the next section follows on. */
  lastLines: string;
  source: string;
  targetWords: number;
  /** Set when the section's source is longer than one request carries: which piece of it this request writes from. */
  piece?: { index: number; total: number } | undefined;
}

export function sectionPrompt(context: SectionContext): string {
  const section = context.outline[context.index] as OutlineSection;
  const piece = context.piece ?? { index: 0, total: 1 };
  const first = context.index === 0 && piece.index === 0;
  const last = context.index === context.total - 1 && piece.index === piece.total - 1;
  const outline = context.outline
    .map((entry, n) => `${n + 1}. ${entry.title}: ${entry.keyPoints.join('; ')}`)
    .join('\n');
  return [
    `Episode: "${context.episodeTitle}". Outline:`,
    outline,
    '',
    piece.index === 0
      ? `Write section ${context.index + 1} of ${context.total}: "${section.title}", about ${context.targetWords} words.`
      : `Go on with section ${context.index + 1} of ${context.total}, "${section.title}", where the last lines left off: about ${context.targetWords} more words.`,
    ...(piece.total > 1 ? [`Its source is long, so it is written in ${piece.total} parts from consecutive pieces of it; this is part ${piece.index + 1}, from the piece below.`] : []),
    piece.index === 0
      ? `Its first line announces the section to the listener in the words of its title, "${section.title}".`
      : 'Do not announce the section again.',
    first ? 'It opens the episode: greet the listener and introduce the topic.' : 'It continues the conversation: no greeting, no re-introduction.',
    last ? 'It ends the episode with a short wrap-up and goodbye.' : 'Do not wrap up or say goodbye; the episode continues.',
    'Cover only this section\'s key points; do not repeat what was already said.',
    context.soFar.length > 0 ? `Said so far:\n${context.soFar.map((summary, n) => `- Section ${n + 1}: ${summary}`).join('\n')}` : '',
    context.lastLines ? `The last lines spoken were:\n${context.lastLines}` : '',
    `Also give a one-sentence summary of what this ${piece.total > 1 ? 'part' : 'section'} says, for the writer of the next one.`,
    '',
    'Source text for this section:',
    '"""',
    context.source,
    '"""',
  ].filter((part) => part !== '').join('\n');
}
