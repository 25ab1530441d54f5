// The SSRF-safe fetcher against real loopback servers: address tricks refused before any
// connection, the pinned lookup checking every resolved address, redirects re-checked
// hop by hop, and the size, time and content-type limits enforced while streaming.
import t from 'tap';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PermanentError } from '@castwright/core/errors';
import { safeFetch } from '@castwright/content/fetch/safe-fetch';
import { sendOutbound } from '@castwright/content/fetch/outbound-request';
import { outboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { isPublicAddress } from '@castwright/content/fetch/public-address';
import { pinnedLookup, type LookupFunction } from '@castwright/content/fetch/pinned-lookup';
import { startLoopbackSite, type LoopbackSite, type Route } from '#test-helpers/loopback-site';

const PRIVATE = /private network address/;

const html = (body: string) => (_request: IncomingMessage, response: ServerResponse) =>
  void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

async function site(t: Parameters<typeof startLoopbackSite>[0]): Promise<LoopbackSite> {
  const chain: Record<string, Route> = {};
  for (let n = 1; n <= 6; n++) chain[`/chain/${n}`] = (_request, response) => void response.writeHead(302, { location: `/chain/${n - 1}` }).end();
  return startLoopbackSite(t, {
    '/': html('<p>hello</p>'),
    '/chain/0': html('<p>end of chain</p>'),
    ...chain,
    '/to-file': (_request, response) => void response.writeHead(301, { location: 'file:///etc/passwd' }).end(),
    '/to-second': (request, response) => {
      const port = request.socket.localPort;
      response.writeHead(307, { location: `http://second.test:${port}/host` }).end();
    },
    '/no-location': (_request, response) => void response.writeHead(302).end(),
    '/huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 64 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    },
    '/declared-huge': (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(10 * 1024 * 1024) }).end(),
    '/slow-headers': () => undefined,
    '/slow-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write('tick ')), 50);
    },
    '/png': (_request, response) => void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    '/missing': (_request, response) => void response.writeHead(404, { 'content-type': 'text/plain' }).end('gone'),
    '/broken': (_request, response) => void response.writeHead(503, { 'content-type': 'text/plain' }).end('down'),
    '/echo': (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => void response.writeHead(418, { 'content-type': 'application/json', 'x-method': request.method ?? '' }).end(JSON.stringify({ method: request.method, body: Buffer.concat(chunks).toString('utf8'), signature: request.headers['x-signature'] })));
    },
    '/host': (request, response) =>
      void response.writeHead(200, { 'content-type': 'text/plain' }).end(String(request.headers.host)),
  });
}

t.test('isPublicAddress allows only public unicast, judging embedded IPv4 by itself', async (t) => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
    t.ok(isPublicAddress(address), `${address} is public`);
  }
  for (const address of [
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255',
    '224.0.0.1', '192.0.2.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1', '2002:7f00:1::1', '2002:c0a8:101::1', '2001::1', 'not-an-address',
  ]) {
    t.notOk(isPublicAddress(address), `${address} is refused`);
  }
});

t.test('SSRF tricks are refused without any connection being made', async (t) => {
  const server = await site(t);
  const port = server.port;
  const targets = [
    `http://127.0.0.1:${port}/`, `http://127.1:${port}/`, `http://2130706433:${port}/`, `http://0x7f.0.0.1:${port}/`, `http://0177.0.0.1:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`, `http://[::1]:${port}/`, `http://[::]:${port}/`, `http://0.0.0.0:${port}/`, `http://localhost:${port}/`,
    `http://LOCALHOST.:${port}/`, `http://api.localhost:${port}/`, `http://[64:ff9b::7f00:1]:${port}/`, `http://[::127.0.0.1]:${port}/`,
    'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'http://[fe80::1]/', 'http://[fd00::1]/',
  ];
  for (const target of targets) {
    await t.rejects(safeFetch(target, outboundPolicy()), { constructor: PermanentError, message: PRIVATE }, target);
  }
  t.equal(server.requests.length, 0, 'the loopback server received no request');
});

t.test('only http and https, and no credentials, even where private addresses are allowed', async (t) => {
  const server = await site(t);
  const policy = outboundPolicy({ allowPrivateAddresses: true });
  await t.rejects(safeFetch('file:///etc/passwd', policy), { constructor: PermanentError, message: /only http and https/i });
  await t.rejects(safeFetch(`ftp://127.0.0.1:${server.port}/`, policy), { message: /only http and https/i });
  await t.rejects(safeFetch(`http://user:secret@127.0.0.1:${server.port}/`, policy), { constructor: PermanentError, message: /user name or password/ });
  await t.rejects(safeFetch('not a url', policy), { constructor: PermanentError, message: /not a valid URL/ });
  t.equal(server.requests.length, 0);
});

