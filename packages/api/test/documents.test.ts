// Documents kept for use as episode sources, through the real API: stored after the
// checks an upload gets (type by magic bytes, zip bombs, the tier's size), listed, read
// and deleted by their owner only, in the account export, and gone with the account.
import t, { type Test } from 'tap';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FormData } from 'undici';
import { updateUserTier } from '@castwright/core/repositories/users';
import { TIER_LIMITS } from '@castwright/core/tiers';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';
import { deflatedZeros, docxEntries, minimalPdf, pngBytes, zipArchive } from '#test-helpers/test-documents';

const api = await startTestApi(t);
const MB = 1024 * 1024;

async function user(tier: 'free' | 'creator' = 'creator') {
  const registered = await registerUser(api);
  if (tier !== 'free') await updateUserTier(api.database.db, registered.email, tier);
  return registered;
}

function store(token: string, files: { bytes: Buffer; name: string }[]) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes]), file.name);
  return api.request('/api/documents', { method: 'POST', token, body: form });
}

async function storedDocuments(userId: string): Promise<string[]> {
  return readdir(path.join(api.config.dataDir, 'storage', 'documents', userId), { recursive: true }).catch(() => []);
}

async function nothingStored(t: Test, userId: string) {
  const rows = await api.database.db.selectFrom('documents').select('id').where('user_id', '=', userId).execute();
  t.equal(rows.length, 0, 'no document row');
  t.same(await storedDocuments(userId), [], 'no stored file');
}

const PDF = { bytes: minimalPdf(['Octopuses have three hearts and blue blood.', 'Each arm can taste what it touches.']), name: 'octopus facts.pdf' };

t.test('a document is stored, listed, read and deleted by its owner; another account sees nothing', async (t) => {
  const owner = await user();
  const created = await store(owner.accessToken, [PDF]);
  t.equal(created.status, 201);
  const body = await json(created);
  t.match(body, { success: true, document: { id: /^doc_/, filename: 'octopus facts.pdf', type: 'pdf', bytes: PDF.bytes.length, createdAt: String } });
  const id = body.document.id as string;
  const row = await api.database.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  t.match(row, { user_id: owner.userId, document_type: 'pdf', storage_key: `documents/${owner.userId}/${id}/original.pdf`, sha256: /^[0-9a-f]{64}$/ });
  t.same(await storedDocuments(owner.userId), [id, `${id}/original.pdf`], 'the original is stored under the account');

  const second = await json(await store(owner.accessToken, [{ bytes: Buffer.from('# Tides\n\nThe moon pulls the oceans.'), name: 'tides.md' }]));
  const listed = await json(await api.request('/api/documents?limit=1', { token: owner.accessToken }));
  t.match(listed, { success: true, pagination: { total: 2, limit: 1, offset: 0 } });
  t.same(listed.documents.map((document: { id: string }) => document.id), [second.document.id], 'newest first');
  t.match(await json(await api.request(`/api/documents/${id}`, { token: owner.accessToken })), { document: { id, type: 'pdf' } });

  const other = await user();
  const foreign = await api.request(`/api/documents/${id}`, { token: other.accessToken });
  t.equal(foreign.status, 404, "another account's document is not found");
  t.match(await json(foreign), { success: false, error: 'Not found', message: 'Document not found' });
  t.equal((await api.request(`/api/documents/${id}`, { method: 'DELETE', token: other.accessToken })).status, 404, 'nor deleted by it');
  t.match(await json(await api.request('/api/documents', { token: other.accessToken })), { documents: [], pagination: { total: 0 } });

  const deleted = await api.request(`/api/documents/${id}`, { method: 'DELETE', token: owner.accessToken });
  t.equal(deleted.status, 200);
  t.equal((await api.request(`/api/documents/${id}`, { token: owner.accessToken })).status, 404, 'gone');
  t.notOk((await storedDocuments(owner.userId)).includes(`${id}/original.pdf`), 'its file is gone');
});

t.test('a document gets the checks of an upload, and a refusal stores nothing', async (t) => {
  const owner = await user('free');
  const bomb = zipArchive([...docxEntries(['tiny']), await deflatedZeros('word/media/zeros.bin', 200 * MB)]);
  const cases: [string, { bytes: Buffer; name: string }[], number, RegExp][] = [
    ['a DOCX zip bomb', [{ bytes: bomb, name: 'bomb.docx' }], 400, /expand past 50 MB/],
    ['a PNG named .pdf', [{ bytes: pngBytes(), name: 'picture.pdf' }], 400, /must be one of PDF, DOCX, DOC, TXT, MD/],
    ['text that is not UTF-8', [{ bytes: Buffer.from([0x66, 0xff, 0xfe, 0x20]), name: 'notes.txt' }], 400, /UTF-8/],
    ['two files', [PDF, PDF], 400, /exactly one file/],
    ['no file', [], 400, /file.*required/],
    ['beyond the free tier\'s 5 MB', [{ bytes: Buffer.alloc(TIER_LIMITS.free.maxUploadBytes + 1, 0x61), name: 'long.txt' }], 413, /5 MB upload limit of the free tier/],
  ];
  for (const [name, files, status, message] of cases) {
    const response = await store(owner.accessToken, files);
    t.equal(response.status, status, name);
    t.match(await json(response), { success: false, message }, name);
  }
  t.equal((await api.request('/api/documents', { method: 'POST', token: owner.accessToken, json: { file: 'x' } })).status, 415, 'multipart only');
  t.equal((await api.request('/api/documents')).status, 401);
  await nothingStored(t, owner.userId);
});

t.test('documents are in the account export and go with the account', async (t) => {
  const owner = await user();
  const { document } = await json(await store(owner.accessToken, [PDF]));
  const exported = await json(await api.request('/api/user/export', { token: owner.accessToken }));
  t.same(exported.documents.map((entry: { id: string; filename: string }) => [entry.id, entry.filename]), [[document.id, 'octopus facts.pdf']]);
  const closed = await api.request('/api/user/account', { method: 'DELETE', token: owner.accessToken, json: { password: owner.password, confirm: 'DELETE' } });
  t.equal(closed.status, 200);
  await nothingStored(t, owner.userId);
});
