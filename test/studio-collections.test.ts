// The studio's collections in a real browser (`castwright start`, Debian's Chromium
// through playwright-core, axe-core): playlists (members added, reordered from the
// keyboard, the private feed), webhooks (the secret once, a test delivery in words),
// briefings, the account (usage chart, an API key shown once), the sections behind a Menu
// button on a phone, and a request refused by the hourly limit, said with when to try
// again. Its two episodes are made through the API (the built-in writer and voice take
// seconds). STUDIO_SCREENSHOTS=<dir> saves screenshots.
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { heading, openStudio } from '#test-helpers/studio-browser';
import { until } from '#test-helpers/until';

t.setTimeout(300_000);
const studio = await openStudio((close) => t.teardown(close));
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, consoleErrors, checkPage } = studio;
const email = 'collector@example.com';
const password = 'Gather3things';

async function post(apiPath: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${apiBase}${apiPath}`, {
    method: 'POST', dispatcher: insecure, body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return (await response.json()) as Record<string, unknown>;
}

t.test('sign in; two episodes to collect', async (t) => {
  const { tokens } = (await post('/api/auth/register', { email, password })) as { tokens: { accessToken: string } };
  // The free tier's 10 requests an hour are too few for these pages.
  t.equal((await runCastwright(['user', 'set-tier', email, 'professional'], service.env)).code, 0);
  for (const content of ['Bees dance to tell each other where the flowers are. The angle of the dance points the way.', 'Tides rise and fall twice a day, pulled by the moon and the sun.']) {
    const { episode } = (await post('/api/episodes', { content, preset: 'quick' }, tokens.accessToken)) as { episode: { id: string } };
    const ready = await until(`${episode.id} ready`, async () => {
      const read = await fetch(`${apiBase}/api/episodes/${episode.id}`, { dispatcher: insecure, headers: { authorization: `Bearer ${tokens.accessToken}` } });
      const { episode: now } = (await read.json()) as { episode: { status: string } };
      return now.status === 'ready' || now.status === 'error' ? now.status : undefined;
    }, 180_000, 2_000); // each poll counts against the hourly request limit
    t.equal(ready, 'ready', `${episode.id} is ready`);
  }
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  await page.getByRole('link', { name: 'Go to your episodes' }).click();
  await heading(page).getByText('Episodes').waitFor();
});

t.test('playlists: add, reorder from the keyboard, the private feed', async (t) => {
  await page.getByRole('link', { name: 'Playlists' }).click();
  await page.getByLabel('Name').fill('Morning listening');
  const creating = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/playlists');
  await page.getByRole('button', { name: 'Create playlist' }).click();
  t.match((await creating).headers()['idempotency-key'], /^[0-9a-f-]{36}$/, 'the creating POST carries an Idempotency-Key');
  await page.waitForURL(/\/playlists\/[^/]+$/);
  for (let n = 0; n < 2; n++) {
    await page.getByLabel('Add an episode').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Episode added.').waitFor();
    await page.locator('.reorder li').nth(n).waitFor();
  }
  const order = () => page.locator('.reorder li a').allInnerTexts();
  const before = await order();
  await page.locator('.reorder .handle').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.locator('.reorder li a').first().filter({ hasNotText: before[0] ?? '' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.locator('.reorder li').first().waitFor();
  t.same(await order(), [before[1], before[0]], 'the keyboard move is stored');
  await page.getByRole('button', { name: 'Turn the feed on' }).click();
  const feedUrl = await page.getByLabel(/Feed address/).inputValue();
  const feed = await fetch(feedUrl.replace('localhost', '127.0.0.1'), { dispatcher: insecure });
  t.equal(feed.status, 200, 'the feed address answers');
  t.match(await feed.text(), /<rss/);
  await checkPage(t, 'a playlist', 'playlist');
});

t.test('webhooks: the secret once, a test delivery in words', async (t) => {
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByLabel('HTTPS address').fill('https://hooks.example.com/castwright');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  t.match(await page.getByLabel('Signing secret').inputValue(), /^whsec_/, 'the secret is shown once');
  await checkPage(t, 'webhooks', 'webhooks');
  await page.getByRole('link', { name: 'Open the webhook to send a test' }).click();
  await page.getByRole('button', { name: 'Send a test' }).click();
  await page.getByText(/^Test (delivered|failed)/).waitFor({ timeout: 60_000 });
  await checkPage(t, 'a webhook');
});

t.test('briefings and the account', async (t) => {
  await page.getByRole('link', { name: 'Briefings' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Morning news');
  await page.getByRole('button', { name: 'Create briefing' }).click();
  await page.waitForURL(/\/briefings\/[^/]+$/);
  await heading(page).getByText('Morning news').waitFor();
  await checkPage(t, 'a briefing', 'briefing');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('img', { name: /Episodes made per month/ }).waitFor();
  await page.getByRole('button', { name: 'Make a new key' }).click();
  t.match(await page.getByLabel(/Your new API key/).inputValue(), /^svc_/, 'the API key is shown once');
  await checkPage(t, 'the account', 'account');
});

t.test('on a phone the sections sit behind a Menu button that opens, leads, closes and keeps the header still', async (t) => {
  const desktop = page.viewportSize();
  t.teardown(async () => { if (desktop) await page.setViewportSize(desktop); });
  const headerHeight = () => page.locator('header.top').evaluate((header) => header.getBoundingClientRect().height);
  t.notOk(await page.getByRole('button', { name: 'Menu' }).isVisible(), 'no Menu button where the row fits');
  const wide = await headerHeight();
  await page.setViewportSize({ width: 360, height: 740 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.waitFor();
  t.equal(await menu.getAttribute('aria-expanded'), 'false', 'closed at first');
  t.notOk(await page.getByRole('link', { name: 'Playlists' }).isVisible(), 'the sections hidden');
  const closedHeight = await headerHeight();
  await menu.click();
  t.equal(await menu.getAttribute('aria-expanded'), 'true', 'open');
  t.equal(await page.getByRole('link', { name: 'Account' }).getAttribute('aria-current'), 'page', 'the current section marked');
  t.equal(await headerHeight(), closedHeight, 'opening it moves nothing: it opens over the page');
  await checkPage(t, 'the menu open on a phone');
  await page.keyboard.press('Escape');
  t.equal(await menu.getAttribute('aria-expanded'), 'false', 'Escape closes it');
  t.equal(await page.evaluate('document.activeElement?.textContent'), 'Menu', 'and gives the focus back to the button');
  await menu.click();
  await page.getByRole('link', { name: 'Playlists' }).click();
  await heading(page).getByText('Playlists').waitFor();
  t.equal(await menu.getAttribute('aria-expanded'), 'false', 'a section chosen closes it');
  t.comment(`header: ${wide}px wide, ${closedHeight}px on a phone`);
});

t.test('a refused request (the hourly limit) says when to try again', async (t) => {
  const registered = await fetch(`${apiBase}/api/auth/register`, {
    method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'busy@example.com', password: 'Busy2listener' }),
  });
  const { tokens } = (await registered.json()) as { tokens: { accessToken: string } };
  for (let n = 0; n < 10; n++) await fetch(`${apiBase}/api/user/quota`, { dispatcher: insecure, headers: { authorization: `Bearer ${tokens.accessToken}` } }).then((response) => response.body?.cancel());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
  await page.getByLabel('E-mail').fill('busy@example.com');
  await page.getByLabel('Password').fill('Busy2listener');
  const refusal = page.getByRole('alert').filter({ hasText: 'Try again' });
  // The refusal is provoked: the browser logs the 429s, as it logs every refused request.
  await studio.expectConsoleErrors(/status of 429 /, async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await refusal.waitFor();
  });
  t.match(await refusal.innerText(), /Try again in \d+ (minutes|seconds)/, 'the 429 in words, with when to try again');
  await checkPage(t, 'a refusal');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, [], 'no CSP violations');
  t.same(pageErrors, [], 'no uncaught errors');
  t.same(consoleErrors, [], 'no console errors on any page');
});