t.test('a hostname is refused when ANY resolved address is private, before connecting', async (t) => {
  const server = await site(t);
  const asked: string[] = [];
  const resolver = (answer: string[]) => async (hostname: string) => {
    asked.push(hostname);
    return answer;
  };
  for (const answer of [['93.184.216.34', '127.0.0.1'], ['10.0.0.5'], ['2606:4700::1', '::ffff:192.168.0.1'], ['8.8.8.8', 'fe80::1']]) {
    await t.rejects(
      safeFetch(`http://news.test:${server.port}/`, outboundPolicy({ resolve: resolver(answer) })),
      { constructor: PermanentError, message: PRIVATE },
      answer.join(', '),
    );
  }
  t.same(asked, ['news.test', 'news.test', 'news.test', 'news.test'], 'the injected resolver was used');
  t.equal(server.requests.length, 0);
});

t.test('the pinned lookup hands back only checked addresses, in the shape net.connect asks for', async (t) => {
  const lookup: LookupFunction = pinnedLookup(async () => ['93.184.216.34', '2606:2800:220:1::1'], false);
  const call = (options: { family?: number; all?: boolean }) =>
    new Promise<unknown[]>((resolve, reject) => lookup('example.com', options, (error, address, family) => (error ? reject(error) : resolve([address, family]))));
  t.same(await call({ all: true }), [[{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }], undefined]);
  t.same(await call({}), ['93.184.216.34', 4]);
  t.same(await call({ family: 6 }), ['2606:2800:220:1::1', 6]);
  const hostile = pinnedLookup(async () => ['93.184.216.34', '169.254.169.254'], false);
  await t.rejects(
    new Promise((resolve, reject) => hostile('example.com', { all: true }, (error, address) => (error ? reject(error) : resolve(address)))),
    { constructor: PermanentError, message: PRIVATE },
  );
});

t.test('the connection goes to the resolved address while Host stays the original name', async (t) => {
  const server = await site(t);
  let lookups = 0;
  const resolve = async () => {
    lookups++;
    return ['127.0.0.1'];
  };
  const result = await safeFetch(`http://article.test:${server.port}/host`, outboundPolicy({ allowPrivateAddresses: true, resolve }));
  t.equal(result.body.toString(), `article.test:${server.port}`);
  t.equal(lookups, 1, 'resolved once, by the pinned lookup');
});

t.test('with private addresses allowed, a loopback page is fetched', async (t) => {
  const server = await site(t);
  const result = await safeFetch(`${server.origin}/`, outboundPolicy({ allowPrivateAddresses: true }));
  t.equal(result.status, 200);
  t.equal(result.contentType, 'text/html; charset=utf-8');
  t.equal(result.body.toString(), '<p>hello</p>');
  t.equal(result.finalUrl, `${server.origin}/`);
  t.equal(server.requests.length, 1);
});

t.test('redirects are followed by hand, at most maxRedirects, each hop re-checked', async (t) => {
  const server = await site(t);
  const policy = outboundPolicy({ allowPrivateAddresses: true });
  const five = await safeFetch(`${server.origin}/chain/5`, policy);
  t.equal(five.body.toString(), '<p>end of chain</p>');
  t.equal(five.finalUrl, `${server.origin}/chain/0`);
  await t.rejects(safeFetch(`${server.origin}/chain/6`, policy), { constructor: PermanentError, message: /redirects more than 5 times/ });
  await t.rejects(safeFetch(`${server.origin}/chain/2`, outboundPolicy({ allowPrivateAddresses: true, maxRedirects: 1 })), { message: /more than 1 times/ });
  const before = server.requests.length;
  await t.rejects(safeFetch(`${server.origin}/to-file`, policy), { constructor: PermanentError, message: /only http and https/i });
  t.equal(server.requests.length, before + 1, 'the file: hop was never requested');
  await t.rejects(safeFetch(`${server.origin}/no-location`, policy), { constructor: PermanentError, message: /HTTP 302 .*without a Location/ });
});

