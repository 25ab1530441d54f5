// A show's audio parts and cover through the real API and ffmpeg: a good part is decoded,
// kept as mono FLAC and played back; replacing and removing one leave no file behind;
// hostile uploads (a text file named .mp3, a ten-hour silence, a FLAC that declares two
// seconds and decodes to two hours, 200 MB streamed) are a 4xx and store nothing; a cover
// is checked as podcast directories check a feed's artwork, and kept as a JPEG.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { FormData } from 'undici';
import { episodeArtwork } from '@castwright/core/shows/episode-artwork';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { hugeUpload } from '#test-helpers/huge-upload';
import { imageFile, lyingFlac, pngClaiming, tenHourSilence, toneFile } from '#test-helpers/show-audio';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const MB = 1024 * 1024;
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-show-files-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const api = await startTestApi(t);
const db = api.database.db;
const owner = await creator(api);
const token = owner.accessToken;
const show = (await json(await api.request('/api/shows', { method: 'POST', token, json: { name: 'Tide tables' } }))).show as { id: string };

function upload(target: string, file: { bytes: Buffer | Uint8Array; name: string }, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), file.name);
  return api.request(target, { method: 'POST', token, body: form, headers });
}

async function storedShowFiles(): Promise<string[]> {
  return (await readdir(path.join(api.config.dataDir, 'storage', 'shows'), { recursive: true }).catch(() => [])).filter((name) => /\.(flac|jpg)$/.test(name)).sort();
}

const partRows = () => db.selectFrom('show_audio_parts').selectAll().where('show_id', '=', show.id).execute();

t.test('a part is decoded, kept as mono FLAC, heard back, replaced and removed', async (t) => {
  const intro = await toneFile(scratch, { seconds: 4, frequency: 880, stereo: true });
  const response = await upload(`/api/shows/${show.id}/audio/intro`, { bytes: intro, name: 'my intro.wav' });
  t.equal(response.status, 200);
  const body = await json(response);
  t.match(body.show.parts.intro, { part: 'intro', durationMs: 4000, sampleRate: 44_100, channels: 2, filename: 'my intro.wav', url: `/api/shows/${show.id}/audio/intro` });
  t.equal(body.show.parts.outro, null);
  const [stored] = await storedShowFiles();
  t.match(stored, new RegExp(`^${owner.userId}/${show.id}/intro-[0-9a-f]{24}\\.flac$`));

  const heard = await api.request(`/api/shows/${show.id}/audio/intro`, { token });
  t.equal(heard.status, 200);
  t.equal(heard.headers.get('content-type'), 'audio/flac');
  const bytes = Buffer.from(await heard.arrayBuffer());
  t.equal(bytes.subarray(0, 4).toString('latin1'), 'fLaC', 'the kept FLAC');
  t.equal(bytes.length, body.show.parts.intro.bytes);
  const again = await api.request(`/api/shows/${show.id}/audio/intro`, { token, headers: { 'if-none-match': heard.headers.get('etag') as string } });
  t.equal(again.status, 304);

  // A replacement under If-Match: the old file goes once the new one is recorded.
  const etag = (await api.request(`/api/shows/${show.id}`, { token })).headers.get('etag') as string;
  const mp3 = await toneFile(scratch, { seconds: 3, frequency: 660, format: 'mp3' });
  t.equal((await upload(`/api/shows/${show.id}/audio/intro`, { bytes: mp3, name: 'shorter.mp3' }, { 'if-match': '"stale"' })).status, 412, 'a stale If-Match stores nothing');
  t.same(await storedShowFiles(), [stored]);
  const replaced = await upload(`/api/shows/${show.id}/audio/intro`, { bytes: mp3, name: 'shorter.mp3' }, { 'if-match': etag });
  t.equal(replaced.status, 200);
  t.match((await json(replaced)).show.parts.intro, { filename: 'shorter.mp3', channels: 1 });
  const files = await storedShowFiles();
  t.equal(files.length, 1);
  t.not(files[0], stored, 'the replaced file is gone');

  t.equal((await api.request(`/api/shows/${show.id}/audio/intro`, { method: 'DELETE', token })).status, 200);
  t.same(await storedShowFiles(), []);
  t.equal((await api.request(`/api/shows/${show.id}/audio/intro`, { token })).status, 404);
  t.equal((await api.request(`/api/shows/${show.id}/audio/intro`, { method: 'DELETE', token })).status, 404);
  t.equal((await api.request(`/api/shows/${show.id}/audio/jingle`, { token })).status, 400, 'no such part');
});

