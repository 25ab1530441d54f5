// The formats' words in English (format-phrasing.ts).
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listOf } from '../spoken-list.ts';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

export const ENGLISH_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `Here is the brief on ${subject}: ${points === 1 ? 'one main point' : `${points} main points`}, and nothing else.`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `The last point is ${label}.` : `The ${ORDINALS[position] ?? `next`} point is ${label}.`),
    closing: (labels) => (labels.length > 1 ? `Those were the main points: ${listOf(labels)}.` : 'That was the main point.'),
  },
  debate: {
    for: (subject) => `I'll argue that the source gets ${subject} right.`,
    against: (subject) => `And I'll argue the opposite: the source overstates ${subject}.`,
    counters: ['The source itself gives me my evidence.', 'Look at what the source admits.', 'Here is where my side finds its support.'],
    challenges: [
      (subject) => `I'm not convinced about ${subject}. Where is the proof?`,
      (subject) => `Why should we accept the claims about ${subject}?`,
      (subject) => `Doesn't the case for ${subject} rest on too little?`,
    ],
    rebuttals: ['The record answers that.', 'Then consider the rest of the evidence.', 'The source goes further than that.'],
    closings: [
      (subject) => `I still say the source gets ${subject} right.`,
      (subject) => `And I still say it overstates ${subject}, so listeners can judge for themselves.`,
    ],
  },
  critique: {
    strengths: [
      (label) => `The source does well on ${label}.`,
      (label) => `Another strength is how it handles ${label}.`,
      (label) => `It is also convincing on ${label}.`,
    ],
    missesTitle: 'What the source misses',
    missesOpening: "Now let's look at what the source misses.",
    hedged: 'It only hedges here.',
    noFigures: (label) => `On ${label}, it gives no figures we could check.`,
    mentionedOnce: (phrase) => `It brings up ${phrase} once and never comes back to it.`,
    nothingMissing: 'It is hard to find a gap: each part gives its evidence.',
    verdict: (strengths) => `All in all, the source is strongest on ${listOf(strengths)}, and it leaves some questions open.`,
  },
  interview: {
    introduceGuest: (subject) => `My guest today has studied ${subject} closely, and I have a lot to ask.`,
    guestGreeting: "Thanks for having me. I'm happy to walk you through it.",
    followUps: ['Can you say more about that?', 'Why does that matter?', 'What should we make of that?', 'How do we know that?'],
    takeaway: 'Before we go, what should our listeners take away from all this?',
  },
  reactions: {
    backchannel: ['Mm-hm.', 'Right.', 'Yeah.', 'Okay.', 'I see.', 'Sure.', 'Got it.', 'Makes sense.'],
    surprise: ['Wow.', 'Really?', 'Huh.', 'Oh, interesting.', 'Wait, really?', 'No way.'],
  },
};
