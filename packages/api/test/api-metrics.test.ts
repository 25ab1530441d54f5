// The api's probes and Prometheus metrics on METRICS_PORT: requests by route pattern and
// status, open progress streams, LISTEN reconnects and rate-limit refusals.
import t from 'tap';
import { creator, registerUser, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';

const api = await startTestApi(t, { METRICS_PORT: '0' });
const port = api.api.metricsPort;
const probe = (target: string) => fetch(`http://127.0.0.1:${port}${target}`);

async function sample(name: string, labels = ''): Promise<number | undefined> {
  const text = await (await probe('/metrics')).text();
  const line = text.split('\n').find((candidate) => (candidate.startsWith(`${name}{`) || candidate.startsWith(`${name} `)) && candidate.includes(labels));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

t.test('liveness and readiness answer on METRICS_PORT, not on the public port', async (t) => {
  t.ok(port, 'a listener was started');
  t.equal((await probe('/healthz')).status, 200);
  t.equal((await probe('/readyz')).status, 200);
  t.equal((await api.request('/metrics')).status, 404, 'metrics are not served to the public');
});

t.test('requests are counted by route pattern and status, never by raw path', async (t) => {
  await api.request('/api/health');
  await api.request('/api/episodes/ep_one');
  await api.request('/api/episodes/ep_two');
  t.equal(await sample('castwright_http_request_duration_seconds_count', 'method="GET",route="/api/health",status="200"'), 1);
  t.equal(await sample('castwright_http_request_duration_seconds_count', 'route="/api/episodes/:id",status="401"'), 2);
  const text = await (await probe('/metrics')).text();
  t.notMatch(text, /ep_one/, 'ids never become labels');
  t.match(text, /role="api"/);
});

t.test('open progress streams, LISTEN reconnects and rate-limit refusals', async (t) => {
  const user = await creator(api);
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'Bees dance to share where food is.', preset: 'quick' } });
  const { episode } = (await created.json()) as { episode: { id: string } };
  const controller = new AbortController();
  const stream = await api.request(`/api/episodes/${episode.id}/stream`, { token: user.accessToken, signal: controller.signal });
  t.equal(stream.status, 200);
  t.equal(await sample('castwright_sse_connections'), 1);
  controller.abort();

  t.equal(await sample('castwright_progress_listen_reconnects_total'), 0);
  await api.api.progressHub.dropConnectionForTest();
  await until('the listener to reconnect', async () => (await sample('castwright_progress_listen_reconnects_total')) !== 0, 30_000, 100);
  t.equal(await sample('castwright_progress_listen_reconnects_total'), 1);

  const free = await registerUser(api);
  let refused = 0;
  for (let i = 0; i < 12; i++) if ((await api.request('/api/user/profile', { token: free.accessToken })).status === 429) refused++;
  t.ok(refused >= 1, `${refused} refused`);
  t.ok(((await sample('castwright_rate_limit_refusals_total', 'rule="')) ?? 0) >= refused, 'refusals counted by rule');
});
