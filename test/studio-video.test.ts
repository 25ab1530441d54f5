// The episode as video in a real browser (`castwright start`, Debian's Chromium through
// playwright-core, axe-core): on a ready episode's page, "Video" makes the square video on
// the media worker, shows its progress and plays it; "Clip this" takes a passage of the
// transcript (from one line to another), makes it in the vertical shape, lists it, plays it
// and deletes it; both play from signed addresses, streamed, never whole in the page.
// Made public, the same page shown to another account has none of those controls.
// STUDIO_SCREENSHOTS=<dir> saves the pages' screenshots.
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { heading, openStudio } from '#test-helpers/studio-browser';
import { until } from '#test-helpers/until';

t.setTimeout(480_000);
const studio = await openStudio((close) => t.teardown(close));
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, checkPage, waitUntil } = studio;
const email = 'video@example.com';
const password = 'Watch4me';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, name: 'Vida Video' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
t.equal((await runCastwright(['user', 'set-tier', email, 'creator'], service.env)).code, 0, 'the account is on the creator tier');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function request(apiPath: string, init: { method?: string; body?: unknown } = {}): Promise<any> {
  const response = await fetch(`${apiBase}${apiPath}`, {
    method: init.method ?? 'GET', dispatcher: insecure,
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return response.json();
}

let episodeId = '';

t.test('a two-host episode is made (the built-in voice)', async (t) => {
  const created = await request('/api/episodes', {
    method: 'POST',
    body: {
      content: 'Lighthouses guided sailors for centuries. The Pharos of Alexandria was the first great one and stood for a thousand years. ' +
        'Later towers used oil lamps and mirrors, then Fresnel lenses that threw their light far out to sea. Today most of them run on their own.',
      hostMode: 'multi',
      durationMinutes: 1,
    },
  });
  episodeId = created.episode.id as string;
  const ready = await until('the episode ready or failed', async () => {
    const { episode } = await request(`/api/episodes/${episodeId}`);
    return episode.status === 'ready' || episode.status === 'error' ? episode.status : undefined;
  }, 240_000, 1_000);
  t.equal(ready, 'ready');
});

t.test('Video: the square video is made, its progress shown, then played on the page', async (t) => {
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  await page.goto(`/episodes/${episodeId}`);
  await heading(page).waitFor();
  const panel = page.getByRole('region', { name: 'Video' });
  await panel.waitFor({ timeout: 90_000 }).catch((error: unknown) => {
    t.comment(`page errors: ${pageErrors.join(' | ') || 'none'}`);
    throw error;
  });
  await panel.getByLabel('Square (1080 × 1080)').check();
  await panel.getByRole('button', { name: 'Make the video' }).click();
  await panel.getByRole('progressbar', { name: 'Progress of the video' }).waitFor();
  // Streamed from a signed address, not fetched whole into the page.
  await waitUntil('(() => { const video = document.querySelector(".video-panel video"); return video && video.src.includes("/video?shape=square&token=") && video.duration > 0; })()', 240_000);
  const shown = await page.evaluate('({ width: document.querySelector(".video-panel video").videoWidth, height: document.querySelector(".video-panel video").videoHeight, duration: document.querySelector(".video-panel video").duration })') as { width: number; height: number; duration: number };
  const { episode } = await request(`/api/episodes/${episodeId}`);
  t.same([shown.width, shown.height], [1080, 1080], 'a square video');
  t.ok(Math.abs(shown.duration - episode.audioDuration) <= 1, `it runs ${shown.duration.toFixed(1)} s, as the episode (${episode.audioDuration} s)`);
  await panel.getByText('The video is ready.').waitFor();
  await panel.getByRole('button', { name: 'Download MP4' }).waitFor();
  // A frame into the video, so the screenshot shows a caption.
  await page.evaluate('document.querySelector(".video-panel video").currentTime = 1.5');
  await waitUntil('document.querySelector(".video-panel video").readyState >= 2');
  await checkPage(t, 'the episode with its video', 'episode-video');
});

t.test('Clip this: a passage of the transcript as a vertical clip, listed, played and deleted', async (t) => {
  const { segments } = await request(`/api/episodes/${episodeId}/transcript`);
  t.ok(segments.length >= 3, `${segments.length} lines to choose from`);
  const panel = page.getByRole('region', { name: 'Clip this' });
  await panel.getByLabel('From the line').selectOption({ index: 1 });
  await panel.getByLabel('To the line').selectOption({ index: 2 });
  await panel.getByText(/: \d+ s$/).waitFor();
  await panel.getByLabel('Vertical (1080 × 1920)').check();
  await panel.getByRole('button', { name: 'Clip this' }).click();
  await panel.getByText(/Clip of \d+ s asked for/).waitFor();
  const list = panel.getByRole('list', { name: 'Clips' });
  await list.getByRole('listitem').first().waitFor();
  const { clips } = await request(`/api/episodes/${episodeId}/clips`);
  t.equal(clips.length, 1, 'one clip');
  t.match(clips[0], { shape: 'vertical', startMs: segments[1].startTimeMs, endMs: segments[2].endTimeMs }, 'from the start of the first line chosen to the end of the last');
  await list.getByRole('button', { name: 'Watch' }).waitFor({ timeout: 240_000 });
  await list.getByRole('button', { name: 'Watch' }).click();
  await waitUntil('(() => { const video = document.querySelector(".clip-list video"); return video && /\\/clips\\/clip_[^/]+\\/video\\?token=/.test(video.src) && video.duration > 0; })()', 60_000);
  const shown = await page.evaluate('({ width: document.querySelector(".clip-list video").videoWidth, height: document.querySelector(".clip-list video").videoHeight, duration: document.querySelector(".clip-list video").duration })') as { width: number; height: number; duration: number };
  t.same([shown.width, shown.height], [1080, 1920], 'a vertical clip');
  t.ok(Math.abs(shown.duration * 1000 - (segments[2].endTimeMs - segments[1].startTimeMs)) <= 200, `it runs ${shown.duration.toFixed(2)} s: the two lines`);
  await page.evaluate('document.querySelector(".clip-list video").currentTime = 0.8');
  await waitUntil('document.querySelector(".clip-list video").readyState >= 2');
  await checkPage(t, 'the episode with a clip', 'episode-clip');
  await list.getByRole('button', { name: /Delete the clip/ }).click();
  await panel.getByText('Clip deleted.').waitFor();
  t.same((await request(`/api/episodes/${episodeId}/clips`)).clips, [], 'gone from the API too');
});

t.test("someone else's public episode: heard and read, with none of its owner's controls", async (t) => {
  t.match((await request(`/api/episodes/${episodeId}`, { method: 'PATCH', body: { isPublic: true } })).episode, { isPublic: true });
  const reader = { email: 'reader@example.com', password: 'Listen2others' };
  const registered = await fetch(`${apiBase}/api/auth/register`, {
    method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...reader, name: 'Rita Reader' }),
  });
  t.equal(registered.status, 201);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
  await page.getByLabel('E-mail').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/episodes');
  await page.goto(`/episodes/${episodeId}`);
  // The episode is shown whole: the player and its transcript.
  await page.locator('.listening audio').waitFor({ state: 'attached' });
  await page.locator('.lines li').first().waitFor();
  for (const region of ['Video', 'Clip this', 'Settings']) t.equal(await page.getByRole('region', { name: region }).count(), 0, `no ${region} panel`);
  t.equal(await page.getByRole('link', { name: 'Edit the script' }).count(), 0, 'no link to edit the script');
  await checkPage(t, "someone else's public episode", 'episode-public');
  t.same(policyViolations, [], 'no Content Security Policy violation');
  t.same(pageErrors, [], 'no uncaught error');
});
