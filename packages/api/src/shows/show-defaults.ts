// An episode made in a show (`showId` on POST /api/episodes, an upload, a briefing's
// runs) starts from the show's defaults: whatever the request gives wins, field by field.
// The length is one choice (a preset or minutes: either given on the episode replaces the
// show's), and so is the line-up (hosts, hostMode or ttsEngine given on the episode
// replace the show's named hosts, which are checked against the catalog again as the
// episode's own). Its format and reactions are defaults like the rest. Another account's
// show is a 404, like a missing one.
import type { Executor } from '@castwright/core/db/connect';
import type { ShowRow, UserRow } from '@castwright/core/db/schema';
import { selectOwnShow } from '@castwright/core/repositories/shows';
import type { RequestedChoices } from '../episodes/create-episode.ts';
import { ownedOr404 } from '../owned-or-404.ts';

export type ShowRequest = RequestedChoices & { showId?: string | undefined };

/** The choices a show gives an episode that did not make them itself. */
function showDefaults(show: ShowRow, request: RequestedChoices): RequestedChoices {
  const lengthGiven = request.preset !== undefined || request.durationMinutes !== undefined;
  const lineUpGiven = request.hosts !== undefined || request.hostMode !== undefined || request.ttsEngine !== undefined;
  const showHosts = !lineUpGiven && show.hosts && show.hosts.length > 0 ? show.hosts.map((host) => ({ name: host.name, voice: host.voice, role: host.role })) : undefined;
  return {
    ...request,
    ...(lengthGiven ? {} : { preset: show.preset ?? undefined, durationMinutes: show.duration_minutes ?? undefined }),
    ...(showHosts ? { hosts: showHosts } : {}),
    hostMode: request.hostMode ?? (lineUpGiven || showHosts ? undefined : (show.host_mode ?? undefined)),
    voiceStyle: request.voiceStyle ?? show.voice_style ?? undefined,
    voicePair: request.voicePair ?? show.voice_pair ?? undefined,
    ttsEngine: request.ttsEngine ?? (showHosts ? undefined : (show.tts_engine ?? undefined)),
    language: request.language ?? show.language ?? undefined,
    format: request.format ?? show.format ?? undefined,
    reactions: request.reactions ?? show.reactions ?? undefined,
  };
}

/** The request with its show's defaults filled in, and the show's id; unchanged without `showId`. */
export async function withShowDefaults(db: Executor, user: UserRow, request: ShowRequest): Promise<ShowRequest & { showId?: string }> {
  const { showId, ...choices } = request;
  if (showId === undefined) return choices;
  const show = await ownedOr404('show', selectOwnShow(db, user.id, showId));
  return { ...showDefaults(show, choices), showId: show.id };
}
