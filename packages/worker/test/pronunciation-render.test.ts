// The pronunciation lexicon end to end, through the API and real general and media
// workers with the built-in voice and ffmpeg: the same source rendered before and after
// an entry is added. The lines that contain the term are voiced differently; every other
// line is the same clip; the script and the transcript keep the original words. Then the
// entry is changed and the episode rendered again: only the lines with the term are voiced.
import t from 'tap';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const api = await startTestApi(t);
await api.startWorkers('general');
await api.startWorkers('media');
const user = await creator(api, 'enterprise');

const SOURCE = [
  'Lighthouses guided ships along dangerous coasts for centuries.',
  'Each tower had its own pattern of flashes, so sailors could tell them apart at night.',
  'Sailors still read the NOAA charts, which list every light with its height and range.',
  'Keepers lived beside the lamp and climbed the stairs every evening.',
  'Automation ended that life in most countries by the end of the last century.',
  'Many towers are now museums that visitors can climb in summer.',
].join(' ');

async function renderEpisode(): Promise<{ id: string; script: string; segments: { text: string; ms: number }[]; audio: Buffer }> {
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: SOURCE, preset: 'quick', ttsEngine: 'auto' } });
  if (created.status !== 202) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const id = (await json(created)).episode.id as string;
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  if (episode.status !== 'ready') throw new Error(`episode failed: ${episode.error_message}`);
  const transcript = await json(await api.request(`/api/episodes/${id}/transcript`, { token: user.accessToken }));
  const audio = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken })).arrayBuffer());
  return {
    id,
    script: episode.script_text ?? '',
    segments: transcript.segments.map((segment: { text: string; startTimeMs: number; endTimeMs: number }) => ({ text: segment.text, ms: segment.endTimeMs - segment.startTimeMs })),
    audio,
  };
}

t.test('an entry changes the voiced audio of exactly the lines with its term; the words stay', async (t) => {
  const before = await renderEpisode();
  const entry = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term: 'noaa', sayAs: 'Noah' } });
  t.equal(entry.status, 201);
  const after = await renderEpisode();

  t.equal(after.script, before.script, 'the same script (the built-in writer is deterministic)');
  t.same(after.segments.map((segment) => segment.text), before.segments.map((segment) => segment.text), 'the transcript keeps the original words');
  const withTerm = before.segments.map((segment) => /\bNOAA\b/.test(segment.text));
  t.ok(withTerm.includes(true) && withTerm.includes(false), `some lines say the term and some do not (${withTerm.filter(Boolean).length} of ${withTerm.length})`);
  t.match(after.segments.filter((_, index) => withTerm[index]).map((segment) => segment.text).join(' '), /NOAA charts/, 'written as in the source');

  for (const [index, said] of withTerm.entries()) {
    const was = before.segments[index]?.ms ?? 0;
    const now = after.segments[index]?.ms ?? 0;
    if (said) t.ok(Math.abs(now - was) >= 100, `line ${index + 1} (with the term) is voiced differently: ${was} ms, now ${now} ms`);
    else t.ok(Math.abs(now - was) <= 1, `line ${index + 1} (without it) is the same clip: ${was} ms, now ${now} ms`);
  }
  t.notOk(after.audio.equals(before.audio), 'the audio differs');

  // A changed entry, and the episode rendered again: its segment key changes on exactly the lines with the term.
  const id = (await json(entry)).pronunciation.id as string;
  t.equal((await api.request(`/api/pronunciations/${id}`, { method: 'PUT', token: user.accessToken, json: { sayAs: 'en oh ay ay' } })).status, 200);
  t.equal((await api.request(`/api/episodes/${after.id}/render`, { method: 'POST', token: user.accessToken })).status, 202);
  // The 202 moved it to generating_audio in the queueing transaction: ready again is the new revision, or a failed one.
  const rerendered = await waitForEpisode(api.database.db, after.id, ['ready', 'error'], 120_000);
  t.equal(rerendered.published_revision, 2, `revision 2 is published ${rerendered.error_message ?? ''}`);
  const revisions = (await json(await api.request(`/api/episodes/${after.id}/revisions`, { token: user.accessToken }))).revisions as { revision: number; linesRendered: number; linesReused: number }[];
  const second = revisions.find((revision) => revision.revision === 2);
  const saying = withTerm.filter(Boolean).length;
  t.match(second, { linesRendered: saying, linesReused: withTerm.length - saying }, `only the ${saying} line(s) with the term are voiced again`);
  const transcript = await json(await api.request(`/api/episodes/${after.id}/transcript`, { token: user.accessToken }));
  t.same(transcript.segments.map((segment: { text: string }) => segment.text), before.segments.map((segment) => segment.text), 'the transcript still keeps the words');
});
