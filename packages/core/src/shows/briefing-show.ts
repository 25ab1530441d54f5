// What a show gives the episodes a briefing makes in it (migration 0025): the briefing's
// own fields (preset, host mode, language) win, since a briefing has them all; the show
// gives its named hosts (which set the host mode), its voices and its engine, and its
// language where the briefing leaves the language to detection.
import type { BriefingConfigRow, ShowRow } from '../db/schema.ts';
import type { EpisodeRequest } from '../episodes/accept-episode.ts';
import type { Language } from '../languages.ts';

type ShowChoices = Partial<Pick<EpisodeRequest, 'hostMode' | 'hosts' | 'voiceStyle' | 'voicePair' | 'ttsEngine' | 'showId'>>;

export function briefingShowChoices(show: ShowRow | undefined): ShowChoices {
  if (!show) return {};
  const hosts = show.hosts && show.hosts.length > 0 ? show.hosts : undefined;
  return {
    showId: show.id,
    ...(hosts ? { hosts, hostMode: hosts.length === 1 ? 'single' : 'multi' } : {}),
    ...(show.voice_style ? { voiceStyle: show.voice_style } : {}),
    ...(show.voice_pair ? { voicePair: show.voice_pair } : {}),
    ...(show.tts_engine && !hosts ? { ttsEngine: show.tts_engine } : {}),
  };
}

/** The language a run's episode is in when asked for: the briefing's, else its show's; null: detect it. */
export function briefingLanguage(briefing: Pick<BriefingConfigRow, 'language'>, show: ShowRow | undefined): Language | null {
  return briefing.language ?? show?.language ?? null;
}
