// The studio in a real browser: `castwright start` (which builds the studio), Debian's
// Chromium through playwright-core, and a person's way through it — sign up, confirm the
// address through the e-mail's link, make an episode from text with the script reviewed
// first (a line edited and given to the other host), follow its progress to 100, play it
// while the transcript follows the audio clock, seek from a line, search; then edit a line
// of the ready episode, record it again and hear the new line in the new revision, restore
// the old revision, and reset the password through the e-mail's link. axe-core checks
// every page; no page may break its CSP. Playlists, webhooks, briefings and the account are
// in studio-collections.test.ts. STUDIO_SCREENSHOTS=<dir> saves screenshots (docs/studio).
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { heading, openStudio } from '#test-helpers/studio-browser';
import { linkIn, outboxMail } from '#test-helpers/studio-service';
import { until } from '#test-helpers/until';

// One episode is rendered three times on the way (once whole, then one line, then nothing); minutes on a busy 2-core machine.
t.setTimeout(600_000);
const studio = await openStudio((close) => t.teardown(close), { chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'], acceptDownloads: true });
t.comment(`studio build: ${studio.build}`);
const { service, context, page, insecure, apiBase, policyViolations, pageErrors, consoleErrors, checkPage, waitUntil } = studio;

const email = 'listener@example.com';
let password = 'Listen2podcasts';
let token = '';

/** What the API has stored, read as the owner (a session of its own, beside the browser's). */
async function stored<T>(apiPath: string): Promise<T> {
  if (!token) {
    const login = await fetch(`${apiBase}/api/auth/login`, { method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  }
  const response = await fetch(`${apiBase}${apiPath}`, { dispatcher: insecure, headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}
interface Segment { text: string; startTimeMs: number; endTimeMs: number }
/** Evaluated in the page (strings: this program has no DOM types). */
const clockMs = 'document.querySelector("audio").currentTime * 1000';

t.test('sign up; the session survives a reload and its refresh token is out of page script\'s reach', async (t) => {
  const response = await page.goto('/');
  t.equal(response?.status(), 200);
  t.match(response?.headers()['content-security-policy'], /script-src 'self'/, 'the page carries the strict CSP');
  await t.resolves(heading(page).getByText('Turn what you read into a podcast').waitFor());
  // A visitor's first page asks for no session it does not have: nothing in the console (it was a 401 from the session probe).
  await checkPage(t, 'the start page');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await heading(page).getByText('Create an account').waitFor();
  await checkPage(t, 'sign up', 'sign-up');
  await page.getByLabel('Name').fill('Lee Listener');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('onlylowercase');
  const refusal = page.getByRole('alert');
  await studio.expectConsoleErrors(/status of 400/, async () => {
    await page.getByRole('button', { name: 'Create account' }).click();
    await refusal.waitFor();
  });
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
  t.equal(await page.evaluate('document.cookie'), '__Secure-castwright-signed-in=1', 'page script sees only the hint that a session may be here, never a token');
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
interface Heard { src: string; duration: number }
/** The audio of revision 1 as the player had it. */
let first: Heard = { src: '', duration: 0 };

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
  await page.getByLabel('Text of line 1', { exact: true }).waitFor();
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
  // Every value the bar shows on the way, until it shows 100.
  const seen: number[] = [];
  await until('the progress bar at 100', async () => {
    const value = Number(await bar.getAttribute('value').catch(() => NaN));
    if (Number.isFinite(value) && value !== seen.at(-1)) seen.push(value);
    return value === 100;
  }, 180_000, 100).catch(() => undefined);
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
  const pause = () => page.evaluate('document.querySelector("audio").pause()');
  await waitUntil(`${clockMs} > ${second + 200}`, 60_000);
  const highlightAtClock = `(() => { const items = [...document.querySelectorAll('.lines li')];
    return items.findIndex((item) => item.getAttribute('aria-current') === 'true') === items.map((item) => Number(item.getAttribute('data-start'))).findLastIndex((start) => start <= ${clockMs}); })()`;
  const highlighted = () => page.evaluate(`({ ms: ${clockMs}, current: [...document.querySelectorAll('.lines li')].findIndex((item) => item.getAttribute('aria-current') === 'true') })`) as Promise<{ ms: number; current: number }>;
  const playing = await highlighted();
  const expected = starts.findLastIndex((start) => start <= playing.ms);
  t.ok(Math.abs(playing.current - expected) <= 1, `while playing at ${Math.round(playing.ms)} ms the highlight is on line ${playing.current + 1} (the clock says ${expected + 1})`);
  await pause();
  // The highlight follows the clock's last update: wait for the page to catch up with the pause.
  await waitUntil(highlightAtClock);
  const paused = await highlighted();
  t.equal(paused.current, starts.findLastIndex((start) => start <= paused.ms), 'paused, the highlight is exactly the line at the clock');

  const target = starts.length - 2;
  await page.locator('.lines li').nth(target).getByRole('button').click();
  await waitUntil(`Math.abs(${clockMs} - ${starts[target]}) < 1500`);
  await pause();
  await waitUntil(highlightAtClock);
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
  first = (await page.evaluate('({ src: document.querySelector("audio").src, duration: document.querySelector("audio").duration })')) as Heard;
  t.match(first, { src: /\/api\/episodes\/[^/]+\/audio\?token=/, duration: Number }, 'the private audio streams from a signed address (no blob: the whole file is never fetched first)');
});

/** Said after the line chosen for the edit, so the new line is longer than the old by a sentence. */
const ADDED = 'And on a clear night, sailors twenty miles out could see that beam sweep across the water.';
let editedIndex = 2;
let edited = '';
let before: Segment[] = [];

/** Waits on the editor until the recording started there is published, and returns the panel's words for it. */
async function recorded(revision: number): Promise<string> {
  // Only the published revision is waited for: a quick recording may never show its progress bar.
  const done = page.getByText(`Revision ${revision} is published:`);
  await done.waitFor({ timeout: 180_000 });
  return done.innerText();
}

t.test('a line of the ready episode edited and recorded again: the new line is heard in the new revision', async (t) => {
  const id = episodeUrl.split('/').pop() ?? '';
  before = (await stored<{ segments: Segment[] }>(`/api/episodes/${id}/transcript`)).segments;
  editedIndex = Math.min(2, before.length - 2);
  edited = `${before[editedIndex]?.text} ${ADDED}`;
  await page.goto(episodeUrl);
  await page.getByText('Revision 1', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Edit the script' }).click();
  await heading(page).getByText(/^Script: /).waitFor();
  await page.getByText('The script is as revision 1 says it.').waitFor();
  const line = `line ${editedIndex + 1}`;
  await page.getByLabel(`Text of ${line}`, { exact: true }).fill(edited);
  await page.getByRole('button', { name: `Save ${line}`, exact: true }).click();
  await page.getByText(`Line ${editedIndex + 1} saved.`).waitFor();
  await page.getByText('1 line changed since revision 1 was published').waitFor();
  await page.locator('.script li.unpublished').first().waitFor();
  t.equal(await page.locator('.script li.unpublished').count(), 1, 'the one changed line is marked');
  t.equal(await page.locator('.script li.unpublished textarea').inputValue(), edited, 'the edited one');
  await checkPage(t, 'the script editor with a change to record', 'script-editor');

  // Every status the recording panel shows is kept as the page renders it, so a render
  // quicker than a poll is still seen: the page says it between the 202 and the ready.
  await page.evaluate(`window.recordingStatuses = [];
    new MutationObserver(() => {
      const status = document.querySelector('.render-panel [role=status]')?.textContent;
      if (status && window.recordingStatuses.at(-1) !== status) window.recordingStatuses.push(status);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });`);
  await page.getByRole('button', { name: 'Re-render' }).click();
  t.match(await recorded(2), /Revision 2 is published: 1 line voiced, \d+ lines reused/, 'only the changed line was voiced');
  const statuses = (await page.evaluate('window.recordingStatuses')) as string[];
  const voicing = `Voicing only the 1 line that changed (line ${editedIndex + 1}); every other line is reused.`;
  t.ok(statuses.some((status) => status.startsWith(voicing)), `while it records, the page says which line is being voiced: ${JSON.stringify(statuses)}`);
  await page.getByRole('table', { name: /Revisions of this episode/ }).waitFor();
  await checkPage(t, 'the revisions after a re-render', 'revisions');

  const after = (await stored<{ segments: Segment[] }>(`/api/episodes/${id}/transcript`)).segments;
  t.equal(after[editedIndex]?.text, edited, 'the transcript says the new line');
  const timing = (segments: Segment[]) => segments.map(({ text, startTimeMs, endTimeMs }) => ({ text, startTimeMs, endTimeMs }));
  t.same(timing(after.slice(0, editedIndex)), timing(before.slice(0, editedIndex)), 'lines before it keep their times');
  const shift = (after[editedIndex]?.endTimeMs ?? 0) - (before[editedIndex]?.endTimeMs ?? 0);
  t.ok(shift > 1000, `the longer line is ${shift} ms longer`);

  await page.getByRole('link', { name: 'Back to the episode' }).click();
  await page.getByText('Revision 2', { exact: true }).waitFor();
  const row = page.locator('.lines li').nth(editedIndex);
  t.equal(await row.locator('.text').innerText(), edited, 'the episode page shows the new line');
  t.equal(Number(await row.getAttribute('data-start')), after[editedIndex]?.startTimeMs, 'at its new time');
  await row.getByRole('button').click();
  const target = after[editedIndex] as Segment;
  await waitUntil(`${clockMs} > ${target.startTimeMs + 300}`, 60_000);
  const heard = (await page.evaluate(`({ src: document.querySelector("audio").src, duration: document.querySelector("audio").duration, ms: ${clockMs},
    current: document.querySelector('.lines li[aria-current="true"] .text').textContent })`)) as Heard & { ms: number; current: string };
  await page.evaluate('document.querySelector("audio").pause()');
  t.ok(heard.ms >= target.startTimeMs && heard.ms < target.endTimeMs, `the clock (${Math.round(heard.ms)} ms) is inside the new line (${target.startTimeMs}–${target.endTimeMs} ms)`);
  t.equal(heard.current, edited, 'and the line highlighted while it plays is the new one');
  t.match(heard.src, /\/audio\?token=2\./, 'from a signed address of revision 2');
  t.not(heard.src, first.src, 'the player took the new revision\'s audio');
  t.ok(Math.abs(heard.duration - first.duration - shift / 1000) < 1, `which is longer by the new line (${first.duration.toFixed(1)} s → ${heard.duration.toFixed(1)} s)`);
});

t.test('the old revision restored: recorded from stored lines, the old line back', async (t) => {
  const id = episodeUrl.split('/').pop() ?? '';
  await page.getByRole('link', { name: 'Edit the script' }).click();
  await page.getByRole('table', { name: /Revisions of this episode/ }).waitFor();
  await page.getByRole('button', { name: 'Restore revision 1' }).click();
  const dialog = page.getByRole('dialog');
  t.match(await dialog.innerText(), /Restore revision 1\? Its script becomes the current script/, 'a confirmation says what it does');
  await checkPage(t, 'the restore confirmation');
  await dialog.getByRole('button', { name: 'Restore and record' }).click();
  t.match(await recorded(3), /Revision 3 is published: 0 lines voiced/, 'nothing voiced: every line was stored');
  const { revisions } = await stored<{ revisions: { revision: number; status: string; restoredFrom: number | null }[] }>(`/api/episodes/${id}/revisions`);
  t.match(revisions, [{ revision: 3, status: 'published', restoredFrom: 1 }, { revision: 2, status: 'replaced' }, { revision: 1, status: 'replaced' }]);
  const restored = (await stored<{ segments: Segment[] }>(`/api/episodes/${id}/transcript`)).segments;
  t.same(restored.map((segment) => segment.text), before.map((segment) => segment.text), 'the transcript says revision 1\'s lines again');
  await page.getByRole('link', { name: 'Back to the episode' }).click();
  await page.getByText('Revision 3', { exact: true }).waitFor();
  t.equal(await page.locator('.lines li .text').nth(editedIndex).innerText(), before[editedIndex]?.text);
});

t.test('the episode list shows status and duration; the public switch', async (t) => {
  await page.getByRole('switch', { name: /Public/ }).click();
  await page.getByText('The episode is public').waitFor();
  const anonymous = await fetch(`${apiBase}/api${episodeUrl}`, { dispatcher: insecure });
  t.equal(anonymous.status, 200, 'the public switch opened the episode to anyone');
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await heading(page).getByText('Episodes').waitFor();
  t.match(await page.locator('table.list tbody tr').first().innerText(), /Ready[\s\S]*\d+ (min|s)/, 'ready, with its duration');
  await checkPage(t, 'the episode list', 'episodes');
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
  t.same(consoleErrors, [], 'no console errors on any page');
});
