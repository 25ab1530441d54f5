// The language of an episode through the API: asked for in any BCP 47 spelling of a
// supported language and shown canonical; anything else a 400 listing the supported ones
// that stores nothing; detected from typed content when left out (short or unclear text
// is English, mixed text the language most of it is in, a language Castwright does not
// speak a 400); uploads and briefings take it too; named hosts whose voices speak another
// language are accepted with a warning.
import t from 'tap';
import { FormData } from 'undici';
import { LANGUAGES } from '@castwright/core/languages';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
// The media worker publishes the voice catalog (the named hosts' check reads it).
await api.startWorkers('media');
const user = await creator(api, 'enterprise');
const SUPPORTED = LANGUAGES.join(', ');

const SPANISH = 'El faro de Alejandría guió a los barcos durante siglos. Su luz se veía desde muy lejos en el mar, y hoy los arqueólogos estudian sus piedras.';
const FRENCH_WITH_ENGLISH = [
  'Le phare de Cordouan guide les navires depuis plus de quatre siècles, à l’embouchure de la Gironde.',
  'Un visiteur anglais écrivit : “The finest lighthouse I have ever seen.”',
  'Il est classé monument historique en 1862 et se visite encore aujourd’hui, quand la marée le permet.',
].join('\n\n');
const GERMAN = 'Der Leuchtturm von Alexandria führte jahrhundertelang die Schiffe in den Hafen. Sein Licht war weit draußen auf dem Meer zu sehen.';

async function create(body: Record<string, unknown>) {
  return api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', ...body } });
}

async function stored() {
  const episodes = await api.database.db.selectFrom('episodes').select(['id', 'language', 'language_detected']).where('user_id', '=', user.userId).execute();
  const usage = await api.database.db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirst();
  return { episodes: episodes.length, counted: usage?.episodes_created ?? 0 };
}

t.test('a language asked for in any BCP 47 spelling is matched case-insensitively and shown canonical', async (t) => {
  for (const [asked, shown] of [['pt-br', 'pt-BR'], ['EN-gb', 'en-GB'], ['en-US', 'en'], ['es-MX', 'es'], ['zh-Hant-TW', 'zh'], ['cmn', 'zh'], ['pt', 'pt-BR'], ['JA', 'ja']] as const) {
    const response = await create({ content: SPANISH, language: asked });
    t.equal(response.status, 202, asked);
    const { episode } = await json(response);
    t.match(episode, { language: shown, languageDetected: false }, `${asked} → ${shown}`);
    const detail = (await json(await api.request(`/api/episodes/${episode.id}`, { token: user.accessToken }))).episode;
    t.match(detail, { language: shown, languageDetected: false });
  }
});

t.test('an unsupported or malformed language is a 400 listing the supported ones, and stores nothing', async (t) => {
  const before = await stored();
  for (const language of ['de', 'yue', 'en_US', 'klingon-language', '']) {
    const response = await create({ content: SPANISH, language });
    t.equal(response.status, 400, JSON.stringify(language));
    const body = await json(response);
    t.equal(body.success, false);
    if (language !== '') t.match(body.message, SUPPORTED, 'names every supported language');
  }
  t.same(await stored(), before, 'no episode, no quota used');
});

t.test('left out, the language is detected from typed content', async (t) => {
  const detected = async (content: string) => (await json(await create({ content }))).episode;
  t.match(await detected(SPANISH), { language: 'es', languageDetected: true });
  t.match(await detected('灯台は何世紀にもわたって船を導きました。'), { language: 'ja', languageDetected: true }, 'a Japanese sentence');
  t.match(await detected('灯塔为船只导航了几个世纪。'), { language: 'zh', languageDetected: true }, 'a Chinese sentence');
  t.match(await detected('प्रकाशस्तंभ सदियों तक जहाज़ों का मार्गदर्शन करता रहा।'), { language: 'hi', languageDetected: true }, 'Hindi, not Marathi');
  t.match(await detected(FRENCH_WITH_ENGLISH), { language: 'fr', languageDetected: true }, 'mixed: the language most of the text is in');
  t.match(await detected('Hola'), { language: 'en', languageDetected: false }, 'too short to tell: English, not detected');
  t.match(await detected('Augustin Fresnel, Cordouan, Alexandria.'), { language: 'en', languageDetected: false }, 'only names: English, not detected');
  const url = (await json(await create({ url: 'https://example.com/article' }))).episode;
  t.match(url, { language: null, languageDetected: false }, 'a web page is detected once ingest has read it');
});

