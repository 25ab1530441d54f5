// What the built-in writer's hosts say around the source's own sentences in English
// (other languages: phrasing/). voiceStyle
// sets the tone of openings, transitions, reactions and sign-offs; voicePair sets who
// asks and how: a curious co-host's questions, an interviewer's prompts, or a debater's
// challenges. Every line here is a whole sentence with a verb (a test checks them all
// with the same rules the writer evaluation uses), and variants rotate by position so
// a long episode does not repeat itself.
import type { VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { BRIEFING_PHRASING } from './briefing-phrasing.ts';
import type { PairPhrasing, Phrasing, ShowPhrasing } from './show-phrasing.ts';
import { listOf } from './spoken-list.ts';

const STYLE_PHRASING: Record<VoiceStyle, Phrasing> = {
  professional: {
    opening: (subject) => `Welcome to the show, and thank you for joining us. Today we look at ${subject}.`,
    transitions: [(label) => `Let's turn to ${label}.`, (label) => `Next, we come to ${label}.`, (label) => `That brings us to ${label}.`, (label) => `Now we consider ${label}.`],
    reactions: ['That is a useful point.', 'That is worth noting.', 'That helps to explain it.'],
    signOff: 'That brings us to the end of this episode. Thank you for listening.',
  },
  casual: {
    opening: (subject) => `Hey everyone, thanks for tuning in. Today we're chatting about ${subject}.`,
    transitions: [(label) => `Okay, let's talk about ${label}.`, (label) => `So now let's get into ${label}.`, (label) => `Let's switch over to ${label}.`, (label) => `Here's the next thing I wanted to cover: ${label}.`],
    reactions: ["Huh, I didn't know that.", 'That makes sense.', "Okay, that's pretty cool."],
    signOff: "That's it from us today. Thanks for hanging out, and we'll see you next time.",
  },
  educational: {
    opening: (subject) => `Welcome back, and thanks for learning with us. In this episode, we're going to learn about ${subject}.`,
    transitions: [(label) => `Our next topic is ${label}.`, (label) => `Let's move on and study ${label}.`, (label) => `Now let's learn about ${label}.`, (label) => `The next part of our lesson covers ${label}.`],
    reactions: ["That's a helpful way to put it.", 'Let me make sure I follow that.', 'That is an important idea.'],
    signOff: "That's the key material for today. Review these points, and thanks for learning with us.",
  },
  enthusiastic: {
    opening: (subject) => `Welcome, everyone, it's great to have you here! I'm so excited to talk about ${subject} today!`,
    transitions: [(label) => `Now let's dive into ${label}!`, (label) => `Next up, we're talking about ${label}!`, (label) => `Let's jump right into ${label}!`, (label) => `Get ready, because now we're on to ${label}!`],
    reactions: ["That's amazing!", 'I love that!', "Wow, that's fascinating!"],
    signOff: "This was such a fun topic! Thanks so much for listening, and we'll see you next time!",
  },
};

// Questions keep their subject as an object ("about X", "explain X"), so they read
// right whatever its number: "the Fresnel lens" and "keepers" alike.
const PAIR_PHRASING: Record<VoicePair, PairPhrasing> = {
  'expert-curious': {
    greeting: "I'm glad to be here, and I have plenty of questions.",
    questions: [
      (subject) => `So what should we know about ${subject}?`,
      (subject) => `Can you tell me more about ${subject}?`,
      (subject) => `What's the story behind ${subject}?`,
      (subject) => `Why should we care about ${subject}?`,
      (subject) => `What is there to say about ${subject}?`,
    ],
    answerLeads: [],
    thanks: 'I learned a lot today, so thank you for explaining all of it.',
  },
  interview: {
    greeting: 'Thanks for having me on the show.',
    questions: [
      (subject) => `Tell us about ${subject}.`,
      (subject) => `How would you explain ${subject} to a newcomer?`,
      (subject) => `What should our listeners understand about ${subject}?`,
      (subject) => `What can you tell us about ${subject}?`,
      (subject) => `Walk us through ${subject}.`,
    ],
    answerLeads: [],
    thanks: 'Thank you for having me, it was a pleasure.',
  },
  debate: {
    greeting: "And I suspect we won't agree on all of it.",
    questions: [
      (subject) => `I'm not convinced about ${subject}. What's the case?`,
      (subject) => `What does the evidence actually say about ${subject}?`,
      (subject) => `Let me push back on ${subject}. Why should we accept that?`,
      (subject) => `I'd question the claims about ${subject}. Where's the proof?`,
      (subject) => `Aren't we making too much of ${subject}?`,
    ],
    answerLeads: ["Here's how I see it.", 'The record is clear on this.', 'Consider the facts.', "I'd put it this way."],
    reactions: ["That's one way to read it.", "I'll grant you that much.", "Maybe, but I'm still not persuaded."],
    thanks: "We didn't settle everything, but it was a good argument.",
  },
};

/** What the third and fourth named hosts say when greeting Host 1, after its name; the second uses the pair's own greeting. */
const NAMED_GREETINGS = ["It's good to be here.", 'Glad to join in.', "I'm happy to be part of this one."];
/** What the third and fourth named hosts say before the sign-off; the second uses the pair's own thanks. */
const NAMED_THANKS = ['Thanks for having me, this was fun.', 'It was a pleasure, thank you all.'];

/** How Host 1 introduces itself and the other named hosts. */
function introduceHosts(first: string, others: readonly string[]): string {
  if (others.length === 0) return `I'm ${first}, your host for today.`;
  return `I'm ${first}, and with me ${others.length === 1 ? 'is' : 'are'} ${listOf(others)}.`;
}

function preview(labels: readonly string[]): string {
  return `We'll cover ${listOf(labels)}.`;
}

function recap(labels: readonly string[]): string {
  return labels.length > 1 ? `To recap, we covered ${listOf(labels)}.` : `To recap, we talked about ${labels[0] ?? 'the main points'}.`;
}

/** Everything the hosts say in English, as the writer takes it for any language (show-phrasing.ts). */
export const ENGLISH_PHRASING: ShowPhrasing = {
  styles: STYLE_PHRASING,
  pairs: PAIR_PHRASING,
  briefings: BRIEFING_PHRASING,
  start: (label) => `Let's start with ${label}.`,
  preview,
  recap,
  list: listOf,
  gap: ' ',
  introduceHosts,
  namedGreetings: NAMED_GREETINGS,
  namedThanks: NAMED_THANKS,
  greetHost: (name) => `Thanks, ${name}.`,
  thankHosts: (names) => `Thank you, ${listOf(names)}.`,
  address: (name, question) => `${name}, ${question.replace(/^(\p{Lu})(?=\p{Ll})/u, (letter) => letter.toLowerCase())}`,
  briefingDescription: (labels) => `In this briefing: ${listOf(labels)}.`,
  nextPart: 'the next part',
  thisStory: 'this story',
  part: (number) => `Part ${number}`,
  itemSource: (name) => `This item comes from ${name}.`,
};
