// An episode as captioned video through the real API, with a real media worker beside it:
// made on the first request (202 and its progress on the episode's event stream), then
// served with ranges and validators under the audio's access rules, kept per revision;
// clips snapped to lines, bounded per tier, listed and deleted; another account sees none
// of it; signed links play both without credentials; everything goes with the episode.
import { writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createStorage } from '@castwright/core/storage/create-storage';
import { TIER_LIMITS } from '@castwright/core/tiers';
import { insertReadyEpisode } from '#test-helpers/ready-episode';
import { sseEvents } from '#test-helpers/sse-client';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { probeVideo, topLevelBoxes } from '#test-helpers/video-file';

const api = await startTestApi(t);
await api.startWorkers('media');
const storage = createStorage(api.config);
const owner = await creator(api, 'enterprise');
const token = owner.accessToken;
const episode = await insertReadyEpisode({ db: api.database.db, storage }, owner.userId);

/** The MP4 once it is made (the 202s before it checked and skipped); `as` null: no credentials (a signed link). */
const made = (target: string, as: string | null = token) => until(`the video at ${target}`, async () => {
  const response = await api.request(target, as === null ? {} : { token: as });
  if (response.status !== 202) return response;
  if (response.headers.get('retry-after') !== '5') throw new Error(`202 without Retry-After: 5 (${response.headers.get('retry-after')})`);
  await response.arrayBuffer();
  return undefined;
}, 120_000, 500);

async function videoFiles(): Promise<string[]> {
  const names = await readdir(path.join(api.config.dataDir, 'storage', 'episodes', episode.id, 'videos')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.mp4'));
}

t.test('the whole episode: 202 with progress on the stream, then the MP4, with ranges and validators', async (t) => {
  const target = `/api/episodes/${episode.id}/video?shape=vertical`;
  const first = await api.request(target, { token });
  t.equal(first.status, 202);
  const pending = await json(first);
  t.match(pending, { success: true, retryAfter: 5, video: { kind: 'video', shape: 'vertical', revision: 1, startMs: 0, endMs: episode.audioMs, videoUrl: target } });
  t.match(pending.video.status, /^(queued|rendering)$/);
  // The stream follows the making to its end, then closes.
  const stream = await api.request(`/api/episodes/${episode.id}/stream?media=true`, { token });
  const steps: { event: string; data: Record<string, unknown> }[] = [];
  for await (const message of sseEvents(stream)) steps.push(message);
  t.match(steps[0], { event: 'message', data: { status: 'ready', progressPercent: 100 } }, 'the episode\'s own state first');
  const videoSteps = steps.filter((step) => step.event === 'video').map((step) => step.data);
  t.ok(videoSteps.length >= 2, `${videoSteps.length} video steps`);
  t.match(videoSteps.at(-1), { id: pending.video.id, kind: 'video', shape: 'vertical', status: 'ready', progressPercent: 100 });
  const percents = videoSteps.map((step) => step.progressPercent as number);
  t.same(percents, [...percents].sort((a, b) => a - b), 'progress only moves forward');

  const video = await made(target);
  t.equal(video.status, 200);
  t.equal(video.headers.get('content-type'), 'video/mp4');
  t.equal(video.headers.get('accept-ranges'), 'bytes');
  t.equal(video.headers.get('cache-control'), 'private, no-cache', 'cached as the audio is');
  const bytes = Buffer.from(await video.arrayBuffer());
  const file = path.join(api.config.dataDir, 'downloaded.mp4');
  await writeFile(file, bytes);
  const probe = await probeVideo(file);
  t.same([probe.video.codec, probe.audio.codec, probe.video.width, probe.video.height], ['h264', 'aac', 1080, 1920]);
  t.ok(Math.abs(probe.formatDurationMs - episode.audioMs) <= 1000 / 15, `${probe.formatDurationMs} ms for ${episode.audioMs} ms of audio`);
  const boxes = await topLevelBoxes(file);
  t.ok(boxes.indexOf('moov') < boxes.indexOf('mdat'), 'faststart');

  const range = await api.request(target, { token, headers: { range: 'bytes=0-99' } });
  t.equal(range.status, 206);
  t.equal(range.headers.get('content-range'), `bytes 0-99/${bytes.length}`);
  t.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(0, 100)));
  const again = await api.request(target, { token, headers: { 'if-none-match': video.headers.get('etag') ?? '' } });
  t.equal(again.status, 304);
  const head = await api.request(target, { method: 'HEAD', token });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-length'), String(bytes.length));
  t.equal((await api.request(`/api/episodes/${episode.id}/video?shape=round`, { token })).status, 400, 'an unknown shape');
});

