// What a finished episode's file holds of the live stream it was heard from: every chunk of
// the file that is the same chunk as the stream's at that line (same content, silences and
// length) must be the stream's own bytes, copied; the rest was encoded afresh (the file was
// planned afresh, or the chunk was made with an earlier plan of the stream's).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeLiveSegmentRow } from '@castwright/core/db/schema';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectEpisodeRevision } from '@castwright/core/repositories/episode-revisions';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import type { Test } from 'tap';

interface Chunk { content: string; leadSamples: number; outputSamples: number; bytes: number; offset?: number }

export async function copiedAsStreamed(t: Test, db: Db, episodeId: string, finished: Buffer, stream: Buffer, segments: readonly EpisodeLiveSegmentRow[]): Promise<void> {
  const episode = await selectEpisodeById(db, episodeId);
  const revision = await selectEpisodeRevision(db, episodeId, episode?.published_revision ?? 0);
  const table = (revision?.chunk_table as { chunks: Required<Chunk>[] } | null)?.chunks ?? [];
  const streamed: Required<Chunk>[] = [];
  let offset = 0;
  for (const segment of segments) {
    for (const chunk of (segment.record as { chunks: Chunk[] }).chunks) {
      streamed.push({ ...chunk, offset });
      offset += chunk.bytes;
    }
  }
  const audio = finished.subarray(id3TagSize(finished) ?? 0);
  const same = table.flatMap((chunk, index) => {
    const live = streamed[index];
    return live && live.content === chunk.content && live.leadSamples === chunk.leadSamples && live.outputSamples === chunk.outputSamples ? [{ chunk, live }] : [];
  });
  t.comment(`the finished file copies ${same.length} of its ${table.length} chunks from the stream`);
  t.ok(same.every(({ chunk, live }) => audio.subarray(chunk.offset, chunk.offset + chunk.bytes).equals(stream.subarray(live.offset, live.offset + live.bytes))),
    'every chunk the finished file has in common with the stream is the stream\'s own bytes');
}
