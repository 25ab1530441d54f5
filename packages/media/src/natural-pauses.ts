// The silence before each line in a conversation that sounds alive: drawn from a natural
// range around the voice style's pauses (voice-casting.ts) instead of one fixed value —
// shorter within a quick exchange (a short question or answer on either side), about the
// style's own at an ordinary change of speaker, a breath when the same host goes on, and
// longer before a new section. The draw is seeded by the line the pause follows (its
// speaker and text) and by who speaks next and whether a section opens, so a re-render puts
// every pause where the last render did, and an edited line keeps its start: only the pause
// after it is drawn again, and only what follows it moves.
//
//   same host goes on        sameSpeakerMs    × 0.8 – 1.3
//   change of speaker        speakerChangeMs  × 0.7 – 1.25
//   quick exchange (≤ 12 words on either side)  speakerChangeMs × 0.35 – 0.75
//   before a new section     the above base   × 1.5 – 2.2
import { createHash } from 'node:crypto';
import type { PausePlan } from './timeline.ts';

/** What the pause before a line depends on. */
export interface PausedLine {
  speaker: string;
  text: string;
  /** The line opens a section of the script (a new chapter). */
  opensSection?: boolean;
}

/** Lines this short make an exchange quick. */
const QUICK_WORDS = 12;

export const PAUSE_RANGES = {
  sameSpeaker: [0.8, 1.3],
  speakerChange: [0.7, 1.25],
  quickExchange: [0.35, 0.75],
  newSection: [1.5, 2.2],
} as const satisfies Record<string, readonly [number, number]>;

const wordCount = (text: string) => text.split(/\s+/u).filter((word) => word !== '').length;

/** A number in [0, 1) from the line before the pause and who follows it: the same lines always draw the same. */
function draw(previous: PausedLine, next: PausedLine): number {
  const digest = createHash('sha256').update(`${previous.speaker}\n${previous.text}\n${next.speaker}\n${next.opensSection ? 1 : 0}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The pause before `next`, which follows `previous`, in milliseconds. */
export function naturalPauseMs(plan: PausePlan, previous: PausedLine, next: PausedLine): number {
  const same = previous.speaker === next.speaker;
  const base = same ? plan.sameSpeakerMs : plan.speakerChangeMs;
  const quick = !same && (wordCount(previous.text) <= QUICK_WORDS || wordCount(next.text) <= QUICK_WORDS);
  const [low, high] = next.opensSection ? PAUSE_RANGES.newSection : same ? PAUSE_RANGES.sameSpeaker : quick ? PAUSE_RANGES.quickExchange : PAUSE_RANGES.speakerChange;
  return Math.round(base * (low + (high - low) * draw(previous, next)));
}