t.test('hostile and bad parts are a 400 (413 past the size bound) and nothing is stored', async (t) => {
  const bed = await toneFile(scratch, { seconds: 6, frequency: 55 });
  t.equal((await upload(`/api/shows/${show.id}/audio/bed`, { bytes: bed, name: 'bed.wav' })).status, 200);
  const before = { files: await storedShowFiles(), rows: await partRows() };

  const cases: [string, string, () => Promise<{ bytes: Buffer; name: string }>, number, RegExp][] = [
    ['a text file named .mp3', 'intro', async () => ({ bytes: Buffer.from('Not a song, only words about one.\n'), name: 'intro.mp3' }), 400, /not a WAV, MP3 or FLAC/],
    ['a ten-hour silence', 'bed', async () => ({ bytes: await tenHourSilence(scratch), name: 'quiet.flac' }), 400, /36000\.0 s long; a show's bed is 5 to 300 s/],
    ['a FLAC that says 2 s and decodes to 2 hours', 'intro', async () => ({ bytes: await lyingFlac(scratch), name: 'bomb.flac' }), 400, /61\.0 s long; a show's intro is 1 to 60 s/],
    ['a sting too short', 'sting', async () => ({ bytes: await toneFile(scratch, { seconds: 0.1, frequency: 1320 }), name: 'blip.wav' }), 400, /0\.1 s long; a show's sting is 0\.3 to 10 s/],
    ['8 kHz', 'outro', async () => ({ bytes: await toneFile(scratch, { seconds: 3, frequency: 440, sampleRate: 8000 }), name: 'phone.wav' }), 400, /8000 Hz; at least 16000 Hz/],
  ];
  for (const [what, part, file, status, message] of cases) {
    const made = await file();
    const started = performance.now();
    const response = await upload(`/api/shows/${show.id}/audio/${part}`, made);
    t.equal(response.status, status, what);
    t.match(await json(response), { success: false, error: 'Validation failed', message }, what);
    t.comment(`${what}: answered in ${Math.round(performance.now() - started)} ms`);
  }

  // 200 MB, streamed without a length: refused at the bound, never buffered.
  const huge = hugeUpload('file', 'huge.wav', 200 * MB);
  const tooLarge = await api.request(`/api/shows/${show.id}/audio/bed`, { method: 'POST', token, body: huge.body, duplex: 'half', headers: huge.headers });
  t.equal(tooLarge.status, 413);
  t.match(await json(tooLarge), { success: false, error: 'Payload too large', message: /The bed is larger than 64 MB/ });
  t.ok(huge.sent() < 150 * MB, `answered after ${Math.round(huge.sent() / MB)} MB of 200`);

  t.same(await storedShowFiles(), before.files, 'no file stored for a refused part');
  t.same(await partRows(), before.rows, 'and the bed that was there is untouched');
  const wrongField = new FormData();
  wrongField.append('note', 'hello');
  t.equal((await api.request(`/api/shows/${show.id}/audio/bed`, { method: 'POST', token, body: wrongField })).status, 400, 'a field that is not file');
  t.equal((await api.request(`/api/shows/${show.id}/audio/bed`, { method: 'POST', token, json: { file: 'x' } })).status, 415, 'not multipart');
});

t.test('a cover is checked as feed artwork is and kept as a JPEG', async (t) => {
  const before = await storedShowFiles();
  const cases: [string, Buffer, RegExp][] = [
    ['not an image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not a PNG or JPEG image/],
    ['not square', await imageFile(scratch, 1600, 1400), /1600 × 1400 pixels; podcast apps need a square image/],
    ['too small', await imageFile(scratch, 600, 600, 'jpeg'), /600 × 600 pixels; it must be 1400 to 3000 pixels on a side/],
    ['a PNG that claims 60,000 × 60,000 pixels', pngClaiming(60_000, 60_000), /60000 × 60000 pixels; it must be 1400 to 3000/],
  ];
  for (const [what, bytes, message] of cases) {
    const response = await upload(`/api/shows/${show.id}/artwork`, { bytes, name: 'cover.png' });
    t.equal(response.status, 400, what);
    t.match(await json(response), { error: 'Validation failed', message }, what);
  }
  t.same(await storedShowFiles(), before, 'nothing stored');

  const response = await upload(`/api/shows/${show.id}/artwork`, { bytes: await imageFile(scratch, 1400, 1400, 'png', true), name: 'cover.png' });
  t.equal(response.status, 200);
  const artworkUrl = (await json(response)).show.artworkUrl as string;
  t.match(artworkUrl, new RegExp(`^/api/shows/${show.id}/artwork\\?v=[0-9a-f]{16}$`));
  const cover = await api.request(artworkUrl, { token });
  t.equal(cover.headers.get('content-type'), 'image/jpeg');
  const jpeg = Buffer.from(await cover.arrayBuffer());
  t.same([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
  // The cover of an episode in the show is the show's (what anything showing an episode with a picture uses).
  const [inShow, outside] = await insertEpisodes(db, owner.userId, 2);
  await db.updateTable('episodes').set({ show_id: show.id }).where('id', '=', inShow as string).execute();
  const episodeRow = (id: string | undefined) => db.selectFrom('episodes').select('show_id').where('id', '=', id as string).executeTakeFirstOrThrow();
  const artwork = await episodeArtwork(db, await episodeRow(inShow));
  t.match(artwork, { showId: show.id, contentType: 'image/jpeg', key: new RegExp(`^shows/${owner.userId}/${show.id}/artwork-[0-9a-f]+\\.jpg$`), sha256: /^[0-9a-f]{64}$/ });
  t.same(await readFile(path.join(api.config.dataDir, 'storage', artwork?.key as string)), jpeg, 'naming the stored cover');
  t.equal(await episodeArtwork(db, await episodeRow(outside)), undefined, 'an episode in no show has none');
  t.equal((await api.request(`/api/shows/${show.id}/artwork`, { method: 'DELETE', token })).status, 200);
  t.same(await storedShowFiles(), before, 'the cover is gone with its row');
  t.equal((await json(await api.request(`/api/shows/${show.id}`, { token }))).show.artworkUrl, null);
});

t.test('deleting the show, or the account, deletes its files', async (t) => {
  const other = (await json(await api.request('/api/shows', { method: 'POST', token, json: { name: 'Short lived' } }))).show as { id: string };
  t.equal((await upload(`/api/shows/${other.id}/audio/sting`, { bytes: await toneFile(scratch, { seconds: 1, frequency: 1320 }), name: 'sting.wav' })).status, 200);
  t.ok((await storedShowFiles()).some((file) => file.includes(other.id)));
  t.equal((await api.request(`/api/shows/${other.id}`, { method: 'DELETE', token })).status, 200);
  t.notOk((await storedShowFiles()).some((file) => file.includes(other.id)), 'its files are gone');

  const exported = await json(await api.request('/api/user/export', { token }));
  t.match(exported.shows, [{ id: show.id, name: 'Tide tables', parts: { bed: { part: 'bed' } } }], 'the export lists the shows with their parts');
  t.ok((await storedShowFiles()).length > 0);
  const closed = await api.request('/api/user/account', { method: 'DELETE', token, json: { password: owner.password, confirm: 'DELETE' } });
  t.equal(closed.status, 200);
  t.same(await storedShowFiles(), [], "the account's show files are gone");
  t.equal((await db.selectFrom('shows').select('id').where('user_id', '=', owner.userId).execute()).length, 0);
});
