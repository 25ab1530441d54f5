// What the built-in writer's hosts say around the items of a briefing, by its template:
// the structure differs (a tech rundown reads the headlines first and numbers its
// stories; a market update tracks developments and ends on what to watch; a research
// digest reviews each piece of work in turn and ends on takeaways; a general briefing
// lists what is coming up) and so does the tone. Every line is a whole sentence with a
// verb, as in offline-phrasing.ts, and none repeats word for word in a long episode.
import type { TemplateType } from '@castwright/core/briefing-options';
import { listOf } from './spoken-list.ts';
import type { BriefingPhrasing } from './show-phrasing.ts';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];
/** Items counted and ordered in words, in every language's tables. */
const MAX_NUMBERED = ORDINALS.length;
const numberWord = (count: number) => NUMBER_WORDS[count] ?? String(count);
const ordinal = (position: number) => ORDINALS[position] ?? `number ${position + 1}`;
const plural = (count: number, one: string, many: string) => `${numberWord(count)} ${count === 1 ? one : many}`;

export const BRIEFING_PHRASING: Record<TemplateType, BriefingPhrasing> = {
  tech_news: {
    opening: (title, count) => `This is ${title}, your rundown of what's new in tech. We've got ${plural(count, 'story', 'stories')} for you today.`,
    rundown: (labels) => `Here are the headlines: ${listOf(labels)}.`,
    greeting: "And I'm here to ask what it all means for the rest of us.",
    transition: (label, position, total) =>
      position === 0 ? `Our top story is ${label}.` : position === total - 1 && total > 2 ? `And finally, our last story is ${label}.` : `Story number ${numberWord(position + 1)} is ${label}.`,
    questions: [
      (subject) => `So what's new with ${subject}?`,
      (subject) => `Who does ${subject} affect?`,
      (subject) => `How big a deal is ${subject}?`,
      (subject) => `What changed with ${subject}?`,
    ],
    closing: (labels) => `Those were today's stories: ${listOf(labels)}.`,
    signOff: "That's the tech rundown for today. Stay curious, and we'll be back with more soon.",
  },
  market_update: {
    opening: (title, count) => `Good day, and welcome to ${title}, your market update. We are following ${plural(count, 'development', 'developments')} today.`,
    rundown: (labels) => `The developments we are tracking are ${listOf(labels)}.`,
    greeting: "And I'll help put the numbers in context.",
    transition: (label, position) =>
      position === 0 ? `We begin with ${label}.` : [`Now we turn to ${label}.`, `The markets are also watching ${label}.`, `We also have news on ${label}.`][(position - 1) % 3] as string,
    questions: [
      (subject) => `What does ${subject} mean for investors?`,
      (subject) => `How are the markets reading ${subject}?`,
      (subject) => `What are the numbers behind ${subject}?`,
      (subject) => `Where is the risk in ${subject}?`,
    ],
    closing: (labels) => `To sum up, we looked at ${listOf(labels)}. Keep an eye on these in the days ahead.`,
    signOff: "That's the market update. It is information, not investment advice. Thank you for listening.",
  },
  research_digest: {
    opening: (title, count) => `Welcome to ${title}, a digest of new research. In this issue we review ${plural(count, 'piece of work', 'pieces of work')}.`,
    rundown: (labels) => `The work in this issue covers ${listOf(labels)}.`,
    greeting: "And I'll be asking what the evidence really shows.",
    transition: (label, position) => `The ${ordinal(position)} piece we review is ${label}.`,
    questions: [
      (subject) => `What did the researchers find about ${subject}?`,
      (subject) => `How was ${subject} studied?`,
      (subject) => `Why does ${subject} matter for the field?`,
      (subject) => `What are the limits of the work on ${subject}?`,
    ],
    closing: (labels) => `The key takeaways of this digest concern ${listOf(labels)}. As always, read the original work before you rely on it.`,
    signOff: "That's all for this research digest. Thank you for reading along with us.",
  },
  general: {
    opening: (title, count) => `Welcome to ${title}. Here is your briefing, with ${plural(count, 'item', 'items')} today.`,
    rundown: (labels) => `Coming up, we have ${listOf(labels)}.`,
    greeting: "And I'm here to help make sense of it.",
    transition: (label, position, total) => (position === 0 ? `First up is ${label}.` : position === total - 1 && total > 2 ? `Our last item is ${label}.` : `Next up is ${label}.`),
    questions: [
      (subject) => `What happened with ${subject}?`,
      (subject) => `What should we know about ${subject}?`,
      (subject) => `Why does ${subject} matter?`,
    ],
    closing: (labels) => `That was your briefing on ${listOf(labels)}.`,
    signOff: 'Thanks for listening, and see you next time.',
  },
};

/** Every framing sentence of a language's briefing templates with `slot` standing for the variable parts, so show notes can leave them out. */
export function briefingFramingTexts(briefings: Readonly<Record<TemplateType, BriefingPhrasing>>, slot: string): string[] {
  const texts: string[] = [];
  for (const phrasing of Object.values(briefings)) {
    for (let count = 1; count <= MAX_NUMBERED; count += 1) texts.push(phrasing.opening(slot, count), phrasing.transition(slot, count - 1, count), phrasing.transition(slot, count - 1, MAX_NUMBERED + 1));
    texts.push(phrasing.rundown([slot]), phrasing.rundown([slot, slot]), phrasing.greeting, phrasing.closing([slot]), phrasing.closing([slot, slot]), phrasing.signOff);
    texts.push(...phrasing.questions.map((make) => make(slot)));
  }
  return texts;
}
