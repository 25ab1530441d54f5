// The studio's authoring pages in a real browser (`castwright start`, Debian's Chromium
// through playwright-core, axe-core): the pronunciation lexicon (add, an IPA symbol from
// its keys, the API's 400 and 409 in words, the entry a 409 names opened to change, a
// change, a filter, a deletion undone, all from the keyboard where a person would), and an
// episode asked for in minutes, reviewed first: the episode page says its planned length
// and the length note, and the review editor keeps and changes the script's sections
// (chapters) when a title is changed, a line inserted and a section's first line removed;
// a lively episode's reactions are set in under their lines with the word they follow,
// which the editor moves, and a cut-in says how early it starts.
// Nothing here is rendered, so it runs in about a minute. Every change is checked where it
// is stored, through the API. STUDIO_SCREENSHOTS=<dir> saves the pages' screenshots.
import t, { type Test } from 'tap';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fetch } from 'undici';
import { STUDIO_DIST } from '@castwright/studio/build';
import { runCastwright } from '#test-helpers/castwright-cli';
import { readFixture } from '#test-helpers/fixtures';
import { openStudio } from '#test-helpers/studio-browser';
import { until } from '#test-helpers/until';

t.setTimeout(300_000);
const studio = await openStudio((close) => t.teardown(close));
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, consoleErrors } = studio;
const email = 'author@example.com';
const password = 'Write2listen';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, name: 'Ada Author' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
// The free tier's 10 requests an hour are too few for these pages and the checks beside them.
t.equal((await runCastwright(['user', 'set-tier', email, 'professional'], service.env)).code, 0);

/** What the API has stored, read as its owner. */
async function stored<T>(apiPath: string): Promise<T> {
  const response = await fetch(`${apiBase}${apiPath}`, { dispatcher: insecure, headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}
interface Entry { id: string; term: string; sayAs: string | null; ipa: string | null; caseSensitive: boolean }
const lexicon = async () => (await stored<{ pronunciations: Entry[] }>('/api/pronunciations')).pronunciations;

/** axe on the page as it stands, and a screenshot of it when asked for. */
async function checkPage(t: Test, name: string, screenshot?: string): Promise<void> {
  t.same(await studio.inspect(screenshot), [], `axe: no serious or critical violations on ${name}`);
}

/**
 * The JavaScript a page loads when it is the first page opened, as sent: the gzip copies the
 * server sends as they are (the larger of its two; Brotli is smaller), in bytes.
 */
async function firstPageScriptBytes(url: string, ready: () => Promise<unknown>): Promise<{ files: number; bytes: number }> {
  const scripts = new Set<string>();
  const seen = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  };
  page.on('response', seen);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', seen);
  let bytes = 0;
  for (const script of scripts) bytes += (await stat(path.join(STUDIO_DIST, `${script}.gz`))).size;
  return { files: scripts.size, bytes };
}
const BUDGET = 100 * 1024;

const focusedId = () => page.evaluate('document.activeElement && document.activeElement.id');
/** Where the focus is once it has moved: the page moves it a frame after drawing the change (focus.ts). */
async function focusedOn(expected: string | null): Promise<unknown> {
  await studio.waitUntil(`document.activeElement && document.activeElement.id === ${JSON.stringify(expected)}`).catch(() => undefined);
  return focusedId();
}
const alert = () => page.getByRole('alert').first();

t.test('sign in; the pronunciation page is in the navigation', async (t) => {
  const first = await firstPageScriptBytes('/sign-in', () => page.getByRole('button', { name: 'Sign in' }).waitFor());
  t.ok(first.files >= 2 && first.bytes < BUDGET, `the first page's JavaScript: ${first.files} files, ${(first.bytes / 1024).toFixed(1)} KB compressed (budget 100 KB)`);
  await studio.signInConfirmed(email, password);
  await page.getByRole('link', { name: 'Pronunciation' }).click();
  await page.locator('main h1').getByText('Pronunciation').waitFor();
  await page.getByText('No entries yet').waitFor();
  t.match(await page.getByText(/of at most \d+/).innerText(), /^0 of at most 500$/, 'the bound is shown');
  await checkPage(t, 'the empty lexicon');
});

t.test('an entry added from the keyboard, its stress mark from the IPA keys', async (t) => {
  await page.getByLabel('Term').first().fill('SQL');
  await page.getByLabel('Say it as').first().fill('sequel');
  const ipa = page.getByLabel('IPA', { exact: true }).first();
  await ipa.fill('siːkwəl');
  await ipa.press('Home');
  await page.getByRole('button', { name: 'Insert ˈ, primary stress' }).first().press('Enter');
  t.equal(await ipa.inputValue(), 'ˈsiːkwəl', 'the key put its symbol where the caret was');
  await ipa.press('Enter');
  await page.getByText('Added SQL.').waitFor();
  const row = page.locator('table.entries tbody tr').first();
  t.match(await row.innerText(), /SQL\s+sequel\s+ˈsiːkwəl\s+Any/);
  t.match(await lexicon(), [{ term: 'SQL', sayAs: 'sequel', ipa: 'ˈsiːkwəl', caseSensitive: false }], 'stored as shown');
  t.equal(await page.getByLabel('Term').first().inputValue(), '', 'the form is ready for the next entry');
});

t.test('refusals in words: characters the voices cannot say (400), a term the lexicon has (409)', async (t) => {
  await page.getByLabel('Term').first().fill('Kubernetes');
  await page.getByLabel('IPA', { exact: true }).first().fill("/kuːbər'nɛtiːz/");
  // Both refusals are provoked: the browser logs their 400 and 409, as it logs every refused request.
  const refused = /status of (400|409) .*\/api\/pronunciations\)$/;
  const refusal = await studio.expectConsoleErrors(refused, async () => {
    await page.getByRole('button', { name: 'Add entry' }).click();
    return alert().innerText();
  });
  t.match(refusal, /IPA has characters that are not IPA symbols Kokoro can say/, 'the field by its name on the page');
  t.match(refusal, /leave the slashes around a transcription out/);
  t.match(refusal, /write ˈ \(U\+02C8\) for primary stress/, 'with what to write instead');
  t.notMatch(refusal, /body\.|[{}]/, 'no request paths, no JSON');
  t.equal((await lexicon()).length, 1, 'nothing stored');

  await page.getByLabel('Term').first().fill('sql');
  await page.getByLabel('IPA', { exact: true }).first().fill('');
  await page.getByLabel('Say it as').first().fill('squeal');
  await studio.expectConsoleErrors(refused, async () => {
    await page.getByRole('button', { name: 'Add entry' }).click();
    await alert().getByText(/already has an entry for "SQL" in any capitalisation/).waitFor();
  });
  t.notMatch(await alert().innerText(), /pr_/, 'the entry is offered by its term, not its id');
  t.equal((await lexicon()).length, 1, 'nothing stored');
  await page.getByRole('button', { name: 'Change the entry for SQL' }).click();
  const term = page.getByRole('form', { name: 'Change the entry for SQL' }).getByLabel('Term');
  await term.waitFor();
  const termId = await term.getAttribute('id');
  t.equal(await focusedOn(termId), termId, 'the entry opens with the focus in its term');
});

