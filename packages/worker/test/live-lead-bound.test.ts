// The live stream of a fast engine, through the real api and workers: the built-in voice
// voices a `deep` episode many times faster than it plays, so the stream masters only what
// a listener who started with its first segment could have reached (the lead bound), and
// ends with the finished file's own chunks of every line after that (LivePublisher.close).
// The listener who opened the stream at its first second hears all of it, as long as the
// finished file to a frame, and the end of it is the finished file's bytes.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { selectEpisodeRevision } from '@castwright/core/repositories/episode-revisions';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectLiveSegments } from '@castwright/core/repositories/live-takes';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import { copiedAsStreamed } from '#test-helpers/live-stream-checks';
import { readFixture } from '#test-helpers/fixtures';
import { probeFile } from '#test-helpers/probe';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(600_000);

/** The publisher's lead bound (live-publisher.ts), and what a top-up may pass it by: it counts speech, not the pauses between the lines. */
const LIVE_LEAD_MS = 30_000;
const PAUSES_ALLOWANCE_MS = 15_000;
const FRAME_MS = (1152 / 44_100) * 1000;

const api = await startTestApi(t);
await api.startWorkers('general');
await api.startWorkers('media');
const user = await creator(api);
const corpus = (await readdir(new URL('../../../test/fixtures/writer-corpus', import.meta.url))).filter((name) => /\.(txt|md)$/.test(name)).sort();
const source = (await Promise.all(corpus.map((name) => readFixture(`writer-corpus/${name}`)))).join('\n\n');
const dir = t.testdir();

void t.test('a fast voice: the stream masters what a listener could reach, and ends with the finished file\'s chunks', async (t) => {
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: source, preset: 'deep', hostMode: 'multi' } });
  t.equal(created.status, 202);
  const id = (await json(created)).episode.id as string;
  const first = await until('the first segment', async () => {
    const row = await selectEpisodeById(api.database.db, id);
    if (row?.status === 'ready' || row?.status === 'error') throw new Error(`the episode was ${row.status} before a listener could start`);
    return (row?.live_duration_ms ?? 0) > 0 ? row : undefined;
  }, 240_000);

  // A listener starts with the first segment and stays to the end of the stream.
  const response = await api.request(`/api/episodes/${id}/live`, { token: user.accessToken });
  t.equal(response.status, 200);
  const parts: Buffer[] = [];
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(part));
  const heard = Buffer.concat(parts);
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'ready', episode.error_message ?? '');

  const take = first.live_take as number;
  const segments = await selectLiveSegments(api.database.db, id, take);
  const lines = (await selectEpisodeRevision(api.database.db, id, episode.published_revision ?? 0))?.lines_total ?? 0;
  const tail = segments.at(-1);
  if (!tail) throw new Error('no segments');
  const live = segments.slice(0, -1);
  const mastered = live.reduce((sum, segment) => sum + segment.line_count, 0);
  t.ok(live.length >= 1, `${live.length} segment(s) mastered live`);
  t.ok(mastered < lines, `the stream mastered ${mastered} of ${lines} lines, those a listener could reach`);
  t.equal(tail.first_line, mastered, 'the last segment starts where the stream stopped');
  t.equal(tail.first_line + tail.line_count, lines, 'and ends with the last line');

  // The lead bound: each segment after the first left the stream at most LIVE_LEAD_MS (and the pauses) ahead of a listener who started with the first.
  const frameSamples = (first: { record: unknown }) => (first.record as { frameSamples: number }).frameSamples;
  let streamMs = 0;
  const started = segments[0]?.created_at.getTime() ?? 0;
  for (const [index, segment] of live.entries()) {
    streamMs += (segment.record as { chunks: { frames: number }[] }).chunks.reduce((sum, chunk) => sum + chunk.frames, 0) * frameSamples(segment) * 1000 / 44_100;
    if (index === 0) continue;
    const ahead = streamMs - (segment.created_at.getTime() - started);
    t.ok(ahead <= LIVE_LEAD_MS + PAUSES_ALLOWANCE_MS, `segment ${index} left the stream ${Math.round(ahead)} ms ahead of that listener`);
  }

  // What the listener heard: every segment end to end, the finished file's length, and the finished file's own bytes from where the stream stopped.
  const finished = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken })).arrayBuffer());
  t.equal(heard.length, segments.reduce((sum, segment) => sum + segment.bytes, 0), 'the listener got every segment');
  const audio = finished.subarray(id3TagSize(finished) ?? 0);
  t.ok(heard.subarray(heard.length - tail.bytes).equals(audio.subarray(audio.length - tail.bytes)), 'the stream ends with the finished file\'s bytes');
  await writeFile(path.join(dir, 'heard.mp3'), heard);
  await writeFile(path.join(dir, 'finished.mp3'), finished);
  const [stream, final] = await Promise.all([probeFile(path.join(dir, 'heard.mp3')), probeFile(path.join(dir, 'finished.mp3'))]);
  t.equal(stream.codec, 'mp3', 'the stream decodes');
  t.ok(Math.abs(stream.durationSeconds - final.durationSeconds) * 1000 <= FRAME_MS, `the stream (${stream.durationSeconds} s) is the finished file's length (${final.durationSeconds} s) to a frame`);
  await copiedAsStreamed(t, api.database.db, id, finished, heard, segments);
});
