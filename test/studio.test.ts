// The studio in a real browser: `castwright start` (which builds the studio), Debian's
// Chromium through playwright-core, and a person's way through it — sign up, confirm the
// address through the e-mail's link, make an episode from text with the script reviewed
// first (a line edited and given to the other host), follow its progress to 100, play it
// while the transcript follows the audio clock, seek from a line, search, then playlists,
// webhooks, briefings and the account, a rate-limit refusal in words, and a password
// reset through the e-mail's link. axe-core checks every page; no page may break its CSP.
// STUDIO_SCREENSHOTS=<dir> saves a screenshot of each main page there (docs/studio).
import t, { type Test } from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { openStudio } from '#test-helpers/studio-browser';
import { linkIn, outboxMail, type Page } from '#test-helpers/studio-service';

// Two episodes are rendered on the way; on a busy 2-core machine that takes minutes.
t.setTimeout(600_000);
const studio = await openStudio((close) => t.teardown(close), { chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'], acceptDownloads: true });
t.comment(`studio build: ${studio.build}`);
const { service, context, page, insecure, apiBase, policyViolations, pageErrors } = studio;

const email = 'listener@example.com';
let password = 'Listen2podcasts';

/** axe on the page as it stands, and a screenshot of it when asked for. */
async function checkPage(t: Test, name: string, screenshot?: string): Promise<void> {
  t.same(await studio.inspect(screenshot), [], `axe: no serious or critical violations on ${name}`);
}

const heading = (page: Page) => page.locator('main h1').first();

/**
 * Polls an expression evaluated in the page over the DevTools protocol (playwright's
 * waitForFunction would `eval` inside the page, which its CSP rightly forbids).
 */
async function waitUntil(expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(50);
  }
}

t.test('sign up; the session survives a reload and its refresh token is out of page script\'s reach', async (t) => {
  const response = await page.goto('/');
  t.equal(response?.status(), 200);
  t.match(response?.headers()['content-security-policy'], /script-src 'self'/, 'the page carries the strict CSP');
  await t.resolves(heading(page).getByText('Turn what you read into a podcast').waitFor());
  await checkPage(t, 'the start page');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await heading(page).getByText('Create an account').waitFor();
  await checkPage(t, 'sign up', 'sign-up');
  await page.getByLabel('Name').fill('Lee Listener');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('onlylowercase');
  await page.getByRole('button', { name: 'Create account' }).click();
  const refusal = page.getByRole('alert');
  await refusal.waitFor();
  t.match(await refusal.innerText(), /Weak password:[\s\S]*at least one uppercase letter[\s\S]*at least one number/, 'the API\'s message and each unmet rule, in words');
  t.notMatch(await refusal.innerText(), /[{}"]/, 'never raw JSON');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/episodes');
  await page.getByText('Please confirm your e-mail address').waitFor();
  await page.getByText('No episodes yet').waitFor();
  await checkPage(t, 'the empty episode list');

  const cookies = await context.cookies();
  const refresh = cookies.find((cookie) => cookie.name === '__Secure-castwright-refresh');
  t.match(refresh, { httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/browser' }, 'the refresh token is an httpOnly, Secure, SameSite=Strict cookie on the session path');
  t.equal(await page.evaluate('document.cookie'), '', 'page script sees no cookie');
  await page.reload();
  await heading(page).getByText('Episodes').waitFor();
  t.pass('a reload renews the session from the cookie');
});

t.test('the verification e-mail links to the studio, which confirms the address', async (t) => {
  const mail = await outboxMail(service.dataDir, (message) => /Confirm your e-mail/.test(message.subject ?? ''));
  const link = linkIn(mail);
  t.match(link, `${service.baseUrl}/verify-email?token=`);
  await page.goto(link);
  await page.getByText('Your e-mail address is confirmed').waitFor();
  await checkPage(t, 'e-mail confirmation');
  await page.getByRole('link', { name: 'Go to your episodes' }).click();
  await heading(page).getByText('Episodes').waitFor();
  t.equal(await page.getByText('Please confirm your e-mail address').count(), 0, 'the banner is gone');
});

let episodeUrl = '';

t.test('an episode from text, script reviewed first: a line edited and re-spoken, approved, followed to 100', async (t) => {
  // The free tier's 10 requests an hour are too few for this walk through every page.
  t.equal((await runCastwright(['user', 'set-tier', email, 'professional'], service.env)).code, 0);
  await page.goto('/episodes/new');
  await heading(page).getByText('New episode').waitFor();
  await page.getByLabel('Your text').fill(
    'Lighthouses guided ships along dangerous coasts for centuries. Early towers burned wood or coal on open platforms. ' +
    'Later, oil lamps with polished reflectors threw a steadier beam. In 1822 Augustin Fresnel designed a lens of concentric prisms ' +
    'that bent scattered light into one bright beam visible for miles. Keepers trimmed wicks, wound clockwork and logged the weather. ' +
    'Today most lights are automatic, and satellite navigation guides ships, yet many towers still shine as aids and landmarks.',
  );
  await page.getByLabel('Preset', { exact: true }).selectOption('quick');
  await page.getByLabel('Two hosts').check();
  await page.getByLabel('Let me review the script before it is recorded').check();
  await checkPage(t, 'new episode');
  await page.getByRole('button', { name: 'Create episode' }).click();
  await page.waitForURL(/\/episodes\/ep_[^/]+$/);
  episodeUrl = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Review the script' }).waitFor({ timeout: 120_000 });
  await checkPage(t, 'an episode waiting for review');

  await page.getByRole('link', { name: 'Review the script' }).click();
  await heading(page).getByText(/Script review/).waitFor();
  await page.getByLabel('Text of line 1').waitFor();
  await checkPage(t, 'script review');
  const edited = 'Welcome! Today we follow the light that kept sailors off the rocks.';
  await page.getByLabel('Text of line 1', { exact: true }).fill(edited);
  await page.getByRole('button', { name: 'Save line 1', exact: true }).click();
  await page.getByText('Line 1 saved.').waitFor();
  const speaker = page.getByLabel('Speaker of line 2', { exact: true });
  const other = (await speaker.inputValue()) === 'Host 1' ? 'Host 2' : 'Host 1';
  await speaker.selectOption(other);
  await page.getByRole('button', { name: 'Save line 2', exact: true }).click();
  await page.getByText('Line 2 saved.').waitFor();
  await page.reload();
  t.equal(await page.getByLabel('Text of line 1', { exact: true }).inputValue(), edited, 'the edit is stored');
  t.equal(await page.getByLabel('Speaker of line 2', { exact: true }).inputValue(), other, 'the new speaker is stored');

  await page.getByRole('button', { name: 'Approve and record' }).click();
  await page.waitForURL(`**${episodeUrl}`);
  const bar = page.getByRole('progressbar', { name: 'Progress of this episode' });
  await bar.waitFor();
  const seen: number[] = [];
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const value = Number(await bar.getAttribute('value').catch(() => NaN));
    if (Number.isFinite(value) && value !== seen.at(-1)) seen.push(value);
    if (value === 100) break;
    await page.waitForTimeout(100);
  }
  t.equal(seen.at(-1), 100, `the progress bar reached 100 (${seen.join(' → ')})`);
  t.same(seen, [...seen].sort((a, b) => a - b), 'and never went back');
  await page.getByRole('button', { name: /^Play \(/ }).waitFor();
});

t.test('play: the highlighted line follows the audio clock; a line and a chapter seek; search marks the matches', async (t) => {
  await page.getByRole('list', { name: /Transcript lines/ }).waitFor();
  await checkPage(t, 'a ready episode');
  await page.getByRole('button', { name: /^Play \(/ }).click();
  const audio = page.locator('audio');
  await audio.waitFor({ state: 'visible' });
  const starts = (await page.locator('.lines li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-start')))));
  t.ok(starts.length >= 4, `${starts.length} transcript lines`);
  const second = starts[1] as number;
  // Evaluated in the page (strings: this program has no DOM types).
  const clockMs = 'document.querySelector("audio").currentTime * 1000';
  const pause = () => page.evaluate('document.querySelector("audio").pause()');
  await waitUntil(`${clockMs} > ${second + 200}`, 60_000);
  const highlighted = () => page.evaluate(`({ ms: ${clockMs}, current: [...document.querySelectorAll('.lines li')].findIndex((item) => item.getAttribute('aria-current') === 'true') })`) as Promise<{ ms: number; current: number }>;
  const playing = await highlighted();
  const expected = starts.findLastIndex((start) => start <= playing.ms);
  t.ok(Math.abs(playing.current - expected) <= 1, `while playing at ${Math.round(playing.ms)} ms the highlight is on line ${playing.current + 1} (the clock says ${expected + 1})`);
  await pause();
  await page.waitForTimeout(200);
  const paused = await highlighted();
  t.equal(paused.current, starts.findLastIndex((start) => start <= paused.ms), 'paused, the highlight is exactly the line at the clock');

  const target = starts.length - 2;
  await page.locator('.lines li').nth(target).getByRole('button').click();
  await waitUntil(`Math.abs(${clockMs} - ${starts[target]}) < 1500`);
  await pause();
  await page.waitForTimeout(200);
  const sought = await highlighted();
  t.equal(sought.current, target, `choosing line ${target + 1} seeks to it (${Math.round(sought.ms)} ms) and highlights it`);

  const chapters = page.locator('section[aria-labelledby="chapters-heading"]');
  if (await chapters.count()) {
    await chapters.getByRole('button').first().click();
    await waitUntil(`${clockMs} < 2000`);
    t.pass('the first chapter seeks to its start');
    await pause();
  }

  const word = ((await page.locator('.lines li .text').nth(2).innerText()).match(/\p{L}{5,}/u) ?? ['light'])[0];
  await page.getByLabel('Search the transcript').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText(/\d+ match(es)? for/).waitFor();
  const marks = await page.locator('.lines mark').allInnerTexts();
  t.ok(marks.length >= 1, `${marks.length} matches of “${word}” marked in the transcript`);
  t.ok(marks.every((mark) => mark.toLowerCase() === word.toLowerCase()), 'each mark is the word searched for');
  await checkPage(t, 'an episode with search results', 'episode');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download MP3' }).click()]);
  t.match(download.suggestedFilename(), /\.mp3$/, 'the MP3 downloads');
  await page.getByRole('switch', { name: /Public/ }).click();
  await page.getByText('The episode is public').waitFor();
  const anonymous = await fetch(`${apiBase}/api${episodeUrl}`, { dispatcher: insecure });
  t.equal(anonymous.status, 200, 'the public switch opened the episode to anyone');
});

t.test('the episode list shows status and duration', async (t) => {
  await page.goto('/episodes/new');
  await page.getByLabel('Your text').fill('Bees dance to tell each other where the flowers are. The angle of the dance points the way and its length says how far.');
  await page.getByLabel('Preset', { exact: true }).selectOption('quick');
  await page.getByRole('button', { name: 'Create episode' }).click();
  await page.waitForURL(/\/episodes\/ep_[^/]+$/);
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await heading(page).getByText('Episodes').waitFor();
  const rows = page.locator('table.list tbody tr');
  await rows.nth(1).waitFor();
  t.equal(await rows.count(), 2, 'both episodes are listed');
  t.match(await rows.last().innerText(), /Ready[\s\S]*\d+ (min|s)/, 'the first episode: ready, with its duration');
  await checkPage(t, 'the episode list', 'episodes');
});

t.test('playlists: add, reorder from the keyboard, the private feed', async (t) => {
  await page.getByRole('link', { name: 'Playlists' }).click();
  await page.getByLabel('Name').fill('Morning listening');
  await page.getByRole('button', { name: 'Create playlist' }).click();
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
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Try again' });
  await refusal.waitFor();
  t.match(await refusal.innerText(), /Try again in \d+ (minutes|seconds)/, 'the 429 in words, with when to try again');
  await checkPage(t, 'a refusal');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
});

t.test('a forgotten password is reset through the e-mail\'s link', async (t) => {
  await checkPage(t, 'sign in', 'sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // Both pages have an "E-mail" field: wait for the new one, or a slow page load fills the old.
  await heading(page).getByText('Forgot your password?').waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByText(/we have sent it a link/).waitFor();
  await checkPage(t, 'forgotten password');
  const mail = await outboxMail(service.dataDir, (message) => /Reset your Castwright password/.test(message.subject ?? ''));
  const link = linkIn(mail);
  t.match(link, `${service.baseUrl}/reset-password?token=`);
  await page.goto(link);
  await heading(page).getByText('Choose a new password').waitFor();
  await checkPage(t, 'reset password', 'reset-password');
  password = 'Brighter3beam';
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.getByText('Your password has been changed').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await heading(page).getByText('Sign in').waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/episodes');
  t.pass('signed in with the new password');
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, [], 'no CSP violations');
  t.same(pageErrors, [], 'no uncaught errors');
});
