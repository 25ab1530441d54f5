// ETag and If-Match on playlists, briefings, webhooks and the profile, through the API: a
// single read carries a strong ETag; a change sent with the tag read goes ahead, one sent
// with a tag from before another change is 412 `Precondition failed` and changes nothing;
// `*` and no If-Match at all go ahead (If-Match stays optional). Deletes alike.
import t from 'tap';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1' });
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type User = Awaited<ReturnType<typeof creator>>;

interface Change {
  method: 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
}

interface Resource {
  /** The single read whose ETag guards the changes. */
  read: string;
  /** Two different edits (a first and a competing second). */
  edits: [Change, Change];
  /** Deletes that If-Match guards too (of the resource, or of a part of it). */
  deletes: Change[];
}

async function call(user: User, change: { method?: string; path: string; json?: unknown }, ifMatch?: string) {
  return api.request(change.path, {
    method: change.method ?? 'GET',
    token: user.accessToken,
    ...(change.json !== undefined ? { json: change.json } : {}),
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });
}

async function created(user: User, path: string, body: unknown): Promise<Json> {
  const response = await call(user, { method: 'POST', path, json: body });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return json(response);
}

const RESOURCES: Record<string, (user: User) => Promise<Resource>> = {
  playlist: async (user) => {
    const id = (await created(user, '/api/playlists', { name: 'Walks' })).playlist.id as string;
    const episodes = [];
    for (const content of ['Waves on rocks.', 'Gulls over the harbour.']) {
      const episode = (await created(user, '/api/episodes', { content, preset: 'quick' })).episode.id as string;
      await created(user, `/api/playlists/${id}/episodes`, { episodeId: episode });
      episodes.push(episode);
    }
    return {
      read: `/api/playlists/${id}`,
      edits: [
        { method: 'PUT', path: `/api/playlists/${id}`, json: { name: 'Evening walks' } },
        { method: 'PUT', path: `/api/playlists/${id}`, json: { description: 'By the sea' } },
      ],
      deletes: [
        { method: 'PUT', path: `/api/playlists/${id}/reorder`, json: { episodeIds: [...episodes].reverse() } },
        { method: 'DELETE', path: `/api/playlists/${id}/episodes/${episodes[0]}` },
        { method: 'DELETE', path: `/api/playlists/${id}` },
      ],
    };
  },
  briefing: async (user) => {
    const id = (await created(user, '/api/briefings', { name: 'Morning' })).briefing.id as string;
    const source = (await created(user, `/api/briefings/${id}/sources`, { source_type: 'rss', source_name: 'News', source_url: 'https://news.example.com/feed.xml' })).source.id as string;
    return {
      read: `/api/briefings/${id}`,
      edits: [
        { method: 'PATCH', path: `/api/briefings/${id}`, json: { name: 'Early morning' } },
        { method: 'PATCH', path: `/api/briefings/${id}`, json: { is_active: false } },
      ],
      deletes: [
        { method: 'DELETE', path: `/api/briefings/${id}/sources/${source}` },
        { method: 'DELETE', path: `/api/briefings/${id}` },
      ],
    };
  },
  webhook: async (user) => {
    const id = (await created(user, '/api/webhooks', { url: 'https://hooks.example.com/in' })).webhook.id as string;
    return {
      read: `/api/webhooks/${id}`,
      edits: [
        { method: 'PATCH', path: `/api/webhooks/${id}`, json: { description: 'CI' } },
        { method: 'PATCH', path: `/api/webhooks/${id}`, json: { is_active: false } },
      ],
      deletes: [{ method: 'DELETE', path: `/api/webhooks/${id}` }],
    };
  },
  profile: async () => ({
    read: '/api/user/profile',
    edits: [
      { method: 'PUT', path: '/api/user/profile', json: { name: 'Ada' } },
      { method: 'PUT', path: '/api/user/profile', json: { bio: 'Keeps lighthouses' } },
    ],
    deletes: [],
  }),
};

async function read(user: User, path: string): Promise<{ etag: string; body: string }> {
  const response = await call(user, { path });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  return { etag: response.headers.get('etag') ?? '', body: await response.text() };
}

for (const [name, make] of Object.entries(RESOURCES)) {
  t.test(`${name}: ETag on the single read; a stale If-Match is 412 and changes nothing`, async (t) => {
    const user = await creator(api, 'enterprise');
    const resource = await make(user);
    const first = await read(user, resource.read);
    t.match(first.etag, /^"[A-Za-z0-9_-]{32}"$/, 'a strong, quoted tag');
    t.equal((await read(user, resource.read)).etag, first.etag, 'the same state, the same tag');

    const [edit, competing] = resource.edits;
    const applied = await call(user, edit, first.etag);
    t.equal(applied.status, 200, 'the tag just read lets the change through');
    const second = await read(user, resource.read);
    t.not(second.etag, first.etag, 'the tag moved with the change');

    const stale = await call(user, competing, first.etag);
    t.equal(stale.status, 412);
    t.same(await json(stale), { success: false, error: 'Precondition failed', message: `The ${name} changed since you read it (If-Match does not match its ETag); read it again and re-apply your change` });
    t.same(await read(user, resource.read), second, 'nothing changed');
    t.equal((await call(user, competing, `W/${second.etag}`)).status, 412, 'a weak tag never matches');

    t.equal((await call(user, competing, `"elsewhere", ${second.etag}`)).status, 200, 'one of the listed tags matching is enough');
    t.equal((await call(user, edit, '*')).status, 200, '* goes ahead');
    t.equal((await call(user, competing)).status, 200, 'no If-Match: the change goes ahead');

    for (const removal of resource.deletes) {
      const before = await read(user, resource.read);
      t.equal((await call(user, removal, first.etag)).status, 412, `${removal.method} ${removal.path} with a stale tag`);
      t.same(await read(user, resource.read), before, 'nothing changed');
      t.equal((await call(user, removal, before.etag)).status, 200, `${removal.method} ${removal.path} with the current tag`);
    }
    if (resource.deletes.some((removal) => removal.path === resource.read)) t.equal((await call(user, { path: resource.read })).status, 404, 'deleted');
  });
}

t.test("a playlist's tag moves when what its read shows moves: a member episode renamed", async (t) => {
  const user = await creator(api, 'enterprise');
  const playlist = (await created(user, '/api/playlists', { name: 'Tides' })).playlist.id as string;
  const episode = (await created(user, '/api/episodes', { content: 'The moon pulls the sea.', preset: 'quick' })).episode.id as string;
  await created(user, `/api/playlists/${playlist}/episodes`, { episodeId: episode });
  const before = await read(user, `/api/playlists/${playlist}`);
  await api.database.db.updateTable('episodes').set({ title: 'Moon and sea' }).where('id', '=', episode).execute();
  const after = await read(user, `/api/playlists/${playlist}`);
  t.not(after.etag, before.etag);
  t.equal((await call(user, { method: 'PUT', path: `/api/playlists/${playlist}`, json: { name: 'Tidal' } }, before.etag)).status, 412);
});

t.test('another account reads 404 whatever it sends in If-Match', async (t) => {
  const [owner, other] = [await creator(api), await creator(api)];
  const id = (await created(owner, '/api/webhooks', { url: 'https://hooks.example.com/x' })).webhook.id as string;
  const { etag } = await read(owner, `/api/webhooks/${id}`);
  t.equal((await call(other, { method: 'PATCH', path: `/api/webhooks/${id}`, json: { description: 'mine' } }, etag)).status, 404);
  t.equal((await call(other, { method: 'DELETE', path: `/api/webhooks/${id}` }, '*')).status, 404);
});
