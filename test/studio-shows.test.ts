// Shows in a real browser (`castwright start`, Debian's Chromium through playwright-core,
// axe-core): a show set up from the Shows page — its intro, bed and sting uploaded (a text
// file named .mp3 refused in words), the intro heard, a cover shown, its settings saved
// with If-Match (a change made elsewhere meanwhile refused in words), its private feed
// turned on — then picked on the new-episode form, whose episode is made in it, rendered
// with its sound and named on the episode page. STUDIO_SCREENSHOTS=<dir> saves screenshots.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { imageFile, toneFile } from '#test-helpers/show-audio';
import { heading, openStudio } from '#test-helpers/studio-browser';

t.setTimeout(480_000);
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-studio-shows-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const studio = await openStudio((close) => t.teardown(close), { chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'] });
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, checkPage, waitUntil } = studio;
const email = 'shows@example.com';
const password = 'Jingle4me';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, name: 'Sam Shows' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;

async function request(apiPath: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${apiBase}${apiPath}`, {
    method: init.method ?? 'GET', dispatcher: insecure,
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stored = async (apiPath: string): Promise<any> => (await request(apiPath)).json();
let showId = '';

t.test('a show is made from the Shows page', async (t) => {
  // Enterprise: setting a show up is many requests, more than a free account's hourly allowance.
  t.equal((await runCastwright(['user', 'set-tier', email, 'enterprise'], service.env)).code, 0, 'the account is on the enterprise tier');
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  await page.getByRole('link', { name: 'Shows' }).click();
  await heading(page).getByText('Shows').waitFor();
  await page.getByText('No shows yet.').waitFor();
  await checkPage(t, 'the shows page, empty', 'shows-empty');
  await page.getByLabel('Name').fill('The Lighthouse Hour');
  await page.getByLabel(/Description/).fill('Keepers, lamps and the lenses that made the light reach.');
  await page.getByRole('button', { name: 'Create show' }).click();
  await page.waitForURL(/\/shows\/show_[^/]+$/);
  showId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await heading(page).getByText('The Lighthouse Hour').waitFor();
  t.match((await stored(`/api/shows/${showId}`)).show, { name: 'The Lighthouse Hour', parts: { intro: null, bed: null } });
});

t.test('its sound: parts uploaded and heard, a bad file refused in words, a cover shown', async (t) => {
  const part = (name: string) => page.getByRole('listitem', { name });
  const uploadTo = async (name: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    await part(name).getByLabel(/Add one|Replace it/).setInputFiles(file);
    await part(name).getByRole('button', { name: 'Upload' }).click();
  };
  await studio.expectConsoleErrors(/status of 400 .*\/audio\/intro\)$/, async () => {
    await uploadTo('Intro', { name: 'intro.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Not a song, only words about one.\n') });
    await part('Intro').getByText(/The file is not a WAV, MP3 or FLAC recording/).waitFor();
  });
  t.pass('a text file named .mp3 is refused in words');
  t.equal((await stored(`/api/shows/${showId}`)).show.parts.intro, null, 'and nothing was stored');

  await uploadTo('Intro', { name: 'harbour-intro.wav', mimeType: 'audio/wav', buffer: await toneFile(scratch, { seconds: 3, frequency: 660, stereo: true }) });
  await part('Intro').getByText('Intro saved.').waitFor();
  await part('Intro').getByText(/harbour-intro\.wav · 0:03/).waitFor();
  await uploadTo('Music bed', { name: 'bed.mp3', mimeType: 'audio/mpeg', buffer: await toneFile(scratch, { seconds: 12, frequency: 110, format: 'mp3' }) });
  await part('Music bed').getByText('Music bed saved.').waitFor();
  await uploadTo('Sting', { name: 'sting.flac', mimeType: 'audio/flac', buffer: await toneFile(scratch, { seconds: 1, frequency: 1320, format: 'flac' }) });
  await part('Sting').getByText('Sting saved.').waitFor();
  t.match((await stored(`/api/shows/${showId}`)).show.parts, { intro: { filename: 'harbour-intro.wav' }, bed: { filename: 'bed.mp3' }, sting: { filename: 'sting.flac' }, outro: null });

  await part('Intro').getByRole('button', { name: 'Listen to the intro' }).click();
  await waitUntil('(() => { const audio = document.querySelector(".sample-player audio"); return audio && audio.src.startsWith("blob:") && audio.duration > 2.5; })()', 30_000);
  t.pass('the intro plays from a blob: URL, all 3 s of it');

  const cover = page.getByRole('form', { name: 'Upload the cover' });
  await cover.getByLabel(/Add one/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await imageFile(scratch, 1400, 1400) });
  await cover.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Cover saved.').waitFor();
  await waitUntil('(() => { const image = document.querySelector("img.cover"); return image && image.complete && image.naturalWidth === 1400; })()');
  t.pass('the cover is shown');
  await studio.expectConsoleErrors(/status of 400 .*\/artwork\)$/, async () => {
    await cover.getByLabel(/Replace it/).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await imageFile(scratch, 1600, 900) });
    await cover.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/1600 × 900 pixels; podcast apps need a square image/).waitFor();
  });
  t.pass('a wide image is refused in words');
  await checkPage(t, 'a show with its sound', 'show-sound');
});

t.test('its settings saved with If-Match; a change made elsewhere meanwhile is refused in words', async (t) => {
  const settings = page.getByRole('form', { name: 'Show settings' });
  await settings.getByLabel('Author').fill('Ada Keeper');
  await settings.getByLabel('Category').selectOption('History');
  await settings.getByLabel('Length').selectOption('quick');
  await settings.getByLabel('Hosts', { exact: true }).selectOption('multi');
  await settings.getByLabel('Format', { exact: true }).selectOption('interview');
  await settings.getByLabel('Reactions', { exact: true }).selectOption('lively');
  await settings.getByLabel('Music bed under speech (dB)').fill('-30');
  await settings.getByRole('button', { name: 'Save the show' }).click();
  await settings.getByText(/^Saved\./).waitFor();
  t.match((await stored(`/api/shows/${showId}`)).show, { author: 'Ada Keeper', category: 'History', preset: 'quick', hostMode: 'multi', format: 'interview', reactions: 'lively', levels: { bedSpeechDb: -30, bedGapDb: -12 } });

  t.equal((await request(`/api/shows/${showId}`, { method: 'PATCH', body: { description: 'Changed in another tab.' } })).status, 200);
  await settings.getByLabel('Author').fill('Someone else');
  await studio.expectConsoleErrors(/status of 412 /, async () => {
    await settings.getByRole('button', { name: 'Save the show' }).click();
    await settings.getByText(/The show changed since you read it/).waitFor();
  });
  t.equal((await stored(`/api/shows/${showId}`)).show.author, 'Ada Keeper', 'the stale save changed nothing');
  await checkPage(t, 'a refused stale save of a show', 'show-stale');
  await settings.getByRole('button', { name: 'Show it as it is now' }).click();
  await page.getByText('Changed in another tab.').waitFor();
  t.equal(await page.getByRole('form', { name: 'Show settings' }).getByLabel('Author').inputValue(), 'Ada Keeper', 'the form shows the show as it is now');

  await page.getByRole('button', { name: 'Turn the feed on' }).click();
  const feedUrl = await page.getByLabel('Feed address (shown only now)').inputValue();
  t.match(feedUrl, /\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/, 'the feed address, shown once');
});

t.test('an episode made in the show from the new-episode form, rendered with its sound', async (t) => {
  await page.getByRole('link', { name: 'New episode in this show' }).click();
  await heading(page).getByText('New episode').waitFor();
  await waitUntil(`document.querySelector('#show').value === ${JSON.stringify(showId)}`);
  t.equal(await page.getByLabel('Make it in').inputValue(), showId, 'the show is picked');
  await page.getByText("The show's length, language, voices, format and reactions.").waitFor();
  await checkPage(t, 'new episode in a show', 'new-episode-show');
  await page.getByLabel('Your text').fill('## The lamps\n\nThe first lighthouses burned wood and coal. Keepers later trimmed oil wicks through the night.\n\n## The lens\n\nAugustin Fresnel cut the lens into rings of glass. It bent the light into one beam that ships could see from far away.');
  await page.getByRole('button', { name: 'Create episode' }).click();
  await page.waitForURL(/\/episodes\/ep_[^/]+$/, { timeout: 60_000 });
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByText('In the show “The Lighthouse Hour”').waitFor();
  t.match((await stored(`/api/episodes/${id}`)).episode, { show: { id: showId, name: 'The Lighthouse Hour' }, preset: 'quick', hostMode: 'multi', format: 'interview', reactions: 'lively' }, "the show's defaults");
  await page.getByRole('button', { name: /^Play \(/ }).waitFor({ timeout: 180_000 });
  const segments = (await stored(`/api/episodes/${id}/transcript`)).segments as { startTimeMs: number }[];
  t.ok((segments[0]?.startTimeMs ?? 0) > 3000, `the first line comes after the 3 s intro (${segments[0]?.startTimeMs} ms)`);
  await checkPage(t, 'an episode in a show', 'episode-in-show');
  await page.getByRole('link', { name: 'Shows' }).click();
  await page.getByRole('cell', { name: 'Intro, music bed and sting' }).waitFor();
  await checkPage(t, 'the shows page', 'shows');
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, [], 'no CSP violations');
  t.same(pageErrors, [], 'no uncaught errors');
});
