import t, { type Test } from 'tap';
import { readdir } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FormData } from 'undici';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { TIER_LIMITS } from '@castwright/core/tiers';
import { createStorage } from '@castwright/core/storage/create-storage';
import { uploadKey } from '@castwright/core/storage/object-storage';
import { isAnnounced } from '@castwright/content/script/script-sections';
import { PAPER, paperWithBylinePdf, REPORT, wordExportPdf } from '#test-helpers/misleading-documents';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';
import { corruptDoc, deflatedZeros, docxEntries, minimalDocx, minimalPdf, pngBytes, zipArchive } from '#test-helpers/test-documents';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { wordDocument } from '#test-helpers/word-97-document';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);
const { cert } = await loadTlsCredentials(api.config);
const MB = 1024 * 1024;
const PARAGRAPHS = [
  'Octopuses have three hearts and blue blood.',
  'Each arm holds a cluster of neurons that can taste and touch on its own.',
  'They change colour in a fraction of a second to vanish against the rocks.',
];

async function user(tier: 'free' | 'creator' = 'creator') {
  const registered = await registerUser(api);
  if (tier !== 'free') await updateUserTier(api.database.db, registered.email, tier);
  return registered;
}

function upload(token: string, file: { bytes: Buffer; name: string } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  return api.request('/api/episodes/upload', { method: 'POST', token, body: form });
}

/** The workers, started once for the tests that render (the others check what the API alone keeps). */
let started: Promise<void> | undefined;
const workers = () => (started ??= api.startWorkers('all'));

async function storedUploads(): Promise<string[]> {
  const root = path.join(api.config.dataDir, 'storage', 'uploads');
  return readdir(root, { recursive: true }).catch(() => []);
}

async function leftoverTempDirectories(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('castwright-upload-'));
}

/** An upload request written by hand, for clients that misbehave on the wire. */
function rawUpload(token: string, headers: Record<string, string>) {
  return httpsRequest({
    host: '127.0.0.1',
    port: api.api.port,
    path: '/api/episodes/upload',
    method: 'POST',
    ca: cert,
    servername: 'localhost',
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

async function nothingKept(t: Test, userId: string, uploadsBefore: string[]) {
  const rows = await api.database.db.selectFrom('episodes').select('id').where('user_id', '=', userId).execute();
  t.equal(rows.length, 0, 'no episode row');
  const usage = await api.database.db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', userId).executeTakeFirst();
  t.equal(usage?.episodes_created ?? 0, 0, 'no quota used');
  t.same(await storedUploads(), uploadsBefore, 'no stored file');
}

t.test('a PDF upload answers 202 like POST /api/episodes and records the stored original', async (t) => {
  const owner = await user();
  const pdf = minimalPdf(PARAGRAPHS);
  const response = await upload(owner.accessToken, { bytes: pdf, name: 'octopus facts.pdf' }, { hostMode: 'multi', voiceStyle: 'casual' });
  t.equal(response.status, 202);
  const body = await json(response);
  t.match(body, {
    success: true,
    episode: { id: /^ep_/, status: 'queued', preset: 'standard', hostMode: 'multi', createdAt: String },
    quota: { used: 1, limit: 25, remaining: 24 },
  });
  const row = await selectEpisodeById(api.database.db, body.episode.id);
  t.match(row, { source_type: 'upload', source_key: `uploads/${body.episode.id}/original.pdf`, source_filename: 'octopus facts.pdf', voice_style: 'casual', title: 'octopus facts.pdf' });
  t.ok((await storedUploads()).includes(path.join(body.episode.id, 'original.pdf')), 'the original is in storage');
  t.same(await leftoverTempDirectories(), [], 'the temporary file is gone');
});

t.test('deleting an episode, or the whole account, deletes the uploaded original from storage', async (t) => {
  const storage = createStorage(api.config);
  const uploaded = async (token: string, name: string) => {
    const response = await upload(token, { bytes: minimalPdf(PARAGRAPHS), name }, { preset: 'quick' });
    t.equal(response.status, 202, name);
    const id = (await json(response)).episode.id as string;
    const key = uploadKey(id, 'pdf');
    t.ok(await storage.stat(key), `${name}: the original is stored`);
    return { id, key };
  };

  const owner = await user();
  const single = await uploaded(owner.accessToken, 'single.pdf');
  const sibling = await uploaded(owner.accessToken, 'sibling.pdf');
  t.equal((await api.request(`/api/episodes/${single.id}`, { method: 'DELETE', token: owner.accessToken })).status, 200);
  t.equal(await storage.stat(single.key), null, 'the deleted episode’s original is gone');
  t.ok(await storage.stat(sibling.key), 'another episode’s original stays');

  const bystander = await user();
  const others = await uploaded(bystander.accessToken, 'bystander.pdf');
  const deleted = await api.request('/api/user/account', { method: 'DELETE', token: owner.accessToken, json: { password: owner.password, confirm: 'DELETE' } });
  t.equal(deleted.status, 200);
  t.equal(await storage.stat(sibling.key), null, 'the deleted account’s originals are gone');
  t.ok(await storage.stat(others.key), 'another account’s original stays');
});

t.test('wrong or mismatched types are 400s naming the allowed types, and keep nothing', async (t) => {
  const owner = await user();
  const before = await storedUploads();
  const cases: [string, Buffer, string, RegExp][] = [
    ['a PNG renamed .pdf', pngBytes(), 'photo.pdf', /PDF, DOCX, DOC, TXT, MD/],
    ['a PDF named .docx', minimalPdf(['x']), 'report.docx', /PDF, DOCX, DOC, TXT, MD/],
    ['an unsupported extension', Buffer.from('plain words'), 'notes.rtf', /PDF, DOCX, DOC, TXT, MD/],
    ['no extension', Buffer.from('plain words'), 'notes', /PDF, DOCX, DOC, TXT, MD/],
    ['Latin-1 text named .txt', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x73, 0x6f, 0x63]), 'latin1.txt', /UTF-8.*PDF, DOCX, DOC, TXT, MD/],
    ['a NUL byte in .md', Buffer.from('# Title\u0000'), 'nul.md', /UTF-8/],
    ['a zip that is not a Word document', zipArchive(docxEntries(['x']).slice(0, 2)), 'fake.docx', /not a Word document/],
    ['an empty file', Buffer.alloc(0), 'empty.txt', /empty/],
  ];
  for (const [name, bytes, filename, message] of cases) {
    const response = await upload(owner.accessToken, { bytes, name: filename }, { preset: 'quick' });
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message }, name);
  }
  await nothingKept(t, owner.userId, before);
  t.same(await leftoverTempDirectories(), []);
});

