// Who speaks each host, and how: the one table that turns an episode's voiceStyle
// and voicePair into voices, speaking rate and pauses for each engine, and the casting
// of named hosts (each host's own voice, or on another engine the closest by gender).
// The README prints this table; change them together.
import type { VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { baseLanguage, type Language } from '@castwright/core/languages';
import type { Speaker } from '@castwright/core/script-lines';
import type { VoiceGender } from '@castwright/core/voices/episode-hosts';
import { formatBlend, looksLikeBlend, parseBlend } from '@castwright/core/voices/voice-blend';
import { parseVoiceId } from '@castwright/core/voices/voice-ids';
import type { PausePlan } from './timeline.ts';
import type { EngineName } from './tts-engine.ts';
import { describeVoice, type VoiceLanguageOf } from './voice-catalog.ts';

// The engine contract names the engines; casting's callers take the name from here too.
export type { EngineName };

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

/** British English episodes on Kokoro: the same roles in British voices. */
const BRITISH_PAIR_VOICES: Record<VoicePair, [string, string]> = {
  'expert-curious': ['bm_george', 'bf_emma'],
  debate: ['bm_lewis', 'bf_isabella'],
  interview: ['bf_alice', 'bm_daniel'],
};

/** The roles' genders, as the English table casts them, for the languages cast by gender. */
const PAIR_GENDERS: Record<VoicePair, [VoiceGender, VoiceGender]> = {
  'expert-curious': ['male', 'female'],
  debate: ['male', 'female'],
  interview: ['female', 'male'],
};

/** Kokoro's best-rated voice of each gender in its other languages (French has one voice). */
const KOKORO_VOICES_BY_LANGUAGE: Partial<Record<Language, Partial<Record<VoiceGender, string>>>> = {
  es: { male: 'em_alex', female: 'ef_dora' },
  fr: { female: 'ff_siwis' },
  it: { male: 'im_nicola', female: 'if_sara' },
  'pt-BR': { male: 'pm_alex', female: 'pf_dora' },
  hi: { male: 'hm_omega', female: 'hf_alpha' },
  ja: { male: 'jm_kumo', female: 'jf_alpha' },
  zh: { male: 'zm_yunxi', female: 'zf_xiaoxiao' },
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
  /**
   * Each speaker's voice as the engine names it (a Kokoro blend as `af_bella*0.3+af_heart*0.7`):
   * Host 1 and Host 2 always (a one-host episode's Host 2 is its host's voice), Host 3 and 4 with that many hosts.
   */
  voices: Record<'Host 1' | 'Host 2', string> & Partial<Record<Speaker, string>>;
  speed: number;
  pauses: PausePlan;
  /** Hosts whose own voice this engine does not have, and the voice it gives them instead. */
  recast?: string[];
}

/** The voice a speaker is cast with; a speaker the episode does not have cannot be voiced. */
export function castVoice(casting: Casting, speaker: Speaker): string {
  const voice = casting.voices[speaker];
  if (voice === undefined) throw new Error(`${speaker} is not one of this episode's hosts`);
  return voice;
}

/**
 * Whether a voice of `engine` speaks `language` (by its primary subtag: en-US and en-GB
 * voices both speak English, a Chatterbox voice uploaded as `pt` speaks pt-BR).
 */
function speaks(engine: EngineName, voice: string, language: Language, languageOf?: VoiceLanguageOf): boolean {
  const spoken = describeVoice(engine, voice, languageOf)?.language;
  return spoken !== undefined && spoken.toLowerCase().split('-')[0] === baseLanguage(language);
}

/** The installed voices of `engine` that speak `language` (`languageOf`: the engine's word on its voices' languages). */
export function voicesOfLanguage(engine: EngineName, installed: readonly string[], language: Language, languageOf?: VoiceLanguageOf): string[] {
  return installed.filter((voice) => speaks(engine, voice, language, languageOf));
}

/** The table's voices for the pair in the episode's language: English by the table, other languages a voice of each role's gender. */
function tableVoices(engine: EngineName, pair: VoicePair, language: Language, pool: readonly string[]): [string, string] {
  if (engine === 'chatterbox') return ['', ''];
  if (language === 'en-GB' && engine === 'kokoro') return BRITISH_PAIR_VOICES[pair];
  if (baseLanguage(language) === 'en') return PAIR_VOICES[engine][pair];
  const byGender = (gender: VoiceGender): string => {
    if (engine === 'offline') return `${language.toLowerCase()}-${gender}`;
    const preferred = KOKORO_VOICES_BY_LANGUAGE[language]?.[gender];
    if (preferred && (pool.length === 0 || pool.includes(preferred))) return preferred;
    return pool.find((voice) => describeVoice(engine, voice)?.gender === gender) ?? Object.values(KOKORO_VOICES_BY_LANGUAGE[language] ?? {})[0] ?? '';
  };
  return PAIR_GENDERS[pair].map(byGender) as [string, string];
}

/**
 * The casting for one episode on one engine, in the episode's language: its voices are
 * voices of that language. `installed` is the engine's voice list: a table voice that is
 * missing (a partial Kokoro install, a Chatterbox server's own library) is replaced by the
 * installed voices of the language in order, so the two hosts still sound different
 * whenever the engine has two voices of it (Kokoro's French has one: both hosts share it).
 * Chatterbox has no table: its hosts are its first voices of the language, `default`
 * (English) then its library oldest upload first, so a voice uploaded later never
 * recasts the hosts of later episodes.
 */
export function castVoices(engine: EngineName, style: VoiceStyle, pair: VoicePair, installed: readonly string[], language: Language = 'en', languageOf?: VoiceLanguageOf): Casting {
  const own = voicesOfLanguage(engine, installed, language, languageOf);
  const pool = own.length > 0 ? own : installed;
  const wanted = tableVoices(engine, pair, language, pool);
  const spare = pool.filter((voice) => !wanted.includes(voice));
  const pick = (voice: string) => (pool.includes(voice) ? voice : (spare.shift() ?? pool[0] ?? voice));
  const host1 = pick(wanted[0]);
  const host2 = pick(wanted[1]);
  return { voices: { 'Host 1': host1, 'Host 2': host2 }, ...delivery(style, pair) };
}

function delivery(style: VoiceStyle, pair: VoicePair): Pick<Casting, 'speed' | 'pauses'> {
  const { speed, pauses } = STYLE_DELIVERY[style];
  return { speed, pauses: { ...pauses, speakerChangeMs: Math.round(pauses.speakerChangeMs * PAIR_TURN_FACTOR[pair]) } };
}

/**
 * The voice a line in another language than the episode's (a quote kept in its own
 * language) is read with: one of the engine's voices of that language, of the host's
 * gender where there is one, so the quote sounds as a listener expects and stays the
 * host's in kind. The host's own voice when the engine has none of that language (a
 * Chatterbox library without a voice uploaded in it): it reads the quote with its accent.
 */
export function quoteVoice(engine: EngineName, hostVoice: string, language: Language, installed: readonly string[], languageOf?: VoiceLanguageOf): string {
  const ofLanguage = voicesOfLanguage(engine, installed, language, languageOf);
  if (ofLanguage.includes(hostVoice)) return hostVoice;
  const gender = describeVoice(engine, hostVoice, languageOf)?.gender;
  return ofLanguage.find((voice) => describeVoice(engine, voice, languageOf)?.gender === gender) ?? ofLanguage[0] ?? hostVoice;
}

/** A named host as the render casts it: its label, name, catalog voice (or blend) and that voice's gender. */
export interface CastHost {
  speaker: Speaker;
  name: string;
  voice: string;
  gender: VoiceGender;
}

/** The engine a host's catalog voice (or Kokoro blend) belongs to, and its name there. */
export function hostVoiceOnEngine(voice: string): { engine: EngineName; name: string } | undefined {
  if (looksLikeBlend(voice)) {
    try {
      return { engine: 'kokoro', name: formatBlend(parseBlend(voice), { prefixed: false }) };
    } catch {
      return undefined;
    }
  }
  const ref = parseVoiceId(voice);
  return ref ? { engine: ref.engine, name: ref.name } : undefined;
}

/**
 * Named hosts on one engine: each speaks with its own voice when it belongs to this
 * engine (the one every host's voice was chosen on), whatever its language (the API
 * warned). On any other engine, a fallback, each host gets the closest installed voice:
 * one of the episode's language and the same gender not yet given to another host, else
 * one of the language, else any not yet given, else the first; `recast` records who got
 * what. The built-in voice's voices are each one language's (Flite's English; eSpeak NG's
 * voice of a language is that language's rules, and cannot read another), so there a host
 * whose voice speaks another language than the episode's is recast too.
 * Speed and pauses come from voiceStyle and voicePair, as without hosts.
 */
export function castHosts(
  engine: EngineName,
  style: VoiceStyle,
  pair: VoicePair,
  hosts: readonly CastHost[],
  installed: readonly string[],
  language: Language = 'en',
  languageOf?: VoiceLanguageOf,
): Casting {
  const cast: Partial<Record<Speaker, string>> = {};
  const recast: string[] = [];
  const taken = new Set<string>();
  for (const host of hosts) {
    const own = hostVoiceOnEngine(host.voice);
    if (own?.engine === engine && (engine !== 'offline' || speaks(engine, own.name, language))) {
      cast[host.speaker] = own.name;
      taken.add(own.name);
    }
  }
  const genderOf = (voice: string) => describeVoice(engine, voice)?.gender ?? 'unknown';
  const ofLanguage = voicesOfLanguage(engine, installed, language, languageOf);
  for (const host of hosts) {
    if (cast[host.speaker] !== undefined) continue;
    const free = installed.filter((voice) => !taken.has(voice));
    const freeOfLanguage = ofLanguage.filter((voice) => !taken.has(voice));
    const chosen = freeOfLanguage.find((voice) => genderOf(voice) === host.gender) ?? freeOfLanguage[0] ?? ofLanguage[0] ?? free.find((voice) => genderOf(voice) === host.gender) ?? free[0] ?? installed[0];
    if (chosen === undefined) throw new Error(`The ${engine} engine has no voices`);
    cast[host.speaker] = chosen;
    taken.add(chosen);
    recast.push(`${host.name} (${host.voice}) as ${engine}:${chosen}`);
  }
  const first = cast['Host 1'];
  if (first === undefined) throw new Error('An episode with named hosts has at least one');
  const voices = { ...cast, 'Host 1': first, 'Host 2': cast['Host 2'] ?? first };
  return { voices, ...delivery(style, pair), ...(recast.length > 0 ? { recast } : {}) };
}