t.test('a change in the entry\'s row: the respelling changed, the IPA removed', async (t) => {
  const form = page.getByRole('form', { name: 'Change the entry for SQL' });
  await form.getByLabel('Say it as').fill('ess queue ell');
  await form.getByLabel('IPA', { exact: true }).fill('');
  await checkPage(t, 'an entry being changed');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Change SQL' }).waitFor();
  const entryId = await page.getByRole('button', { name: 'Change SQL' }).getAttribute('id');
  t.equal(await focusedOn(entryId), entryId, 'the focus returns to the entry');
  t.match(await lexicon(), [{ term: 'SQL', sayAs: 'ess queue ell', ipa: null }], 'stored: ipa removed, not left as it was');

  // Escape leaves a change without saving.
  await page.getByRole('button', { name: 'Change SQL' }).press('Enter');
  await page.getByRole('form', { name: 'Change the entry for SQL' }).getByLabel('Say it as').fill('nothing kept');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change SQL' }).waitFor();
  t.equal((await lexicon())[0]?.sayAs, 'ess queue ell', 'Escape saved nothing');
});

t.test('more entries, a filter, a deletion undone', async (t) => {
  for (const [termText, ipaText] of [['Nguyen', 'wɪn'], ['Fresnel', 'fɹeɪˈnɛl']] as const) {
    await page.getByLabel('Term').first().fill(termText);
    await page.getByLabel('Say it as').first().fill('');
    await page.getByLabel('IPA', { exact: true }).first().fill(ipaText);
    if (termText === 'Nguyen') await page.getByLabel('Only with this exact capitalisation').first().check();
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByText(`Added ${termText}.`).waitFor();
  }
  t.same(await page.locator('table.entries tbody th').allInnerTexts(), ['Fresnel', 'Nguyen', 'SQL'], 'listed by term');
  t.match(await page.locator('table.entries tbody tr', { hasText: 'Nguyen' }).innerText(), /Exactly as written/);
  t.match(await page.getByText(/of at most \d+/).innerText(), /^3 of at most 500$/);

  await page.getByLabel('Find an entry').fill('ngu');
  t.same(await page.locator('table.entries tbody th').allInnerTexts(), ['Nguyen']);
  await page.getByText('1 of 3 shown').waitFor();
  await page.getByLabel('Find an entry').fill('');
  await page.getByLabel('Find an entry').blur();
  await checkPage(t, 'the lexicon', 'pronunciations');
  const opened = await firstPageScriptBytes('/pronunciations', () => page.getByRole('button', { name: 'Change SQL' }).waitFor());
  t.ok(opened.bytes < BUDGET, `opened first, the pronunciation page's JavaScript: ${opened.files} files, ${(opened.bytes / 1024).toFixed(1)} KB compressed`);

  await page.getByRole('button', { name: 'Delete Nguyen' }).click();
  await page.getByText('Deleted Nguyen.').waitFor();
  t.equal(await focusedOn('undo-delete'), 'undo-delete', 'the focus is on Undo');
  t.same((await lexicon()).map((entry) => entry.term), ['Fresnel', 'SQL'], 'deleted where it is stored');
  await page.keyboard.press('Enter');
  await page.getByText('Nguyen is back.').waitFor();
  t.match((await lexicon()).find((entry) => entry.term === 'Nguyen'), { ipa: 'wɪn', caseSensitive: true }, 'restored as it was');
});

