// An episode's segment store as a render uses it: the objects in storage (media's
// StorageSegmentStore) and a row per segment in episode_segments. A render first marks
// the segments it will use (updateSegmentsUsed) and trusts only those that still have a
// row, so retention, which removes rows before objects, never deletes one under it. A
// new segment's row is written before its object, naming the revision that voiced it and
// what it cost (the usage a re-render counts). Storage failing is a TransientError: the
// render is retried (it resumes from the lines already stored), never handed to another engine.
import type { Db } from '@castwright/core/db/connect';
import { TransientError } from '@castwright/core/errors';
import { updateSegmentsUsed, upsertEpisodeSegment } from '@castwright/core/repositories/episode-segments';
import { SegmentNotFoundError, type SegmentStore } from '@castwright/media/segment-store';
import { segmentText } from '@castwright/media/segment-key';
import type { VoicedClip } from '@castwright/media/voiced-clip';

export class RecordedSegmentStore implements SegmentStore {
  private readonly db: Db;
  private readonly objects: SegmentStore;
  private readonly episodeId: string;
  private readonly revision: number;
  /** Characters voiced per key (the text as keyed). */
  private readonly characters: ReadonlyMap<string, number>;
  /** Keys with a row: the only stored segments this render may use. */
  private readonly recorded: Set<string>;

  private constructor(db: Db, objects: SegmentStore, owner: { episodeId: string; revision: number }, characters: ReadonlyMap<string, number>, recorded: Set<string>) {
    this.db = db;
    this.objects = objects;
    this.episodeId = owner.episodeId;
    this.revision = owner.revision;
    this.characters = characters;
    this.recorded = recorded;
  }

  /** The store for one render of `revision`, whose lines have `keys` (with their texts). */
  static async open(db: Db, objects: SegmentStore, episodeId: string, revision: number, lines: readonly { key: string; text: string }[]): Promise<RecordedSegmentStore> {
    const characters = new Map(lines.map((line) => [line.key, segmentText(line.text).length]));
    const recorded = await updateSegmentsUsed(db, episodeId, [...characters.keys()]);
    return new RecordedSegmentStore(db, objects, { episodeId, revision }, characters, recorded);
  }

  async has(key: string): Promise<boolean> {
    return this.recorded.has(key) && (await this.objects.has(key).catch(unreachable('looked up in')));
  }

  get(key: string): Promise<VoicedClip> {
    return this.objects.get(key).catch((error: unknown) => {
      if (error instanceof SegmentNotFoundError) throw error;
      return unreachable('read from')(error);
    });
  }

  async put(key: string, clip: VoicedClip): Promise<void> {
    await upsertEpisodeSegment(this.db, {
      episode_id: this.episodeId,
      segment_key: key,
      revision: this.revision,
      characters: this.characters.get(key) ?? 0,
      audio_ms: Math.round((clip.samples.length * 1000) / clip.sampleRate),
    });
    this.recorded.add(key);
    await this.objects.put(key, clip).catch(unreachable('saved to'));
  }
}

/** `a voiced line could not be saved to storage`: the reason the user reads if every attempt fails so. */
function unreachable(what: 'looked up in' | 'read from' | 'saved to') {
  return (error: unknown): never => {
    throw new TransientError(`a voiced line could not be ${what} storage`, { cause: error });
  };
}
