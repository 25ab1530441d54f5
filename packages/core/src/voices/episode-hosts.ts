// An episode's named hosts: 1 to 4 of {name, voice, role}, speaking as `Host 1` … `Host N`
// in the order given. Stored with the episode (episodes.hosts) as the API checked them:
// the voice a catalog id or a canonical Kokoro blend, with the voice's gender kept for
// the render, which recasts by gender when the hosts' engine cannot voice the episode.
// An episode created without hosts has none: its voices come from hostMode, voicePair
// and voiceStyle through the casting table, as before hosts existed.
import { speakersFor, type Speaker } from '../script-lines.ts';

export const HOST_NAME_MAX_CHARACTERS = 40;
export const HOST_ROLE_MAX_CHARACTERS = 40;

export const VOICE_GENDERS = ['female', 'male', 'unknown'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

export interface EpisodeHost {
  name: string;
  /** A catalog id (`kokoro:af_heart`, `voice_…`) or a canonical blend (`kokoro:af_bella*0.3+kokoro:af_heart*0.7`). */
  voice: string;
  /** What the host is on the show (host, expert, guest, skeptic, …), for the writers. */
  role?: string | undefined;
  /** The voice's gender from the catalog (a blend: its heaviest voice's), for recasting on another engine. */
  gender: VoiceGender;
}

/** Each host with the label it speaks under. */
export function labelledHosts(hosts: readonly EpisodeHost[]): (EpisodeHost & { speaker: Speaker })[] {
  const speakers = speakersFor(hosts.length);
  return hosts.slice(0, speakers.length).map((host, index) => ({ ...host, speaker: speakers[index] as Speaker }));
}

/** Host names by label, for transcripts; undefined for an episode without named hosts. */
export function hostNames(hosts: readonly EpisodeHost[] | null | undefined): Partial<Record<Speaker, string>> | undefined {
  if (!hosts || hosts.length === 0) return undefined;
  return Object.fromEntries(labelledHosts(hosts).map((host) => [host.speaker, host.name]));
}
