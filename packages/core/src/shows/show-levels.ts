// A show's row as the levels of its mix (the api shows them, the media worker mixes with them).
import type { ShowRow } from '../db/schema.ts';
import type { ShowLevels } from './show-options.ts';

export function showLevels(show: Pick<ShowRow, 'bed_speech_db' | 'bed_gap_db' | 'duck_attack_ms' | 'duck_release_ms' | 'parts_db'>): ShowLevels {
  return {
    bedSpeechDb: show.bed_speech_db,
    bedGapDb: show.bed_gap_db,
    duckAttackMs: show.duck_attack_ms,
    duckReleaseMs: show.duck_release_ms,
    partsDb: show.parts_db,
  };
}
