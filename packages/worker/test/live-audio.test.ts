// Listening while an episode is made, through the real api and workers: a Chatterbox
// stand-in that speaks at the pace of real speech and is held at a line of the test's
// choosing, so the episode is caught mid-render without racing the clock. The live stream
// plays from its start while the episode is generating_audio, decodes at every point,
// grows as more lines are voiced, and ends where the finished file begins to replace it:
// same length to a frame, loudness within 1 LU, and the same bytes where it was copied,
// with the default reactions (`some`) mixed under their lines in both.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { deleteFinishedLiveTakes, selectLiveSegments } from '@castwright/core/repositories/live-takes';
import { ebur128 } from '#test-helpers/ebur128';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { copiedAsStreamed } from '#test-helpers/live-stream-checks';
import { readFixture } from '#test-helpers/fixtures';
import { probeFile } from '#test-helpers/probe';
import { sseMessages } from '#test-helpers/sse-client';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(300_000);

const chatterbox = await startFakeChatterbox(t, { msPerCharacter: 60 });
const api = await startTestApi(t, { CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0' });
await api.startWorkers('general');
await api.startWorkers('media');
const user = await creator(api);
const article = await readFixture('lighthouses.txt');
const dir = t.testdir();

/** Reads a response body as it arrives; `bytes` is everything so far, `ended` once it closed. */
function reader(response: Response) {
  const state = { bytes: Buffer.alloc(0), ended: false };
  const done = (async () => {
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) state.bytes = Buffer.concat([state.bytes, part]);
    state.ended = true;
  })();
  return { state, done };
}

async function decodes(bytes: Buffer, name: string): Promise<number> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const probe = await probeFile(file);
  if (probe.codec !== 'mp3') throw new Error(`${name} is ${probe.codec}`);
  return probe.durationSeconds;
}

void t.test('an episode plays while it is generating_audio, and on into lines voiced after playback started', async (t) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first three lines are voiced at once; the fourth waits for the test.
  chatterbox.faults.push({ kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'held', until: gate });
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: article, preset: 'quick', hostMode: 'multi', ttsEngine: 'chatterbox' } });
  t.equal(created.status, 202);
  const id = (await json(created)).episode.id as string;

  const first = await until('the first lines to be heard', async () => {
    const row = await selectEpisodeById(api.database.db, id);
    return row?.status === 'generating_audio' && (row.live_duration_ms ?? 0) > 0 ? row : undefined;
  }, 120_000);
  t.equal(chatterbox.speechRequests().length, 4, 'the render is held at the fourth line');

  const detail = (await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }))).episode;
  t.equal(detail.status, 'generating_audio');
  t.equal(detail.previewUrl, `/api/episodes/${id}/live`);
  t.equal(detail.previewDurationMs, first.live_duration_ms);
  t.equal(detail.audioUrl, null, 'nothing is published yet');
  const progress = sseMessages(await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken }));
  t.match((await progress.next()).value, { status: 'generating_audio', previewUrl: `/api/episodes/${id}/live`, previewDurationMs: first.live_duration_ms }, 'the progress stream says it can be heard');
  await progress.return(undefined);

  const stranger = await creator(api);
  t.equal((await api.request(`/api/episodes/${id}/live`, { token: stranger.accessToken })).status, 404, 'another account hears nothing');
  t.equal((await api.request(`/api/episodes/${id}/live`)).status, 401, 'nor does anyone without credentials');

  const response = await api.request(`/api/episodes/${id}/live`, { token: user.accessToken });
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'audio/mpeg');
  t.equal(response.headers.get('content-length'), null, 'a stream without a length');
  const live = reader(response);
  const published = async () => (await selectLiveSegments(api.database.db, id, first.live_take as number)).reduce((sum, segment) => sum + segment.bytes, 0);
  const before = await published();
  await until('the published segments to arrive', async () => (live.state.bytes.length >= before ? true : undefined));
  t.equal(live.state.bytes.length, before, 'the stream holds what is published, and waits');
  t.ok((await decodes(live.state.bytes, 'before.mp3')) > 5, 'what has arrived decodes: over five seconds of speech');
  t.notOk(live.state.ended, 'the stream stays open for what is not voiced yet');

  release();
  await live.done;
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.ok(live.state.bytes.length > before, 'lines voiced after playback started came down the same stream');
  const streamSeconds = await decodes(live.state.bytes, 'stream.mp3');

  const finished = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken })).arrayBuffer());
  const finishedSeconds = await decodes(finished, 'finished.mp3');
  t.ok(Math.abs(streamSeconds - finishedSeconds) <= 1152 / 44_100, `the stream (${streamSeconds} s) is the finished file's length (${finishedSeconds} s) to a frame`);
  const [streamLoudness, finishedLoudness] = await Promise.all([ebur128(path.join(dir, 'stream.mp3')), ebur128(path.join(dir, 'finished.mp3'))]);
  t.ok(Math.abs(streamLoudness.integratedLufs - finishedLoudness.integratedLufs) <= 1, `stream ${streamLoudness.integratedLufs} LUFS, finished ${finishedLoudness.integratedLufs} LUFS`);
  const segments = await selectLiveSegments(api.database.db, id, first.live_take as number);
  await copiedAsStreamed(t, api.database.db, id, finished, live.state.bytes, segments);
  t.equal((await api.request(`/api/episodes/${id}/live`, { token: user.accessToken })).status, 404, 'at ready the finished file replaces the stream');
  // At the default reactions (`some`) the script has reactions: the stream mixed them under their lines as the finished file does.
  const script = (await json(await api.request(`/api/episodes/${id}/script`, { token: user.accessToken }))).lines as { reaction?: unknown }[];
  t.ok(script.some((line) => line.reaction !== undefined), `the script has reactions (${script.filter((line) => line.reaction !== undefined).length} of ${script.length} lines)`);
  const transcript = (await json(await api.request(`/api/episodes/${id}/transcript`, { token: user.accessToken }))).segments as { endTimeMs: number }[];
  t.ok((transcript.at(-1)?.endTimeMs ?? 0) <= streamSeconds * 1000, 'every transcript line is inside the stream');

  // Retention: the stream of a published episode goes once its time is up, rows first, then its objects.
  t.same(await api.database.db.transaction().execute((trx) => deleteFinishedLiveTakes(trx, new Date(Date.now() - 3_600_000), 100)), [], 'kept while a listener may still play it');
  const removed = await api.database.db.transaction().execute((trx) => deleteFinishedLiveTakes(trx, new Date(Date.now() + 1000), 100));
  t.same(removed.map((row) => row.object_key).sort(), segments.map((segment) => segment.object_key).sort(), 'every segment of the take, once its time is up');
  t.equal((await selectEpisodeById(api.database.db, id))?.live_take, null);
  t.equal((await selectLiveSegments(api.database.db, id, first.live_take as number)).length, 0);
});
