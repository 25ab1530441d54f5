// Who may speak in an episode's script: Host 1 … Host N for N named hosts, else one or
// two hosts by hostMode. Every script change is checked against it.
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { speakersFor, type ScriptLine } from '@castwright/core/script-lines';

export function checkSpeakers(episode: Pick<EpisodeRow, 'hosts' | 'host_mode'>, lines: readonly ScriptLine[]): void {
  const hosts = episode.hosts?.length ?? 0;
  if (hosts === 0 && episode.host_mode === 'single') {
    if (lines.some((line) => line.speaker !== 'Host 1')) {
      throw AppError.validation('This is a single-host episode: every line must be spoken by Host 1', ['speaker must be Host 1 in a single-host episode']);
    }
    return;
  }
  const speakers = speakersFor(hosts === 0 ? 2 : hosts);
  const stray = lines.findIndex((line) => !speakers.includes(line.speaker));
  if (stray >= 0) {
    const allowed = speakers.length === 1 ? 'Host 1' : `Host 1 to Host ${speakers.length}`;
    const rule = `speaker must be ${allowed} in an episode with ${speakers.length === 1 ? 'one host' : `${speakers.length} hosts`}`;
    throw AppError.validation(`Line ${stray} is spoken by ${(lines[stray] as ScriptLine).speaker}, but this episode's hosts are ${allowed}`, [rule]);
  }
}
