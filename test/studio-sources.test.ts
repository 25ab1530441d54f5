// Many sources in the studio, in a real browser (`castwright start`, Debian's Chromium
// through playwright-core, axe-core): one form takes a web page (served on loopback), a
// pasted text and a PDF; the PDF is stored as a document and the episode made from all
// three; while it is made its page lists the sources, and once it is ready each source
// with the moments it is discussed, which seek the player. Every step is checked where
// it is stored, through the API. STUDIO_SCREENSHOTS=<dir> saves the pages' screenshots.
import t from 'tap';
import { fetch } from 'undici';
import { runCastwright } from '#test-helpers/castwright-cli';
import { articlePage, startLoopbackSite } from '#test-helpers/loopback-site';
import { heading, openStudio } from '#test-helpers/studio-browser';
import { documentBlocks, reportPdf } from '#test-helpers/structured-documents';

// One episode of three sources is read, written and rendered: minutes on a busy 2-core machine.
t.setTimeout(600_000);
const site = await startLoopbackSite(t, {
  '/council': (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage('City council approves the budget', [
    'The city council approved the new budget on Tuesday after a debate that ran late into the night.',
    'The budget raises spending on the tram line by twelve percent, the largest increase in a decade.',
    'The mayor said the tram line will carry forty thousand passengers a day once it opens in two years.',
  ])),
});
const studio = await openStudio((close) => t.teardown(close), {
  chromiumArgs: ['--autoplay-policy=no-user-gesture-required', '--mute-audio'],
  // The page is served on loopback, which only development may fetch.
  env: { OUTBOUND_ALLOW_PRIVATE: '1' },
});
t.comment(`studio build: ${studio.build}`);
const { service, page, insecure, apiBase, policyViolations, pageErrors, checkPage, waitUntil } = studio;
const email = 'curator@example.com';
const password = 'Weave3sources';
const registered = await fetch(`${apiBase}/api/auth/register`, {
  method: 'POST', dispatcher: insecure, headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, name: 'Cora Curator' }),
});
const token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
// The free tier's 10 requests an hour (and its 3 sources) are too few for this walk.
t.equal((await runCastwright(['user', 'set-tier', email, 'professional'], service.env)).code, 0);

async function stored<T>(apiPath: string): Promise<T> {
  const response = await fetch(`${apiBase}${apiPath}`, { dispatcher: insecure, headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}
interface SourceView { index: number; kind: string; title: string; status: string; documentId?: string; timestamps: { timestamp: string; timestampMs: number }[] }
const clockMs = 'document.querySelector("audio").currentTime * 1000';
let episodePath = '';

t.test('one form: a web page, a pasted text and a PDF become one episode', async (t) => {
  await page.goto('/sign-in');
  await studio.signInConfirmed(email, password);
  await page.goto('/episodes/new');
  await heading(page).getByText('New episode').waitFor();
  await page.getByLabel('Several sources').check();
  await page.getByLabel('Web page (source 1)', { exact: true }).fill(`${site.origin}/council`);
  await page.getByLabel('Text (source 2)', { exact: true }).fill(
    'Residents of the east side have waited for the tram line for a decade. Many say the tram line will cut their commute in half. ' +
    'Shop owners on Main Street fear that two years of construction will drive their customers away.',
  );
  await page.getByRole('button', { name: 'Add a document' }).click();
  await page.getByLabel('Document (source 3)', { exact: true }).setInputFiles({
    name: 'gardens.pdf',
    mimeType: 'application/pdf',
    buffer: reportPdf(documentBlocks([
      '# Community gardens',
      'Community gardens have spread across the east side since the city opened its empty lots to volunteers.',
      'The gardeners grow tomatoes, beans and herbs, and give a part of every harvest to the local food bank.',
    ].join('\n')), { header: 'Gardens report', footer: 'Spring' }),
  });
  await page.getByRole('button', { name: 'Add a text' }).click();
  await page.getByRole('button', { name: 'Remove Text (source 4)' }).click();
  t.equal(await page.locator('.source-row').count(), 3, 'a row added and removed again');
  await page.getByLabel('Preset', { exact: true }).selectOption('quick');
  await page.getByLabel('Two hosts').check();
  await checkPage(t, 'a new episode of several sources', 'new-episode-sources');
  await page.getByRole('button', { name: 'Create episode' }).click();
  await page.waitForURL(/\/episodes\/ep_[^/]+$/);
  episodePath = new URL(page.url()).pathname;

  const sources = page.locator('section[aria-labelledby="sources-heading"]');
  await sources.waitFor();
  t.equal(await sources.locator('li').count(), 3, 'the sources are listed while the episode is made');
  const documents = await stored<{ documents: { id: string; filename: string }[] }>('/api/documents');
  t.match(documents.documents, [{ filename: 'gardens.pdf' }], 'the PDF is stored as a document');
  const episode = await stored<{ episode: { sources: SourceView[] } }>(`/api/episodes/${episodePath.split('/').at(-1)}`);
  t.match(episode.episode.sources, [{ index: 0, kind: 'url' }, { index: 1, kind: 'text' }, { index: 2, kind: 'document', documentId: documents.documents[0]?.id }]);
  await page.getByRole('button', { name: /^Play \(/ }).waitFor({ timeout: 300_000 });
});

t.test('the ready episode lists each source with the moments it is discussed, which seek the player', async (t) => {
  const id = episodePath.split('/').at(-1) as string;
  const { sources } = await stored<{ sources: SourceView[] }>(`/api/episodes/${id}/sources`);
  t.match(sources, [{ status: 'read', title: 'City council approves the budget' }, { status: 'read' }, { status: 'read', title: 'Community gardens' }]);
  const section = page.locator('section[aria-labelledby="sources-heading"]');
  await section.waitFor();
  t.match(await section.innerText(), /City council approves the budget[\s\S]*Web page[\s\S]*Community gardens[\s\S]*Document/);
  t.equal(await section.getByRole('link', { name: 'City council approves the budget' }).getAttribute('href'), `${site.origin}/council`, 'a page links to its address');
  for (const source of sources) {
    t.ok(source.timestamps.length > 0, `${source.title}: discussed`);
    t.equal(await section.getByRole('button', { name: new RegExp(`where ${source.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is discussed`) }).count(), source.timestamps.length, `${source.title}: a button per moment`);
  }
  await checkPage(t, 'an episode with its sources', 'episode-sources');
  const moment = (sources[2] as SourceView).timestamps.at(-1) as SourceView['timestamps'][number];
  await section.getByRole('button', { name: `Play from ${moment.timestamp}, where Community gardens is discussed` }).click();
  await page.locator('audio').waitFor({ state: 'visible' });
  await waitUntil(`Math.abs(${clockMs} - ${moment.timestampMs}) < 1500`, 60_000);
  await page.evaluate('document.querySelector("audio").pause()');
  t.pass(`the player seeks to ${moment.timestamp}, where the PDF is discussed`);
});

t.test('no page broke its Content-Security-Policy or threw', async (t) => {
  t.same(policyViolations, []);
  t.same(pageErrors, []);
});