t.test('a redirect hop is checked like a first address: literals at once, names at the pinned lookup', async (t) => {
  // A hermetic test cannot serve a first hop from a public address, so the two halves are shown
  // separately: every hop goes through parseOutboundUrl and the pinned lookup, and those refuse.
  const server = await site(t);
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return ['127.0.0.1'];
  };
  const followed = await safeFetch(`${server.origin}/to-second`, outboundPolicy({ allowPrivateAddresses: true, resolve }));
  t.equal(followed.body.toString(), `second.test:${server.port}`, 'the redirect target was reached through the pinned lookup');
  t.same(asked, ['second.test']);
  t.equal(followed.finalUrl, `http://second.test:${server.port}/host`);
  const before = server.requests.length;
  await t.rejects(safeFetch('http://169.254.169.254/latest/meta-data/', outboundPolicy({ resolve })), { constructor: PermanentError, message: PRIVATE });
  await t.rejects(safeFetch(`http://second.test:${server.port}/host`, outboundPolicy({ resolve })), { constructor: PermanentError, message: PRIVATE });
  t.equal(server.requests.length, before, 'refused hops connect nowhere');
});

t.test('a body past maxBytes is abandoned while streaming', async (t) => {
  const server = await site(t);
  const started = Date.now();
  await t.rejects(safeFetch(`${server.origin}/huge`, outboundPolicy({ allowPrivateAddresses: true })), {
    constructor: PermanentError,
    message: 'The page is larger than 5 MB',
  });
  t.ok(Date.now() - started < 5_000, 'stopped early, not after 64 MB');
  await t.rejects(safeFetch(`${server.origin}/huge`, outboundPolicy({ allowPrivateAddresses: true, maxBytes: 100 * 1024 })), {
    message: 'The page is larger than 100 KB',
  });
  await t.rejects(safeFetch(`${server.origin}/declared-huge`, outboundPolicy({ allowPrivateAddresses: true })), { message: 'The page is larger than 5 MB' });
});

t.test('slow headers and slow bodies time out with a readable reason', async (t) => {
  const server = await site(t);
  await t.rejects(safeFetch(`${server.origin}/slow-headers`, outboundPolicy({ allowPrivateAddresses: true, headersTimeoutMs: 300 })), {
    constructor: PermanentError,
    message: 'The page did not answer within 0.3 seconds',
  });
  // The body trickles forever: only the total limit can end it (the message is that limit's).
  await t.rejects(safeFetch(`${server.origin}/slow-body`, outboundPolicy({ allowPrivateAddresses: true, bodyTimeoutMs: 400 })), {
    constructor: PermanentError,
    message: 'The page did not finish downloading within 0.4 seconds',
  });
});

t.test('content types outside the allowlist and HTTP errors are refused; 5xx stays retryable', async (t) => {
  const server = await site(t);
  const policy = outboundPolicy({ allowPrivateAddresses: true });
  await t.rejects(safeFetch(`${server.origin}/png`, policy), { constructor: PermanentError, message: 'The page is not HTML or text (image/png)' });
  const png = await safeFetch(`${server.origin}/png`, outboundPolicy({ allowPrivateAddresses: true, allowedContentTypes: ['image/png'] }));
  t.equal(png.body.length, 4, 'another allowlist lets it through');
  await t.rejects(safeFetch(`${server.origin}/missing`, policy), { constructor: PermanentError, message: 'HTTP 404 from 127.0.0.1' });
  const error = await safeFetch(`${server.origin}/broken`, policy).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.match(error, { message: 'HTTP 503 from 127.0.0.1' });
  t.notOk(error instanceof PermanentError, 'a server error is retried');
});

t.test('sendOutbound: any method and body, any status given back, redirects only when asked, a total time limit', async (t) => {
  const server = await site(t);
  const policy = outboundPolicy({ allowPrivateAddresses: true });
  const posted = await sendOutbound(`${server.origin}/echo`, policy, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-signature': 'abc' } });
  t.equal(posted.status, 418, 'a status outside 2xx is an answer, not an error');
  t.same(JSON.parse(posted.body.toString('utf8')), { method: 'POST', body: '{"a":1}', signature: 'abc' }, 'the exact body and headers arrive');
  const head = await sendOutbound(`${server.origin}/echo`, policy, { method: 'HEAD' });
  t.equal(head.headers.get('x-method'), 'HEAD');
  t.equal(head.body.length, 0);
  const redirect = await sendOutbound(`${server.origin}/chain/1`, policy, { followRedirects: false });
  t.equal(redirect.status, 302, 'not followed when not asked to');
  t.equal((await sendOutbound(`${server.origin}/chain/1`, policy)).status, 200, 'followed by default');
  await t.rejects(sendOutbound(`${server.origin}/slow-headers`, policy, { signal: AbortSignal.timeout(300), describedAs: 'The receiver' }), {
    constructor: PermanentError,
    message: 'The receiver did not answer in the time allowed',
  });
  await t.rejects(sendOutbound(`${server.origin}/echo`, outboundPolicy(), { method: 'POST', body: '{}' }), { constructor: PermanentError, message: PRIVATE }, 'the guard holds for POST too');
});
