import t from 'tap';
import { request as httpRequest } from 'node:http';
import { startTestApi } from '#test-helpers/test-api';

function plainHttp(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('HTTPS is served; plain HTTP on the same port gets a 400 in the error format', async (t) => {
  const api = await startTestApi(t);
  const health = await api.request('/api/health');
  t.equal(health.status, 200);
  t.same(await health.json(), { success: true, status: 'ok', database: 'ok' });

  const plain = await plainHttp(api.api.port, '/api/health');
  t.equal(plain.status, 400);
  t.same(JSON.parse(plain.body), { success: false, error: 'HTTPS required', message: 'This service is only available over HTTPS' });
  const spoofed = await plainHttp(api.api.port, '/api/health', { 'x-forwarded-proto': 'https' });
  t.equal(spoofed.status, 400, 'X-Forwarded-Proto is ignored unless TRUST_PROXY is set');
});

t.test('behind a trusted proxy, X-Forwarded-Proto decides', async (t) => {
  const api = await startTestApi(t, { TRUST_PROXY: '1' });
  t.equal((await plainHttp(api.api.port, '/api/health', { 'x-forwarded-proto': 'https' })).status, 200);
  t.equal((await plainHttp(api.api.port, '/api/health', { 'x-forwarded-proto': 'http' })).status, 400);
  t.equal((await plainHttp(api.api.port, '/api/health')).status, 400, 'no header: not known to be HTTPS');
});

t.test('the OpenAPI document is generated from the routes', async (t) => {
  const api = await startTestApi(t);
  const document = (await (await api.request('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  t.equal(document.openapi, '3.1.0');
  for (const [path, method] of [
    ['/api/auth/register', 'post'],
    ['/api/episodes', 'post'],
    ['/api/episodes/{id}/stream', 'get'],
    ['/api/episodes/{id}/audio', 'get'],
    ['/api/episodes/{id}/transcript', 'get'],
  ] as const) {
    t.ok(document.paths[path]?.[method], `${method.toUpperCase()} ${path} is documented`);
  }
});
