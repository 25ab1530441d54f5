// Which live take a render publishes to. A render taken over after its worker died goes on
// with the take listeners already have, from where it stopped (the take's segments are
// read back, their lines' clips metered again and checked against what was streamed). A
// take that cannot go on (another engine, another lexicon, no segment yet of an older
// revision) is left for a new one: its listeners' stream ends where it was, and the
// episode's previewUrl leads to the new take.
import type { Db } from '@castwright/core/db/connect';
import { TransientError } from '@castwright/core/errors';
import { insertLiveTake, selectLiveSegments, selectLiveTake } from '@castwright/core/repositories/live-takes';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { LiveMaster, LiveTakeMismatch, type LiveFollowing, type LiveLine, type LiveSegmentRecord } from '@castwright/media/live-master';
import { SegmentNotFoundError } from '@castwright/media/segment-store';
import type { PausePlan } from '@castwright/media/timeline';
import type { VoicedClip } from '@castwright/media/voiced-clip';
import type { Logger } from '@castwright/core/logger';

export interface OpenedTake {
  take: number;
  master: LiveMaster;
  /** The next segment's number. */
  seq: number;
}

export interface TakeRequest {
  db: Db;
  logger: Logger;
  episodeId: string;
  revision: number;
  attempt: number;
  pauses: PausePlan;
  workDir: string;
  signal: AbortSignal;
  /** Lines known so far (their speakers, placements and pauses: the episode's timeline), and their clips by index (for lines already streamed). */
  line(index: number): LiveFollowing | undefined;
  clip(index: number): Promise<VoicedClip>;
}

export async function openLiveTake(request: TakeRequest): Promise<OpenedTake> {
  const resumed = await resumeTake(request);
  if (resumed) return resumed;
  const take = await request.db.transaction().execute((trx) => insertLiveTake(trx, request.episodeId, request.revision, request.attempt));
  if (!take) throw new TransientError('a newer render attempt took this episode over');
  return { take: take.take, master: await LiveMaster.open(masterOptions(request)), seq: 0 };
}

/** One encoder process: the stream is mastered beside the voicing, which keeps the other core. */
function masterOptions(request: TakeRequest) {
  return { pauses: request.pauses, workDir: request.workDir, signal: request.signal, concurrency: 1 };
}

async function resumeTake(request: TakeRequest): Promise<OpenedTake | undefined> {
  const episode = await selectEpisodeById(request.db, request.episodeId);
  if (episode?.live_take == null) return undefined;
  const take = await selectLiveTake(request.db, request.episodeId, episode.live_take);
  if (!take || take.revision !== request.revision || take.abandoned) return undefined;
  const segments = await selectLiveSegments(request.db, request.episodeId, take.take);
  const records = segments.map((segment) => segment.record as LiveSegmentRecord);
  const streamed = segments.reduce((sum, segment) => sum + segment.line_count, 0);
  try {
    const lines: LiveLine[] = [];
    for (let index = 0; index < streamed; index++) {
      const line = request.line(index);
      if (line === undefined) throw new LiveTakeMismatch(`line ${index + 1} of the stream is not in the script`);
      lines.push({ ...line, clip: await request.clip(index) });
    }
    const master = await LiveMaster.open({ ...masterOptions(request), earlier: { segments: records, lines } });
    request.logger.info({ episodeId: request.episodeId, take: take.take, segments: segments.length, lines: streamed }, 'going on with the live stream of an earlier attempt');
    return { take: take.take, master, seq: segments.length };
  } catch (error) {
    if (!(error instanceof LiveTakeMismatch || error instanceof SegmentNotFoundError)) throw error;
    request.logger.warn({ episodeId: request.episodeId, take: take.take, reason: error.message }, 'the live stream cannot go on; starting a new take');
    return undefined;
  }
}
