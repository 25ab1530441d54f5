// Who speaks each host, and how: the one table that turns an episode's voiceStyle
// and voicePair into voices, speaking rate and pauses for each engine. The README
// prints this table; change them together.
import type { VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import type { Speaker } from '@castwright/core/script-lines';
import type { PausePlan } from './timeline.ts';

export type EngineName = 'kokoro' | 'chatterbox' | 'offline';

/** voicePair → [Host 1, Host 2] voices per engine. Kokoro ids are its voice files; offline ids are Flite's. */
const PAIR_VOICES: Record<Exclude<EngineName, 'chatterbox'>, Record<VoicePair, [string, string]>> = {
  kokoro: {
    // A steady expert and a bright, curious co-host.
    'expert-curious': ['am_michael', 'af_heart'],
    // Two distinct accents keep a debate's sides apart by ear.
    debate: ['bm_george', 'af_bella'],
    // An interviewer and a guest.
    interview: ['af_sarah', 'am_fenrir'],
  },
  offline: {
    'expert-curious': ['rms', 'slt'],
    debate: ['rms', 'slt'],
    interview: ['slt', 'rms'],
  },
};

/** voiceStyle → pace and breathing room, for every engine. */
const STYLE_DELIVERY: Record<VoiceStyle, { speed: number; pauses: PausePlan }> = {
  professional: { speed: 1.0, pauses: { leadInMs: 300, leadOutMs: 400, sameSpeakerMs: 250, speakerChangeMs: 450 } },
  casual: { speed: 1.05, pauses: { leadInMs: 250, leadOutMs: 350, sameSpeakerMs: 200, speakerChangeMs: 350 } },
  educational: { speed: 0.93, pauses: { leadInMs: 400, leadOutMs: 500, sameSpeakerMs: 350, speakerChangeMs: 600 } },
  enthusiastic: { speed: 1.1, pauses: { leadInMs: 200, leadOutMs: 300, sameSpeakerMs: 180, speakerChangeMs: 300 } },
};

/** A debate's turns come quicker than a conversation's. */
const PAIR_TURN_FACTOR: Record<VoicePair, number> = { 'expert-curious': 1, debate: 0.8, interview: 1.1 };

export interface Casting {
  voices: Record<Speaker, string>;
  speed: number;
  pauses: PausePlan;
}

/**
 * The casting for one episode on one engine. `installed` is the engine's voice
 * list: a table voice that is missing (a partial Kokoro install, a Chatterbox
 * server's own library) is replaced by the installed voices in order, so the two
 * hosts still sound different whenever the engine has two voices.
 */
export function castVoices(engine: EngineName, style: VoiceStyle, pair: VoicePair, installed: readonly string[]): Casting {
  const wanted: [string, string] = engine === 'chatterbox' ? ['', ''] : PAIR_VOICES[engine][pair];
  const spare = installed.filter((voice) => !wanted.includes(voice));
  const pick = (voice: string) => (installed.includes(voice) ? voice : (spare.shift() ?? installed[0] ?? voice));
  const host1 = pick(wanted[0]);
  const host2 = pick(wanted[1]);
  const delivery = STYLE_DELIVERY[style];
  return {
    voices: { 'Host 1': host1, 'Host 2': host2 },
    speed: delivery.speed,
    pauses: { ...delivery.pauses, speakerChangeMs: Math.round(delivery.pauses.speakerChangeMs * PAIR_TURN_FACTOR[pair]) },
  };
}
