// Listening while an episode is made, in a real browser (`castwright start`, Debian's
// Chromium through playwright-core): a private episode voiced by a Chatterbox stand-in that
// speaks at the pace of speech and is held at its fourth line plays on the episode page while
// it is still generating_audio, from a signed address (no blob: the <audio> element streams
// it), and keeps playing into lines voiced after playback started; at ready the finished
// file takes over from where the stream was. STUDIO_SCREENSHOTS=<dir> saves screenshots.
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { readFixture } from '#test-helpers/fixtures';
import { openStudio } from '#test-helpers/studio-browser';
import { until } from '#test-helpers/until';

t.setTimeout(480_000);
const chatterbox = await startFakeChatterbox(t, { msPerCharacter: 60 });
const studio = await openStudio((close) => t.teardown(close), {
  chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'],
  env: { CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0' },
});
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, checkPage, waitUntil } = studio;
const email = 'live@example.com';
const password = 'Hear1tnow';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, name: 'Lee Listener' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
// Enterprise: its 1,000 requests an hour leave room for the checks beside the browser.
t.equal((await runCastwright(['user', 'set-tier', email, 'enterprise'], service.env)).code, 0);
interface EpisodeView { episode: { id: string; status: string; previewUrl: string | null; previewDurationMs: number | null } }
const stored = async (apiPath: string, init: { method?: string; body?: unknown } = {}): Promise<EpisodeView> => ((await (await fetch(`${apiBase}${apiPath}`, {
  method: init.method ?? 'GET', dispatcher: insecure,
  headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
})).json()) as EpisodeView);

/** Evaluated in the page (strings: this program has no DOM types). */
const liveAudio = 'document.querySelector(\'audio[aria-label^="Live audio"]\')';

t.test('a private episode plays while it is generating_audio, and on into lines voiced after playback started', async (t) => {
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.teardown(() => release());
  chatterbox.faults.push({ kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'held', until: gate });
  const created = await stored('/api/episodes', { method: 'POST', body: { content: await readFixture('lighthouses.txt'), preset: 'quick', hostMode: 'multi', ttsEngine: 'chatterbox' } });
  const id = created.episode.id as string;
  // Everything voiced before the held line is in the stream, but the line the held one may be said under (at the
  // default reactions the fourth line is a reaction, "Wow.", mixed into the third's clip: that clip goes out with
  // it): at least the speech of the first two lines.
  const voicedMs = () => chatterbox.speechRequests().slice(0, 2).reduce((sum, request) => sum + String((request.body as { input: string }).input).trim().length * 60, 0);
  const held = await until('the lines voiced before the held one to be heard', async () => {
    const { episode } = await stored(`/api/episodes/${id}`);
    return episode.previewUrl && chatterbox.speechRequests().length >= 4 && (episode.previewDurationMs ?? 0) >= voicedMs() ? episode : undefined;
  }, 180_000, 1000);

  await page.goto(`/episodes/${id}`);
  await page.getByText('You can listen while the rest is made').waitFor();
  await page.getByRole('button', { name: 'Listen while it is made' }).click();
  await waitUntil(`${liveAudio}.currentTime > 1`, 60_000);
  t.match(await page.evaluate(`${liveAudio}.currentSrc`), new RegExp(`/api/episodes/${id}/live\\?token=`), 'the <audio> element streams a signed address, no blob');
  t.equal((await stored(`/api/episodes/${id}`)).episode.status, 'generating_audio', 'it plays while the episode is still being made');
  await checkPage(t, 'an episode heard while it is made', 'episode-live');

  // Faster than speech, so the player reaches what was not voiced when it started.
  await page.evaluate(`${liveAudio}.playbackRate = 4`);
  release();
  const heardBefore = held.previewDurationMs as number;
  await waitUntil(`${liveAudio} !== null && ${liveAudio}.currentTime * 1000 > ${heardBefore + 3000}`, 180_000);
  t.pass(`played past the ${heardBefore} ms that could be heard when playback started`);
  // At the pace of speech again, so it is still playing when the finished file is published.
  await page.evaluate(`${liveAudio}.playbackRate = 1`);
  await page.getByText('Ready', { exact: true }).first().waitFor({ timeout: 180_000 });
  await waitUntil('document.querySelector(\'audio[aria-label^="Audio of"]\') !== null && document.querySelector(\'audio[aria-label^="Audio of"]\').currentTime > 0', 60_000);
  t.match(await page.evaluate('document.querySelector(\'audio[aria-label^="Audio of"]\').currentSrc'), new RegExp(`/api/episodes/${id}/audio\\?token=`), 'the finished file, from a signed address');
  const at = Number(await page.evaluate('document.querySelector(\'audio[aria-label^="Audio of"]\').currentTime * 1000'));
  t.ok(at > heardBefore, `the finished file goes on from where the stream was (${Math.round(at)} ms)`);
  await checkPage(t, 'the finished episode, playing on', 'episode-live-finished');
  t.same(policyViolations, [], 'no Content-Security-Policy violations');
  t.same(pageErrors, [], 'no uncaught errors');
});