t.test('a DOCX zip bomb is refused at upload, from its central directory', async (t) => {
  const owner = await user();
  const before = await storedUploads();
  const bomb = zipArchive([...docxEntries(['tiny']), await deflatedZeros('word/media/zeros.bin', 200 * MB)]);
  // The message is the central-directory check's (packages/content/test/documents.test.ts shows it inflates nothing).
  const response = await upload(owner.accessToken, { bytes: bomb, name: 'bomb.docx' });
  t.equal(response.status, 400);
  t.match(await json(response), { success: false, message: /expand past 50 MB/ });
  await nothingKept(t, owner.userId, before);
});

t.test('form fields: enums checked like POST /api/episodes; file required; no more files than the tier\'s sources', async (t) => {
  const owner = await user();
  const before = await storedUploads();
  const file = { bytes: Buffer.from('Plain words about tides.'), name: 'tides.txt' };
  const cases: [string, { bytes: Buffer; name: string } | null, Record<string, string>, RegExp][] = [
    ['bad preset', file, { preset: 'huge' }, /preset must be one of quick, standard, deep, extended/],
    ['bad hostMode', file, { hostMode: 'trio' }, /hostMode/],
    ['bad voiceStyle', file, { voiceStyle: 'angry' }, /voiceStyle/],
    ['bad voicePair', file, { voicePair: 'duet' }, /voicePair/],
    ['durationMinutes not a number', file, { durationMinutes: 'ten' }, /durationMinutes must be a whole number of minutes from 1 to 120/],
    ['durationMinutes a fraction', file, { durationMinutes: '2.5' }, /durationMinutes must be a whole number/],
    ['durationMinutes beyond any tier', file, { durationMinutes: '121' }, /durationMinutes must be a whole number/],
    ['durationMinutes and a preset', file, { durationMinutes: '5', preset: 'standard' }, /Give either preset or durationMinutes, not both/],
    ['unknown field', file, { colour: 'blue' }, /Unknown form field/],
    ['no file', null, { preset: 'quick' }, /file.*required/],
  ];
  for (const [name, upFile, fields, message] of cases) {
    const response = await upload(owner.accessToken, upFile, fields);
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message }, name);
  }
  const many = new FormData();
  for (let n = 0; n <= TIER_LIMITS.creator.maxSources; n += 1) many.append('file', new Blob([file.bytes]), `part-${n}.txt`);
  const tooMany = await api.request('/api/episodes/upload', { method: 'POST', token: owner.accessToken, body: many });
  t.equal(tooMany.status, 403, 'one file more than the creator tier\'s sources');
  t.match(await json(tooMany), { success: false, error: 'Source limit exceeded', maxSources: TIER_LIMITS.creator.maxSources });
  const notMultipart = await api.request('/api/episodes/upload', { method: 'POST', token: owner.accessToken, json: { content: 'x' } });
  t.equal(notMultipart.status, 415);
  t.match(await json(notMultipart), { success: false, error: 'Unsupported media type' });
  const anonymous = await api.request('/api/episodes/upload', { method: 'POST', body: new FormData() });
  t.equal(anonymous.status, 401);
  await nothingKept(t, owner.userId, before);
});