let episodeId = '';

t.test('an episode asked for in minutes: the form offers the tier\'s range; the page says the length planned and the note', async (t) => {
  await page.getByRole('link', { name: 'Episodes', exact: true }).click();
  await page.getByRole('link', { name: 'New episode' }).click();
  await page.getByLabel('Your text').fill(
    'Honey bees dance to tell each other where the flowers are. The angle of the waggle run points the way from the sun, and its length says how far. ' +
    'A forager that found rich clover repeats the dance many times, and others follow her out.',
  );
  await page.getByLabel('In minutes').check();
  const minutes = page.getByLabel('Minutes', { exact: true });
  t.equal(await minutes.getAttribute('max'), '30', 'the professional tier allows up to 30 minutes');
  await minutes.fill('2');
  await page.getByLabel('Two hosts').check();
  await page.getByLabel('Let me review the script before it is recorded').check();
  await checkPage(t, 'new episode in minutes', 'new-episode');
  await page.getByRole('button', { name: 'Create episode' }).click();
  await page.waitForURL(/\/episodes\/ep_[^/]+$/);
  episodeId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('link', { name: 'Review the script' }).waitFor({ timeout: 120_000 });
  await page.getByText('Planned for 2 minutes').waitFor();
  const { episode } = await stored<{ episode: { durationMinutes: number; lengthNote: string | null; format: string; reactions: string } }>(`/api/episodes/${episodeId}`);
  t.equal(episode.durationMinutes, 2, 'asked for in minutes');
  t.match(episode, { format: 'deep_dive', reactions: 'some' }, 'the form\'s format and reactions, as they start');
  await page.getByText('Deep dive, some reactions').waitFor();
  t.ok(episode.lengthNote, `the source is short of 2 minutes, so there is a note: ${episode.lengthNote}`);
  if (episode.lengthNote) t.equal(await page.locator('.length-note').innerText(), episode.lengthNote, 'the page shows it');
  await checkPage(t, 'an episode waiting for review, with its length note');
});

interface Line { speaker: string; text: string; section?: string }
const script = async () => (await stored<{ lines: Line[] }>(`/api/episodes/${episodeId}/script`)).lines;