t.test('content in a language Castwright does not speak is a 400 saying which, unless a language is asked for', async (t) => {
  const before = await stored();
  const refused = await create({ content: GERMAN });
  t.equal(refused.status, 400);
  const body = await json(refused);
  t.match(body.message, /German \(de\)/);
  t.match(body.message, SUPPORTED);
  t.match(body.message, /Set language/);
  t.same(await stored(), before, 'nothing stored');
  t.match((await json(await create({ content: GERMAN, language: 'en' }))).episode, { language: 'en', languageDetected: false }, 'the caller decides');
});

t.test('uploads take language as a form field; a bad one is refused before the document is stored', async (t) => {
  const upload = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.from('# 灯台\n\n灯台は何世紀にもわたって船を導きました。その光は遠くの海からも見えました。\n')]), 'lighthouse.md');
    return api.request('/api/episodes/upload', { method: 'POST', token: user.accessToken, body: form });
  };
  const asked = await upload({ preset: 'quick', language: 'JA' });
  t.equal(asked.status, 202);
  t.match((await json(asked)).episode, { language: 'ja', languageDetected: false });
  const unknown = await upload({ preset: 'quick' });
  t.match((await json(unknown)).episode, { language: null, languageDetected: false }, 'detected at ingest');
  const before = await stored();
  const refused = await upload({ preset: 'quick', language: 'tlh' });
  t.equal(refused.status, 400);
  t.match((await json(refused)).message, SUPPORTED);
  t.same(await stored(), before);
});

t.test("named hosts whose voices speak another language are accepted, with a warning", async (t) => {
  const mismatched = await create({ content: SPANISH, language: 'es', hosts: [{ name: 'Ana', voice: 'offline:es-female' }, { name: 'Sam', voice: 'offline:rms' }] });
  t.equal(mismatched.status, 202, await mismatched.clone().text());
  const { warnings } = await json(mismatched);
  t.equal(warnings.length, 1);
  t.match(warnings[0], /Sam's voice offline:rms speaks en-US and this episode is in Spanish \(es\): it will read it with its own accent/);
  const matching = await create({ content: SPANISH, hosts: [{ name: 'Ana', voice: 'offline:es-female' }, { name: 'Luis', voice: 'offline:es-male' }] });
  t.same((await json(matching)).warnings, [], 'voices of the episode\'s language');
});

t.test('briefings take a language (snake_case fields unchanged), shown canonical, null to detect per run', async (t) => {
  const created = await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: { name: 'Boletim', language: 'pt-br' } });
  t.equal(created.status, 201);
  const { briefing } = await json(created);
  t.equal(briefing.language, 'pt-BR');
  const plain = await json(await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: { name: 'Any language' } }));
  t.equal(plain.briefing.language, null, 'left out: detected on each run');
  const refused = await api.request(`/api/briefings/${briefing.id}`, { method: 'PATCH', token: user.accessToken, json: { language: 'de' } });
  t.equal(refused.status, 400);
  t.match((await json(refused)).message, SUPPORTED);
  t.equal((await json(await api.request(`/api/briefings/${briefing.id}`, { token: user.accessToken }))).briefing.language, 'pt-BR', 'unchanged by the refused change');
  const cleared = await api.request(`/api/briefings/${briefing.id}`, { method: 'PATCH', token: user.accessToken, json: { language: null } });
  t.equal(cleared.status, 200);
  t.equal((await json(cleared)).briefing.language, null);
  const french = await api.request(`/api/briefings/${briefing.id}`, { method: 'PATCH', token: user.accessToken, json: { language: 'FR-ca' } });
  t.equal((await json(french)).briefing.language, 'fr');
});