t.test('preset, length and quota rules are those of POST /api/episodes, and a refusal stores nothing', async (t) => {
  const free = await user('free');
  const before = await storedUploads();
  const file = { bytes: minimalDocx(PARAGRAPHS), name: 'octopus.docx' };
  const refused = await upload(free.accessToken, file);
  t.equal(refused.status, 403, 'standard is not a free preset');
  t.match(await json(refused), { success: false, error: 'Preset not allowed', allowedPresets: ['quick'] });
  const tooLong = await upload(free.accessToken, file, { durationMinutes: '4' });
  t.equal(tooLong.status, 403, 'four minutes is beyond the free tier');
  t.match(await json(tooLong), { success: false, error: 'Duration not allowed', tier: 'free', maxDurationMinutes: 3 });
  await nothingKept(t, free.userId, before);

  const minutes = await upload(free.accessToken, file, { durationMinutes: '2' });
  t.equal(minutes.status, 202, 'two minutes is within it');
  t.match((await json(minutes)).episode, { preset: 'quick', durationMinutes: 2 });

  for (let n = 2; n <= 3; n++) t.equal((await upload(free.accessToken, file, { preset: 'quick' })).status, 202);
  const afterThree = await storedUploads();
  const over = await upload(free.accessToken, file, { preset: 'quick' });
  t.equal(over.status, 429);
  t.match(await json(over), { success: false, error: 'Monthly quota exceeded', quota: { limit: 3, used: 3, remaining: 0 } });
  t.same(await storedUploads(), afterThree, 'the refused fourth upload stored nothing');
});

t.test('a free user uploading 6 MB gets 413 naming the 5 MB limit', async (t) => {
  const free = await user('free');
  const before = await storedUploads();
  const response = await upload(free.accessToken, { bytes: Buffer.alloc(6 * MB, 0x61), name: 'big.txt' }, { preset: 'quick' });
  t.equal(response.status, 413);
  t.same(await json(response), { success: false, error: 'Payload too large', message: 'The file is larger than the 5 MB upload limit of the free tier' });
  await nothingKept(t, free.userId, before);
});

t.test('a client streaming far past the limit (no Content-Length) is cut off at the limit, not buffered', async (t) => {
  const free = await user('free');
  const before = await storedUploads();
  const boundary = 'castwright-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="preset"\r\n\r\nquick\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endless.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const offered = 500 * MB;
  const result = await new Promise<{ status: number; body: string; sentBeforeResponse: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    let sentBeforeResponse = -1;
    let stopped = false;
    const request = rawUpload(free.accessToken, { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' });
    request.on('response', (response) => {
      sentBeforeResponse = sent;
      stopped = true;
      let body = '';
      response.setEncoding('utf8').on('data', (text: string) => (body += text));
      response.on('end', () => {
        // This client gives up on the rest of its body once answered.
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBeforeResponse, sent });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection after answering; writes after that fail.
      if (!stopped) reject(error);
    });
    request.write(head);
    const pump = () => {
      while (!stopped && sent < offered) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!stopped) request.end();
    };
    pump();
  });
  t.equal(result.status, 413);
  t.same(JSON.parse(result.body), { success: false, error: 'Payload too large', message: 'The file is larger than the 5 MB upload limit of the free tier' });
  t.ok(result.sentBeforeResponse > 5 * MB, `the server read up to the limit (${(result.sentBeforeResponse / MB).toFixed(1)} MB sent when it answered)`);
  t.ok(result.sentBeforeResponse < 40 * MB, `and answered long before the ${offered / MB} MB the client offered`);
  await nothingKept(t, free.userId, before);
  t.same(await leftoverTempDirectories(), [], 'the partial temporary file is removed');
});

t.test('end to end: a DOCX, a PDF and a Markdown upload become ready episodes about their words', async (t) => {
  await workers();
  const owner = await user();
  const cases = [
    { bytes: minimalDocx(PARAGRAPHS), name: 'octopus.docx' },
    { bytes: minimalPdf(PARAGRAPHS), name: 'octopus.pdf' },
    { bytes: Buffer.from(`# Octopus\n\n${PARAGRAPHS.map((line) => `**${line}**`).join('\n\n')}\n`), name: 'octopus.md' },
  ];
  for (const file of cases) {
    const response = await upload(owner.accessToken, file, { preset: 'quick' });
    t.equal(response.status, 202, file.name);
    const id = (await json(response)).episode.id as string;
    const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
    t.equal(episode.status, 'ready', `${file.name}: ${episode?.error_message ?? ''}`);
    const detail = await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }));
    t.match(detail.episode.scriptText, /three hearts/, `${file.name}: the script is about the document`);
    t.notMatch(detail.episode.scriptText, /\*\*/, `${file.name}: no markup in the script`);
  }
});