t.test('the review editor shows the sections and keeps them through every change', async (t) => {
  await page.getByRole('link', { name: 'Review the script' }).click();
  await page.getByLabel('Text of line 1', { exact: true }).waitFor();
  await checkPage(t, 'script review with sections', 'script-review');
  const before = await script();
  const openers = before.flatMap((line, index) => (line.section ? [index] : []));
  t.ok(openers.length >= 2, `the script has sections (${before.map((line) => line.section).filter(Boolean).join(', ')})`);
  const first = openers[0] as number;
  const second = openers[1] as number;
  t.equal(await page.getByLabel(`Section title at line ${first + 1}`).inputValue(), before[first]?.section, 'a line that opens a section shows its title');

  await page.getByLabel(`Section title at line ${first + 1}`).fill('Why bees dance');
  await page.getByRole('button', { name: `Save line ${first + 1}`, exact: true }).click();
  await page.getByText(`Line ${first + 1} saved.`).waitFor();
  let lines = await script();
  t.equal(lines[first]?.section, 'Why bees dance', 'the title is changed');
  t.same(lines.map((line) => line.section ?? null).filter((_, index) => index !== first), before.map((line) => line.section ?? null).filter((_, index) => index !== first), 'the other sections are kept');

  await page.getByRole('button', { name: 'Insert a line after line 1', exact: true }).click();
  await page.getByLabel('Text of the new line after line 1').fill('Wait, bees can count distances?');
  await page.getByRole('button', { name: 'Add the line' }).click();
  await page.getByText('Line 2 added.').waitFor();
  t.equal(await focusedOn('line-1-text'), 'line-1-text', 'the focus is in the new line');
  lines = await script();
  t.equal(lines.length, before.length + 1);
  t.match(lines[1], { text: 'Wait, bees can count distances?' });
  t.notOk(lines[1]?.section, 'an inserted line opens no section');

  // The second section's first line has moved down by the insertion.
  const opener = second + 1;
  const title = lines[opener]?.section;
  await page.getByRole('button', { name: `Remove line ${opener + 1}`, exact: true }).click();
  await page.getByText(`Line ${opener + 1} removed.`).waitFor();
  lines = await script();
  t.equal(lines.length, before.length);
  t.equal(lines[opener]?.section ?? null, title ?? null, 'the removed line\'s section moved to the line after it: the chapter stays');
  t.equal(lines.filter((line) => line.section).length, openers.length, 'no section lost');
  await checkPage(t, 'script review after changes');
});

interface TimedLine extends Line { reaction?: { under: number; afterWord: number }; overlapMs?: number }

t.test('reactions in the editor: set in under their line with the word they follow, moved by the person; a cut-in says how early it starts', async (t) => {
  const created = await fetch(`${apiBase}/api/episodes`, {
    method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content: await readFixture('lighthouses.txt'), preset: 'quick', hostMode: 'multi', reactions: 'lively', reviewScript: true }),
  });
  const id = ((await created.json()) as { episode: { id: string } }).episode.id;
  await until('the lively script to wait for review', async () => ((await stored<{ episode: { status: string } }>(`/api/episodes/${id}`)).episode.status === 'review_script' ? true : undefined), 120_000);
  const lines = (await stored<{ lines: TimedLine[] }>(`/api/episodes/${id}/script`)).lines;
  const reaction = lines.findIndex((line) => line.reaction);
  const cutIn = lines.findIndex((line) => line.overlapMs !== undefined);
  t.ok(reaction > 0 && cutIn > 0, `a reaction (line ${reaction + 1}) and a cut-in (line ${cutIn + 1})`);
  await page.goto(`/episodes/${id}/script`);
  await page.getByLabel('Text of line 1', { exact: true }).waitFor();
  const under = lines[reaction]?.reaction?.under as number;
  const row = page.locator('li.reaction').first();
  t.match(await row.innerText(), new RegExp(`Reaction said under line ${under + 1}, in the pause after`), 'the reaction says which line it is under and after which word');
  const indent = async (index: number) => (await page.getByLabel(`Text of line ${index + 1}`, { exact: true }).boundingBox())?.x ?? 0;
  t.ok((await indent(reaction)) > (await indent(under)), 'and is set in under that line');
  t.equal(await page.getByLabel(`Cuts in, ms before line ${cutIn} ends (line ${cutIn + 1})`).inputValue(), String(lines[cutIn]?.overlapMs), 'the cut-in says how early it starts');
  await checkPage(t, 'script review with reactions', 'script-reactions');

  const field = page.getByLabel(`After word of line ${under + 1}, for the reaction at line ${reaction + 1}`);
  const moved = Number(await field.inputValue()) === 1 ? 2 : 1;
  await field.fill(String(moved));
  await page.getByRole('button', { name: `Save line ${reaction + 1}`, exact: true }).click();
  await page.getByText(`Line ${reaction + 1} saved.`).waitFor();
  const after = (await stored<{ lines: TimedLine[] }>(`/api/episodes/${id}/script`)).lines;
  t.same(after[reaction]?.reaction, { under, afterWord: moved }, 'the reaction now follows the word asked for');
  t.same(after.filter((_, index) => index !== reaction), lines.filter((_, index) => index !== reaction), 'and nothing else changed');
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, [], 'no CSP violations');
  t.same(pageErrors, [], 'no uncaught errors');
  t.same(consoleErrors, [], 'no console errors on any page');
});
