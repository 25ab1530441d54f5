// Voices, hosts and hearing things in a real browser (`castwright start` with a loopback
// Chatterbox server, Debian's Chromium through playwright-core, axe-core): the voices page
// (filters, a sample that plays, a custom voice uploaded by a creator-tier account with
// its consent, registered and deleted, a bad clip refused in words), a four-host episode
// made from the form while the first answer to its POST is lost (the client's retry
// carries the same Idempotency-Key: one episode), its hosts by name on the episode page, a
// stale edit refused (412) in words with a reload, a line inserted before line 1, a
// lexicon entry heard with the Listen button, said as the entry says it, and an episode
// in Spanish from the form (Spanish voices offered, another language's accent said), and
// an episode whose Chatterbox server is still loading its model (the page says so).
// STUDIO_SCREENSHOTS=<dir> saves the pages' screenshots.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { heading, openStudio } from '#test-helpers/studio-browser';
import { voiceClip } from '#test-helpers/voice-clips';

t.setTimeout(480_000);
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-studio-voices-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const chatterbox = await startFakeChatterbox(t, { voices: ['narrator', 'reporter', 'guest'] });
const studio = await openStudio((close) => t.teardown(close), { chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'], env: { CHATTERBOX_URL: chatterbox.url } });
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, consoleErrors, checkPage, waitUntil } = studio;
const email = 'voices@example.com';
const password = 'Speak4me';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, name: 'Vera Voices' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
const setTier = async (tier: string) => t.equal((await runCastwright(['user', 'set-tier', email, tier], service.env)).code, 0, `the account is on the ${tier} tier`);

/** The API as the owner. */
async function request(apiPath: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${apiBase}${apiPath}`, {
    method: init.method ?? 'GET', dispatcher: insecure,
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stored = async (apiPath: string): Promise<any> => (await request(apiPath)).json();
const saidToChatterbox = () => chatterbox.speechRequests().map((speech) => (speech.body as { input?: string }).input ?? '');
/** The page's sample player once its audio plays: a blob: source with a duration. */
const sampleHeard = async () => {
  await waitUntil('(() => { const audio = document.querySelector(".sample-player audio"); return audio && audio.src.startsWith("blob:") && audio.duration > 0; })()', 60_000);
  return page.evaluate('({ src: document.querySelector(".sample-player audio").src, duration: document.querySelector(".sample-player audio").duration })') as Promise<{ src: string; duration: number }>;
};

t.test('a creator signs in; the voices page lists, filters and plays the catalog', async (t) => {
  await setTier('creator');
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  await page.getByRole('link', { name: 'Voices' }).click();
  await heading(page).getByText('Voices').waitFor();
  const rows = page.locator('table.voice-list tbody tr');
  await rows.first().waitFor();
  const { voices: catalog } = (await stored('/api/voices')) as { voices: { name: string; engine: string; language: string }[] };
  const names = await page.locator('table.voice-list tbody th').allInnerTexts();
  t.same(names.map((name) => name.split('\n')[0]).sort(), catalog.map((voice) => voice.name).sort(), 'every voice of the catalog');
  t.ok(['Chatterbox default', 'RMS', 'SLT', 'guest', 'narrator', 'reporter', 'eSpeak Spanish, female', 'eSpeak Japanese, male'].every((name) => names.some((shown) => shown.startsWith(name))), 'the voices every media worker here has, in every engine and language');
  t.ok((await rows.allInnerTexts()).every((row) => /Available/.test(row)), 'each available, said in words');
  const builtIn = catalog.filter((voice) => voice.engine === 'offline');
  await page.getByLabel('Engine').selectOption({ label: 'Built-in' });
  t.equal(await rows.count(), builtIn.length);
  await page.getByText(`${builtIn.length} of ${catalog.length} voices`).waitFor();
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
  t.equal(await rows.count(), 2, 'the filters combine: the built-in English voices');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Spanish' });
  t.same(await page.locator('table.voice-list tbody th').allInnerTexts().then((shown) => shown.map((name) => name.split('\n')[0]).sort()), ['eSpeak Spanish, female', 'eSpeak Spanish, male'], 'and the Spanish ones');
  await page.getByLabel('Engine').selectOption({ label: 'All engines' });
  await page.getByLabel('Language', { exact: true }).selectOption({ index: 0 });
  t.equal(await rows.count(), catalog.length);

  await page.getByRole('button', { name: 'Play a sample of SLT (Built-in)' }).click();
  const heard = await sampleHeard();
  t.match(heard.src, /^blob:/, 'the sample plays from a blob: URL (an <audio> cannot send the token)');
  t.ok(heard.duration > 0, `its duration is ${heard.duration.toFixed(2)} s`);
  await page.getByText('Playing the sample: SLT').waitFor();
});

t.test('a custom voice: a bad clip refused in words, a good one registered with its consent, then deleted', async (t) => {
  const form = page.getByRole('form', { name: 'Add your own voice' });
  await form.getByLabel('Name').fill('My narration');
  await form.getByLabel('Clip', { exact: true }).setInputFiles({ name: 'short.wav', mimeType: 'audio/wav', buffer: await voiceClip(scratch, { seconds: 2 }) });
  await form.getByLabel(/I have the right to use this voice: it is my own, or the person speaking in this clip has agreed/).check();
  const refusal = form.getByRole('alert');
  // Provoked: the browser logs the 400, as it logs every refused request.
  await studio.expectConsoleErrors(/status of 400 .*\/api\/voices\)$/, async () => {
    await form.getByRole('button', { name: 'Add the voice' }).click();
    await refusal.waitFor();
  });
  t.match(await refusal.innerText(), /^The clip is 2\.0 s long; a voice needs 5 to 30 s of one speaker\.?$/, 'the clip\'s problem in words, once');
  t.notMatch(await refusal.innerText(), /[{}]|body\./, 'no JSON');

  await form.getByLabel('Clip', { exact: true }).setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: await voiceClip(scratch, { seconds: 8 }) });
  await form.getByLabel(/Gender/).selectOption('female');
  await form.getByRole('button', { name: 'Add the voice' }).click();
  await page.getByText('Added My narration.').waitFor();
  const row = page.locator('table.voice-list tbody tr', { hasText: 'My narration' });
  await row.getByText('Registered', { exact: true }).waitFor({ timeout: 60_000 });
  await row.getByText('Available').waitFor();
  t.ok(chatterbox.uploads.size === 1, 'registered with the Chatterbox server\'s library');
  const { voices } = await stored('/api/voices');
  t.match(voices.find((voice: { custom: boolean }) => voice.custom), { name: 'My narration', gender: 'female', status: 'ready', available: true });
  await checkPage(t, 'the voices page', 'voices');

  await row.getByRole('button', { name: 'Delete My narration' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted My narration.').waitFor();
  t.notOk((await stored('/api/voices')).voices.some((voice: { custom: boolean }) => voice.custom), 'gone from the catalog');
});

t.test('the new-episode form offers the creator tier\'s lengths, as the price list gives them', async (t) => {
  const { pricing } = await (await request('/api/billing/pricing')).json() as { pricing: { tier: string; limits: { presets: string[]; maxDurationMinutes: number } }[] };
  const limits = pricing.find((plan) => plan.tier === 'creator')?.limits;
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await page.getByRole('link', { name: 'New episode' }).click();
  const preset = page.getByLabel('Preset', { exact: true });
  await preset.waitFor();
  const offered = await preset.locator('option:not([disabled])').evaluateAll((options) => options.map((option) => option.getAttribute('value')));
  t.same(offered, limits?.presets, `the presets the tier allows: ${offered.join(', ')}`);
  t.match(await preset.locator('option[value="extended"]').innerText(), /\(upgrade\)$/, 'a longer one is marked for an upgrade');
  await page.getByLabel('In minutes').check();
  t.equal(await page.getByLabel('Minutes', { exact: true }).getAttribute('max'), String(limits?.maxDurationMinutes), 'and up to the tier\'s minutes');
  t.equal(limits?.maxDurationMinutes, 15, 'the interface\'s 15 for creator');
});

let episodeId = '';

t.test('four named hosts from the form; the first answer lost, the retry keeps its key: one episode', async (t) => {
  await setTier('professional');
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await page.getByRole('link', { name: 'New episode' }).click();
  await page.getByLabel('Your text').fill(
    'Lighthouse keepers kept the lamps lit through every storm. They trimmed wicks, wound the clockwork that turned the lens, and logged the weather. ' +
    'Some towers stood on bare rocks miles from shore, and keepers lived there for weeks at a time. Today the lights are automatic, but many towers still shine.',
  );
  await page.getByLabel('Preset', { exact: true }).selectOption('quick');
  await page.getByLabel('Choose hosts and their voices').check();
  await page.getByRole('button', { name: 'Add a host' }).click();
  await page.getByRole('button', { name: 'Add a host' }).click();
  t.equal(await page.getByRole('button', { name: 'Add a host' }).count(), 0, 'four is the most');
  const hosts = ['Ada', 'Bram', 'Cleo', 'Dev'];
  for (const [index, name] of hosts.entries()) await page.getByRole('group', { name: `Host ${index + 1}` }).getByLabel('Name').fill(name);
  await page.getByRole('group', { name: 'Host 3' }).getByLabel(/Role/).fill('skeptic');
  const voices = await Promise.all(hosts.map((_, index) => page.getByRole('group', { name: `Host ${index + 1}` }).getByLabel('Voice').inputValue()));
  t.equal(new Set(voices).size, 4, `four different voices offered: ${voices.join(', ')}`);
  t.ok(voices.every((voice) => voice.startsWith('chatterbox:')), 'of one engine');
  await checkPage(t, 'new episode with named hosts', 'new-episode-hosts');
  await page.getByRole('button', { name: 'Play the voice of host 1' }).click();
  t.match((await sampleHeard()).src, /^blob:/, 'a host\'s voice can be heard before choosing it');
  await checkPage(t, 'new episode with a host\'s voice playing');

  const keys: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/episodes') keys.push(sent.headers()['idempotency-key'] ?? '');
  });
  await page.route('**/api/episodes', async (route) => {
    await route.fetch(); // the server creates the episode…
    await route.abort('connectionreset'); // …and its answer never arrives
  }, { times: 1 });
  // The lost answer is provoked: the browser logs it as a reset connection.
  await studio.expectConsoleErrors(/ERR_CONNECTION_RESET .*\/api\/episodes\)$/, async () => {
    await page.getByRole('button', { name: 'Create episode' }).click();
    await page.waitForURL(/\/episodes\/ep_[^/]+$/, { timeout: 60_000 });
  });
  episodeId = new URL(page.url()).pathname.split('/').pop() ?? '';
  t.equal(keys.length, 2, 'the client sent the POST again after the lost answer');
  t.match(keys[0], /^[0-9a-f-]{36}$/);
  t.equal(keys[1], keys[0], 'with the same Idempotency-Key');
  const { episodes } = await stored('/api/episodes');
  t.equal(episodes.length, 1, 'so there is one episode');
  t.match((await stored(`/api/episodes/${episodeId}`)).episode.hosts, hosts.map((name, index) => ({ speaker: `Host ${index + 1}`, name, voice: voices[index] })));

  await page.getByRole('button', { name: /^Play \(/ }).waitFor({ timeout: 180_000 });
  await page.getByText('Hosts: Ada, Bram, Cleo and Dev').waitFor();
  const speakers = new Set(await page.locator('.lines .speaker').allInnerTexts());
  t.same([...speakers].sort(), hosts, 'the transcript names every host');
  await checkPage(t, 'an episode with named hosts');
});

t.test('a stale edit is refused in words and the script read again; a line inserted before line 1', async (t) => {
  await page.getByRole('link', { name: 'Edit the script' }).click();
  await page.getByLabel('Text of line 2', { exact: true }).waitFor();
  t.equal(await page.getByLabel('Speaker of line 1', { exact: true }).locator('option:checked').innerText(), 'Ada (Host 1)', 'speakers by name');
  const read = await request(`/api/episodes/${episodeId}/script`);
  const elsewhere = await request(`/api/episodes/${episodeId}/script/lines/0`, { method: 'PATCH', headers: { 'if-match': read.headers.get('etag') ?? '' }, body: { text: 'Changed in another tab.' } });
  t.equal(elsewhere.status, 200, 'someone else changes line 1');
  const before = (await stored(`/api/episodes/${episodeId}/script`)).lines;

  await page.getByLabel('Text of line 2', { exact: true }).fill('My edit, made on a stale page.');
  const refusal = page.getByRole('alert').filter({ hasText: 'changed somewhere else' });
  // Provoked: the browser logs the 412, as it logs every refused request.
  await studio.expectConsoleErrors(/status of 412 /, async () => {
    await page.getByRole('button', { name: 'Save line 2', exact: true }).click();
    await refusal.waitFor();
  });
  t.match(await refusal.innerText(), /The script was changed somewhere else[\s\S]*your change to line 2 was not saved\. Nothing was overwritten\.[\s\S]*My edit, made on a stale page\./, 'the 412 in words, with what was written');
  t.same((await stored(`/api/episodes/${episodeId}/script`)).lines, before, 'nothing stored');
  await checkPage(t, 'a refused stale edit');
  await page.getByRole('button', { name: 'Reload the script' }).click();
  await page.getByText('This is the script as it is now.').waitFor();
  t.equal(await page.getByLabel('Text of line 1', { exact: true }).inputValue(), 'Changed in another tab.', 'the other change is shown');
  t.equal(await page.getByLabel('Text of line 2', { exact: true }).inputValue(), before[1].text, 'the refused one is not');
  t.match(await page.getByRole('status').filter({ hasText: 'This is the script as it is now' }).innerText(), /My edit, made on a stale page\./, 'which stays on the page to make again');

  await page.getByRole('button', { name: 'Insert a line before line 1' }).click();
  await page.getByLabel('Text of the new line before line 1').fill('Before anything else: welcome!');
  await page.getByRole('button', { name: 'Add the line' }).click();
  await page.getByText('Line 1 added.').waitFor();
  const lines = (await stored(`/api/episodes/${episodeId}/script`)).lines;
  t.match(lines.slice(0, 2), [{ text: 'Before anything else: welcome!' }, { text: 'Changed in another tab.' }], 'inserted first, with the page\'s fresh ETag');
  await page.getByText('2 lines changed since revision 1 was published').waitFor();
});

t.test('a lexicon entry heard with Listen, said as the entry says it', async (t) => {
  await page.getByRole('link', { name: 'Pronunciation' }).click();
  await page.getByText('No entries yet').waitFor();
  await page.getByLabel('Term').first().fill('SQL');
  await page.getByLabel('Say it as').first().fill('sequel');
  await page.getByRole('button', { name: 'Add entry' }).click();
  await page.getByText('Added SQL.').waitFor();
  await page.getByLabel('Listen with').selectOption({ label: 'narrator (Chatterbox, en)' });
  await page.getByRole('button', { name: 'Listen to SQL' }).click();
  const first = await sampleHeard();
  t.ok(first.duration > 0, `it plays (${first.duration.toFixed(2)} s)`);
  t.ok(saidToChatterbox().includes('sequel. Once more: sequel.'), 'the voice was asked to say the entry, not the term as written');
  await checkPage(t, 'the lexicon with its Listen buttons');

  await page.getByRole('button', { name: 'Change SQL' }).click();
  await page.getByRole('form', { name: 'Change the entry for SQL' }).getByLabel('Say it as').fill('ess queue ell');
  // Wait on the save itself, not on a button's 30-second clock: a busy machine may take its time, and a refused save is named.
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/pronunciations\/pr_/.test(response.url()), { timeout: 0 });
  await page.getByRole('form', { name: 'Change the entry for SQL' }).getByRole('button', { name: 'Save' }).click();
  t.equal((await saved).status(), 200, 'the change is saved');
  try {
    await page.getByRole('button', { name: 'Listen to SQL' }).click();
  } catch (error) {
    // What the page shows instead, for whoever reads the failure.
    t.comment(`the page at ${page.url()}: ${await page.locator('main').innerHTML().catch((failure: unknown) => String(failure))}`);
    throw error;
  }
  await waitUntil(`document.querySelector(".sample-player audio").src !== ${JSON.stringify(first.src)}`, 60_000);
  const second = await sampleHeard();
  t.not(second.src, first.src, 'the changed entry is a new sample');
  t.ok(saidToChatterbox().includes('ess queue ell. Once more: ess queue ell.'), 'saying the entry as it is now');
});

t.test('an episode in Spanish from the form: Spanish voices offered first, a voice of another language said to keep its accent', async (t) => {
  const { voices: catalog } = await stored('/api/voices');
  const spanish = new Set((catalog as { id: string; language: string; available: boolean }[]).filter((voice) => voice.available && voice.language.startsWith('es')).map((voice) => voice.id));
  t.ok(spanish.size >= 2, `the catalog has Spanish voices: ${[...spanish].join(', ')}`);
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await page.getByRole('link', { name: 'New episode' }).click();
  await page.getByLabel('Your text').fill(
    'Los faros guiaron a los barcos durante siglos. Sus guardianes encendían las lámparas cada noche y anotaban el tiempo en un cuaderno. ' +
    'Hoy las luces son automáticas, pero muchas torres siguen brillando sobre la costa.',
  );
  await page.getByLabel('Preset', { exact: true }).selectOption('quick');
  await page.getByLabel('Language').selectOption({ label: 'Spanish (es)' });
  await page.getByLabel('Choose hosts and their voices').check();
  const host = (index: number) => page.getByRole('group', { name: `Host ${index}` });
  await host(1).getByLabel('Voice').waitFor();
  const offered = [await host(1).getByLabel('Voice').inputValue(), await host(2).getByLabel('Voice').inputValue()];
  t.ok(offered.every((voice) => spanish.has(voice)), `Spanish voices offered first: ${offered.join(', ')}`);
  await host(1).getByLabel('Voice').selectOption('chatterbox:narrator');
  await host(1).getByText('narrator speaks English: it will read this Spanish episode with its own accent.').waitFor();
  t.pass('a voice of another language is said to keep its accent');
  await checkPage(t, 'new episode in Spanish', 'new-episode-language');
  await host(1).getByLabel('Voice').selectOption(offered[0] ?? '');
  t.equal(await host(1).getByText(/with its own accent/).count(), 0, 'and no longer once a Spanish voice is chosen again');
  await host(1).getByLabel('Name').fill('Lucía');
  await host(2).getByLabel('Name').fill('Mateo');
  // The lost answer is provoked: the browser logs it as a reset connection.
  await studio.expectConsoleErrors(/ERR_CONNECTION_RESET .*\/api\/episodes\)$/, async () => {
    await page.getByRole('button', { name: 'Create episode' }).click();
    await page.waitForURL(/\/episodes\/ep_[^/]+$/, { timeout: 60_000 });
  });
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  t.match((await stored(`/api/episodes/${id}`)).episode, { language: 'es', languageDetected: false, hosts: [{ name: 'Lucía', voice: offered[0] }, { name: 'Mateo', voice: offered[1] }] });
  await page.getByText('Spanish (es)', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Play \(/ }).waitFor({ timeout: 180_000 });
  t.equal((await stored(`/api/episodes/${id}`)).episode.status, 'ready');
  await checkPage(t, 'an episode in Spanish');
});

t.test('an episode for a Chatterbox server still loading its model: its page says what it waits on, then plays', async (t) => {
  chatterbox.loading = 'Loading TTS model (this may take a while)...'; // as after the server restarted
  const created = await request('/api/episodes', { method: 'POST', body: { preset: 'quick', ttsEngine: 'chatterbox', content: 'Lighthouses guided ships for centuries. Keepers trimmed the wicks every night.' } });
  t.equal(created.status, 202);
  const id = ((await created.json()) as { episode: { id: string } }).episode.id;
  await page.goto(`/episodes/${id}`);
  await page.getByText('Waiting for the Chatterbox server to load its model (Loading TTS model (this may take a while)...)').waitFor({ timeout: 120_000 });
  t.pass('the page says the render waits for the model');
  await checkPage(t, 'an episode waiting for Chatterbox to load');
  chatterbox.loading = undefined;
  await page.getByRole('button', { name: /^Play \(/ }).waitFor({ timeout: 180_000 });
  t.equal(await page.getByText(/Waiting for the Chatterbox server/).count(), 0, 'the notice is gone once it goes on');
  t.match((await stored(`/api/episodes/${id}`)).episode, { status: 'ready', progressNote: null, voice: { engineUsed: 'chatterbox', fallbackReason: null } });
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, [], 'no CSP violations');
  t.same(pageErrors, [], 'no uncaught errors');
  t.same(consoleErrors, [], 'no console errors on any page');
});