t.test('misleading PDFs: the episode takes the document\'s own title, and its chapters are the sections the hosts announce', async (t) => {
  await workers();
  const owner = await user();
  for (const [file, title, byline] of [
    [{ bytes: await paperWithBylinePdf(), name: 'timekeeping.pdf' }, PAPER.title, [PAPER.organisation, PAPER.author]],
    [{ bytes: await wordExportPdf(), name: 'draft3.pdf' }, REPORT.title, [REPORT.organisation, REPORT.author]],
  ] as const) {
    const response = await upload(owner.accessToken, file, { durationMinutes: '3', hostMode: 'multi' });
    t.equal(response.status, 202, file.name);
    const id = (await json(response)).episode.id as string;
    const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
    t.equal(episode.status, 'ready', `${file.name}: ${episode.error_message ?? ''}`);
    const detail = (await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }))).episode;
    t.equal(detail.title, title, `${file.name}: titled by the document's title, not its byline or file name`);
    const chapters = (await json(await api.request(`/api/episodes/${id}/show-notes`, { token: owner.accessToken }))).chapters as { title: string; timestampMs: number }[];
    const segments = (await json(await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken }))).segments as { text: string; startTimeMs: number }[];
    t.equal(chapters[0]?.title, title, `${file.name}: the intro is its first chapter`);
    t.ok(chapters.length >= 3, `${file.name}: ${chapters.map((chapter) => chapter.title).join(' | ')}`);
    for (const chapter of chapters) {
      const opening = segments.find((segment) => segment.startTimeMs === chapter.timestampMs)?.text ?? '';
      t.ok(isAnnounced(chapter.title, opening), `${file.name}: "${chapter.title}" is said where it starts: ${opening.slice(0, 80)}`);
      t.notOk(byline.some((words) => chapter.title.includes(words)), `${file.name}: "${chapter.title}" is not the byline`);
    }
  }
});

t.test('a corrupt DOC is accepted by its magic bytes, then fails processing with a clear reason', async (t) => {
  const owner = await user();
  const response = await upload(owner.accessToken, { bytes: corruptDoc(), name: 'old.doc' }, { preset: 'quick' });
  t.equal(response.status, 202);
  const id = (await json(response)).episode.id as string;
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'error');
  t.match(episode.error_message, /Word document could not be read/);
});

t.test('a Word 97 .doc upload is accepted and its text, 8-bit and UTF-16 pieces alike, is what ingestion stores', async (t) => {
  // Workers run since the end-to-end test above.
  const owner = await user();
  const last = 'Greek fishermen call it χταπόδι; a café’s plate costs 12 €.';
  const response = await upload(owner.accessToken, { bytes: wordDocument(`${[...PARAGRAPHS, last].join('\r')}\r`), name: 'octopus.doc' }, { preset: 'quick' });
  t.equal(response.status, 202);
  const id = (await json(response)).episode.id as string;
  t.match(await selectEpisodeById(api.database.db, id), { source_type: 'upload', source_key: `uploads/${id}/original.doc`, source_filename: 'octopus.doc' });
  const ingested = await waitForEpisode(api.database.db, id, ['generating_script', 'review_script', 'generating_audio', 'ready', 'error'], 30_000);
  t.not(ingested.status, 'error', ingested.error_message ?? '');
  // Each Word paragraph is a paragraph of the stored structured text; word-extractor makes ’ an ASCII apostrophe.
  t.equal(ingested.source_text, `${PARAGRAPHS.join('\n\n')}\n\nGreek fishermen call it χταπόδι; a café's plate costs 12 €.`);
});

t.test('a client that goes away mid-upload leaves nothing behind: no temporary file, no row, no quota', async (t) => {
  const creatorUser = await user('creator');
  const before = await storedUploads();
  const boundary = 'castwright-test-boundary';
  await new Promise<void>((resolve) => {
    const request = rawUpload(creatorUser.accessToken, { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(4 * MB) });
    request.on('error', () => resolve());
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    request.write(Buffer.alloc(MB, 0x61), () => {
      // One megabyte of the four promised, then the client is gone.
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200);
    });
  });
  // The server notices the closed connection, fails the request and removes its temporary file.
  await until('the temporary files to be removed', async () => (await leftoverTempDirectories()).length === 0, 30_000, 50).catch(() => undefined);
  t.same(await leftoverTempDirectories(), [], 'no temporary file outlives the request');
  await nothingKept(t, creatorUser.userId, before);
});
