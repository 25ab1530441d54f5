// Article extraction from real loopback pages: Readability's main text without the
// boilerplate, charsets from the header or <meta>, plain text taken whole, and the
// fetcher's refusals passed through.
import t from 'tap';
import type { ServerResponse } from 'node:http';
import { PermanentError } from '@castwright/core/errors';
import { fetchArticleText, titledBlocks } from '@castwright/content/ingest/web-article';
import { usableText } from '@castwright/content/text/clean-text';
import { outboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { articlePage, BEE_PARAGRAPHS, startLoopbackSite } from '#test-helpers/loopback-site';

const send = (contentType: string, body: string | Buffer) => (_request: unknown, response: ServerResponse) =>
  void response.writeHead(200, { 'content-type': contentType }).end(body);

const latin1Page = Buffer.from(
  `<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>Caf\u00e9</title></head>` +
    `<body><article>${BEE_PARAGRAPHS.map((paragraph) => `<p>${paragraph} Caf\u00e9 cr\u00e8me.</p>`).join('')}</article></body></html>`,
  'latin1',
);

const server = await startLoopbackSite(t, {
  '/article': send('text/html; charset=utf-8', articlePage('How bees talk', BEE_PARAGRAPHS)),
  '/moved': (_request, response) => void response.writeHead(301, { location: '/article' }).end(),
  '/latin1-meta': send('text/html', latin1Page),
  '/latin1-header': send('text/html; charset=windows-1252', latin1Page),
  '/plain': send('text/plain; charset=utf-8', 'Line one of a plain note.\r\n\r\n\r\nLine   two, with  spaces.'),
  '/empty': send('text/html', '<html><head><title>App</title></head><body><div id="root"></div><script>render(document.getElementById("root"));</script></body></html>'),
  '/image': send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
});
const allowed = outboundPolicy({ allowPrivateAddresses: true });

t.test('Readability extracts the article and leaves navigation, banners and footers behind', async (t) => {
  const article = await fetchArticleText(`${server.origin}/moved`, allowed);
  t.equal(article.title, 'How bees talk | The Site');
  const text = usableText(titledBlocks(article));
  for (const paragraph of BEE_PARAGRAPHS) t.ok(text.includes(paragraph), `keeps: ${paragraph.slice(0, 30)}…`);
  t.notMatch(text, /Subscribe|newsletter|banner boilerplate|All rights reserved|Another story/);
  t.match(text, /kilometre\.\n\nKarl von Frisch/, 'paragraphs stay separate');
  t.match(text, /^# How bees talk\n\n/, 'under the page title (without the site name) as a heading');
});

t.test('the charset comes from the header, else from <meta>', async (t) => {
  for (const path of ['/latin1-meta', '/latin1-header']) {
    const article = await fetchArticleText(`${server.origin}${path}`, allowed);
    t.match(usableText(article.blocks), /Café crème\./, path);
    t.equal(article.title, 'Café');
  }
});

t.test('plain text is taken whole and cleaned', async (t) => {
  const plain = await fetchArticleText(`${server.origin}/plain`, allowed);
  t.equal(plain.title, null);
  t.equal(usableText(plain.blocks), 'Line one of a plain note.\n\nLine two, with spaces.');
});

t.test('a page without readable text, a non-text page and a private address are refused', async (t) => {
  await t.rejects(fetchArticleText(`${server.origin}/empty`, allowed), { constructor: PermanentError, message: 'The page has no readable text' });
  await t.rejects(fetchArticleText(`${server.origin}/image`, allowed), { constructor: PermanentError, message: 'The page is not HTML or text (image/png)' });
  const before = server.requests.length;
  await t.rejects(fetchArticleText(`${server.origin}/article`, outboundPolicy()), { constructor: PermanentError, message: /private network address/ });
  t.equal(server.requests.length, before, 'the refused fetch made no request');
});
