// A briefing made in a show (`show_id`): the show must be the caller's (404 otherwise),
// and on create the fields the request leaves out (preset, host_mode, language, format,
// reactions) come from the show before the briefing's own defaults. Its runs take the
// show's hosts, voices and engine (core/shows/briefing-show.ts).
import { BRIEFING_DEFAULTS, type BriefingChoices } from '@castwright/core/briefing-options';
import type { Executor } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectOwnShow } from '@castwright/core/repositories/shows';
import { ownedOr404 } from '../owned-or-404.ts';

export async function showBriefingDefaults(db: Executor, user: UserRow, showId: string | null | undefined): Promise<BriefingChoices> {
  if (!showId) return BRIEFING_DEFAULTS;
  const show = await ownedOr404('show', selectOwnShow(db, user.id, showId));
  const hostMode = show.hosts && show.hosts.length > 0 ? (show.hosts.length === 1 ? 'single' : 'multi') : show.host_mode;
  return {
    ...BRIEFING_DEFAULTS,
    ...(show.preset ? { preset: show.preset } : {}),
    ...(hostMode ? { host_mode: hostMode } : {}),
    ...(show.format ? { format: show.format } : {}),
    ...(show.reactions ? { reactions: show.reactions } : {}),
    language: show.language,
  };
}