t.test('kept per revision: a re-rendered episode gets a new video, and the old one goes', async (t) => {
  const target = `/api/episodes/${episode.id}/video?shape=vertical`;
  const before = await made(target);
  const etag = before.headers.get('etag');
  await before.arrayBuffer();
  await api.database.db.updateTable('episodes').set({ published_revision: 2, audio_published_at: new Date() }).where('id', '=', episode.id).execute();
  const asked = await api.request(target, { token });
  t.equal(asked.status, 202, 'the new revision has no video yet');
  t.match((await json(asked)).video, { revision: 2 });
  const after = await made(target);
  t.not(after.headers.get('etag'), etag, 'another file');
  await after.arrayBuffer();
  await until('the old revision\'s video deleted', async () => ((await videoFiles()).length === 1 ? true : undefined));
  const rows = await api.database.db.selectFrom('episode_videos').select(['revision']).where('episode_id', '=', episode.id).execute();
  t.same(rows, [{ revision: 2 }]);
});

t.test('clips: snapped to lines, made, listed, the same passage once, bounded, deleted', async (t) => {
  const created = await api.request(`/api/episodes/${episode.id}/clips`, { method: 'POST', token, json: { startMs: 2_300, endMs: 7_700, shape: 'landscape' } });
  t.equal(created.status, 202);
  const { clip } = await json(created);
  t.match(clip, { kind: 'clip', shape: 'landscape', startMs: 2_500, endMs: 7_500, durationMs: 5_000, revision: 2 }, 'snapped to the lines\' bounds');
  const video = await made(clip.videoUrl);
  t.equal(video.status, 200);
  const file = path.join(api.config.dataDir, 'clip.mp4');
  await writeFile(file, Buffer.from(await video.arrayBuffer()));
  const probe = await probeVideo(file);
  t.same([probe.video.width, probe.video.height], [1920, 1080]);
  t.ok(Math.abs(probe.formatDurationMs - 5_000) <= 1000 / 15, `the clip runs ${probe.formatDurationMs} ms`);

  const same = await json(await api.request(`/api/episodes/${episode.id}/clips`, { method: 'POST', token, json: { startMs: 2_600, endMs: 7_400, shape: 'landscape' } }));
  t.equal(same.clip.id, clip.id, 'the same passage is the same clip');
  const list = await json(await api.request(`/api/episodes/${episode.id}/clips`, { token }));
  t.same(list.clips.map((each: { id: string }) => each.id), [clip.id]);
  t.equal(list.limit, TIER_LIMITS.enterprise.clipsPerEpisode);
  t.match(await json(await api.request(`/api/episodes/${episode.id}/clips/${clip.id}`, { token })), { clip: { id: clip.id, status: 'ready' } });

  for (const [body, pattern] of [
    [{ startMs: 9_000, endMs: 12_000 }, /past the end/],
    [{ startMs: 5_000, endMs: 4_000 }, /must end after it starts/],
    [{ startMs: 0, endMs: 95_000 }, /at most 90 s/],
    [{ startMs: -1, endMs: 4_000 }, /startMs/],
    [{ startMs: 0, endMs: 4_000, shape: 'round' }, /shape/],
    [{ startMs: 0, endMs: 4_000, extra: true }, /extra|additional/i],
  ] as const) {
    const refused = await api.request(`/api/episodes/${episode.id}/clips`, { method: 'POST', token, json: body });
    t.equal(refused.status, 400, JSON.stringify(body));
    t.match((await json(refused)).message, pattern);
  }
  t.same((await json(await api.request(`/api/episodes/${episode.id}/clips`, { token }))).clips.length, 1, 'refusals made nothing');

  const removed = await api.request(`/api/episodes/${episode.id}/clips/${clip.id}`, { method: 'DELETE', token });
  t.equal(removed.status, 200);
  t.equal((await api.request(clip.videoUrl, { token })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/${clip.id}`, { method: 'DELETE', token })).status, 404);
  await until('the clip\'s file deleted', async () => ((await videoFiles()).length === 1 ? true : undefined));
});

t.test('a tier keeps its number of clips an episode', async (t) => {
  const free = await registerUser(api);
  const own = await insertReadyEpisode({ db: api.database.db, storage }, free.userId);
  const limit = TIER_LIMITS.free.clipsPerEpisode;
  const spans = [[0, 2_500], [2_500, 5_000], [5_000, 7_500], [7_500, 10_000]];
  for (const [index, [startMs, endMs]] of spans.entries()) {
    const response = await api.request(`/api/episodes/${own.id}/clips`, { method: 'POST', token: free.accessToken, json: { startMs, endMs } });
    if (index < limit) t.equal(response.status, 202, `clip ${index + 1}`);
    else t.match({ status: response.status, body: await json(response) }, { status: 409, body: { error: 'Limit reached' } }, `clip ${index + 1} is one too many`);
  }
});

t.test('another account: 404 for the video and the clips; no credentials: 401', async (t) => {
  const clip = (await json(await api.request(`/api/episodes/${episode.id}/clips`, { method: 'POST', token, json: { startMs: 0, endMs: 2_500 } }))).clip;
  // Enterprise: the polling below stays inside its hourly request limit.
  const stranger = await creator(api, 'enterprise');
  const as = stranger.accessToken;
  t.equal((await api.request(`/api/episodes/${episode.id}/video`, { token: as })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips`, { token: as })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips`, { method: 'POST', token: as, json: { startMs: 0, endMs: 2_500 } })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/${clip.id}`, { token: as })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/${clip.id}`, { method: 'DELETE', token: as })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/${clip.id}/video`, { token: as })).status, 404);
  t.equal((await api.request(`/api/episodes/${episode.id}/video`)).status, 401);
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/${clip.id}/video`)).status, 401);
  // A public episode's video is anyone's to watch, as its audio is.
  await api.database.db.updateTable('episodes').set({ is_public: true }).where('id', '=', episode.id).execute();
  const watched = await made(`/api/episodes/${episode.id}/clips/${clip.id}/video`, as);
  t.equal(watched.status, 200);
  t.equal(watched.headers.get('cache-control'), 'public, no-cache');
  await watched.arrayBuffer();
  t.equal((await api.request(`/api/episodes/${episode.id}/clips`, { token: as })).status, 404, 'its clips are still the owner\'s to list');
  await api.database.db.updateTable('episodes').set({ is_public: false }).where('id', '=', episode.id).execute();
});

t.test('signed links (GET …/listen) play the videos and clips in a <video> element, without credentials, and nothing else', async (t) => {
  type Links = { videos: { shape: string; url: string; revision: number }[]; clips: { id: string; url: string }[] };
  const links = (await json(await api.request(`/api/episodes/${episode.id}/listen`, { token }))) as Links;
  t.same(links.videos.map((video) => [video.shape, video.revision]), [['square', 2], ['landscape', 2], ['vertical', 2]], 'every shape, of the published revision');
  const vertical = links.videos.find((video) => video.shape === 'vertical') as { url: string };
  t.match(vertical.url, new RegExp(`^/api/episodes/${episode.id}/video\\?shape=vertical&token=`));
  const watched = await made(vertical.url, null);
  t.equal(watched.status, 200);
  t.equal(watched.headers.get('content-type'), 'video/mp4');
  const bytes = Buffer.from(await watched.arrayBuffer());
  const range = await api.request(vertical.url, { headers: { range: 'bytes=10-19' } });
  t.equal(range.status, 206, 'a <video> element seeks with ranges');
  t.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(10, 20)));

  const square = links.videos.find((video) => video.shape === 'square') as { url: string };
  const squareToken = new URL(square.url, api.baseUrl).searchParams.get('token') ?? '';
  t.equal((await api.request(`/api/episodes/${episode.id}/video?shape=vertical&token=${encodeURIComponent(squareToken)}`)).status, 403, "another shape's link");
  t.equal((await api.request(`${vertical.url.slice(0, -4)}AAAA`)).status, 403, 'an altered link');
  t.equal((await api.request(`/api/episodes/${episode.id}/video?shape=vertical`)).status, 401, 'no link, no credentials');

  t.ok(links.clips.length >= 1, `${links.clips.length} clip(s), listed for the owner`);
  const [clip] = links.clips as [{ id: string; url: string }];
  t.equal(clip.url.split('?')[0], `/api/episodes/${episode.id}/clips/${clip.id}/video`);
  const clipVideo = await made(clip.url, null);
  t.equal(clipVideo.status, 200);
  await clipVideo.arrayBuffer();
  const clipToken = new URL(clip.url, api.baseUrl).searchParams.get('token') ?? '';
  t.equal((await api.request(`/api/episodes/${episode.id}/clips/clip_other/video?token=${encodeURIComponent(clipToken)}`)).status, 403, "a clip's link is for that clip alone");
  t.equal((await api.request(`/api/episodes/${episode.id}/video?shape=square&token=${encodeURIComponent(clipToken)}`)).status, 403, "nor for the episode's video");

  // A public episode: anyone may ask for links to its videos, but its clips are listed to the owner alone.
  await api.database.db.updateTable('episodes').set({ is_public: true }).where('id', '=', episode.id).execute();
  const stranger = await creator(api, 'enterprise');
  const theirs = (await json(await api.request(`/api/episodes/${episode.id}/listen`, { token: stranger.accessToken }))) as Links;
  t.equal(theirs.videos.length, 3);
  t.same(theirs.clips, [], 'no clips listed to another account');
  await api.database.db.updateTable('episodes').set({ is_public: false }).where('id', '=', episode.id).execute();
  t.equal((await api.request(theirs.videos[0]?.url ?? '')).status, 404, "private again: the other account's link serves nothing");

  await api.database.db.updateTable('episodes').set({ published_revision: 3, audio_published_at: new Date() }).where('id', '=', episode.id).execute();
  t.equal((await api.request(vertical.url)).status, 404, 'a link to a revision no longer published');
  t.equal((await made(clip.url, null)).status, 200, 'a clip stays what it was cut from');
});

t.test('deleting the episode deletes its videos and clips', async (t) => {
  t.ok((await videoFiles()).length > 0);
  t.equal((await api.request(`/api/episodes/${episode.id}`, { method: 'DELETE', token })).status, 200);
  t.same(await videoFiles(), []);
  t.same(await api.database.db.selectFrom('episode_videos').select('id').where('episode_id', '=', episode.id).execute(), []);
});
