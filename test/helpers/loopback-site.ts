// A tiny web site on 127.0.0.1 for outbound-fetch tests: routes by path, and a count of
// the requests it received so tests can prove a refused fetch never connected.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface LoopbackSite {
  port: number;
  /** http://127.0.0.1:port */
  origin: string;
  /** Every request received, in order. */
  requests: http.IncomingMessage[];
}

export async function startLoopbackSite(t: TestContext, routes: Record<string, Route>): Promise<LoopbackSite> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    const route = routes[new URL(request.url ?? '/', 'http://site').pathname];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}`, requests };
}

/** A page whose main article Readability should find among navigation and footer boilerplate. */
export function articlePage(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title} | The Site</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/subscribe">Subscribe to our newsletter</a></nav>
<header><div class="banner">Breaking: site-wide banner boilerplate</div></header>
<main><article><h1>${title}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</article></main>
<aside><h3>Related</h3><ul><li><a href="/a">Another story about something else</a></li></ul></aside>
<footer><p>Copyright 2024 The Site. All rights reserved. Privacy policy. Cookie settings.</p></footer>
</body></html>`;
}

export const BEE_PARAGRAPHS = [
  'Honeybees tell each other where flowers are by dancing on the comb inside the dark hive.',
  'The angle of the waggle run relative to gravity points to the food relative to the sun, so a forager can follow it outside.',
  'The length of the waggle tells the distance: the longer the run, the farther the flowers, about one second for every kilometre.',
  'Karl von Frisch decoded the dance in the 1940s and shared the Nobel Prize for it in 1973, after decades of careful experiments.',
  'Modern researchers film the dances with high-speed cameras and decode them automatically to map where a colony forages.',
];
