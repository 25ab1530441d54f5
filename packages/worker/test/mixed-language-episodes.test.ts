// Sources in two languages through the real API and workers (general and media roles, the
// built-in voice): an English article quoting French becomes an episode whose quote is a
// line in French, voiced by the built-in French voice (eSpeak NG) among the English lines
// (Flite, another sample rate: the episode is mastered at one); a Japanese manual with
// English paragraphs becomes a Japanese episode without them, its button label said in
// English by an English voice. The episode says what became of the other language, and a
// line's language can be changed with the script's edits.
import t from 'tap';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { lineSegmentKey } from '@castwright/media/voice-lines';
import { OFFLINE_VOICES } from '@castwright/media/offline-voice/offline-voices';
import type { Language } from '@castwright/core/languages';
import { ENGLISH_QUOTING_FRENCH, FRENCH_QUOTE, JAPANESE_MANUAL_WITH_ENGLISH, LEFT_OUT_ENGLISH } from '#test-helpers/mixed-language-sources';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(600_000);
const api = await startTestApi(t);
await api.startWorkers('all');
const user = await creator(api, 'enterprise');
// Only to know the engine's version, which every segment key carries; it starts no thread.
const offline = new OfflineVoiceEngine();
t.teardown(() => offline.close());

interface ScriptLineView { index: number; speaker: string; text: string; language?: string }

async function made(content: string, language: Language) {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content, language, preset: 'quick', hostMode: 'multi' } });
  t.equal(response.status, 202);
  const id = (await json(response)).episode.id as string;
  const row = await waitForEpisode(api.database.db, id, ['ready', 'error'], 300_000);
  t.equal(row.status, 'ready', row.error_message ?? '');
  const { episode } = await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }));
  const { lines } = (await json(await api.request(`/api/episodes/${id}/script`, { token: user.accessToken }))) as { lines: ScriptLineView[] };
  const revision = await api.database.db.selectFrom('episode_revisions').select('segment_keys').where('episode_id', '=', id).where('revision', '=', 1).executeTakeFirstOrThrow();
  return { id, episode, lines, keys: revision.segment_keys ?? [] };
}

/** The built-in voices whose key the line's stored segment key is: the voice it was said in. */
function voicedWith(line: ScriptLineView, key: string | undefined, episodeLanguage: Language): string[] {
  const voicing = { speaker: line.speaker as 'Host 1', text: line.text, ...(line.language ? { language: line.language as Language } : {}) };
  return OFFLINE_VOICES.filter((voice) => lineSegmentKey(voicing, { engine: offline, voice: voice.name, speed: 1, language: episodeLanguage }) === key).map((voice) => voice.name);
}

t.test('an English article quoting French: the quote is a line in French, said by a French voice', async (t) => {
  const { episode, lines, keys, id } = await made(ENGLISH_QUOTING_FRENCH, 'en');
  const quote = lines.find((line) => line.language === 'fr');
  t.equal(quote?.text, FRENCH_QUOTE, 'the script view shows the quote\'s language');
  t.same(lines.filter((line) => line.language).length, 1, 'only the quote');
  t.match(episode.scriptText, new RegExp(`\\[Host \\d\\|fr\\]: ${FRENCH_QUOTE}`));
  t.equal(episode.languageNote, 'A quote in French said in French by a voice of it.');
  const host = quote ? voicedWith({ ...quote, language: undefined }, keys[quote.index], 'en') : [];
  t.same(host, [], 'not voiced with the host\'s English voice');
  const said = quote ? voicedWith(quote, keys[quote.index], 'en') : [];
  t.ok(said.length === 1 && /^fr-(male|female)$/.test(said[0] ?? ''), `voiced with ${said.join(', ')}`);
  const english = lines.find((line) => !line.language && line.speaker === quote?.speaker);
  t.match(english ? voicedWith(english, keys[english.index], 'en') : [], [/^(rms|slt)$/], 'the host\'s other lines with its English voice');
  // A line's language is the owner's to change: cleared (null: the episode's), set again, never another of the episode's own.
  const edit = async (body: Record<string, unknown>) => api.request(`/api/episodes/${id}/script/lines/${quote?.index}`, { method: 'PATCH', token: user.accessToken, json: body });
  const cleared = await edit({ language: null });
  t.equal(cleared.status, 200);
  t.notOk('language' in ((await json(cleared)).lines[quote?.index ?? 0] as object), 'cleared: said by the host');
  t.equal((await json(await edit({ language: 'fr' }))).lines[quote?.index ?? 0].language, 'fr', 'set again');
  t.notOk('language' in ((await json(await edit({ language: 'en-GB' }))).lines[quote?.index ?? 0] as object), 'English in an English episode is the episode\'s');
  t.equal((await edit({ language: 'de' })).status, 400, 'a language Castwright does not speak');
  t.equal((await edit({ language: 'fr' })).status, 200);
  const audio = await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken });
  t.equal(audio.status, 200);
  t.ok((await audio.arrayBuffer()).byteLength > 0 && episode.audioDuration > 10, `one MP3 of Flite and eSpeak lines (${episode.audioDuration} s)`);
});

t.test('a Japanese manual with English paragraphs: the paragraphs are left out and said so; a button label is said in English', async (t) => {
  const { episode, lines, keys } = await made(JAPANESE_MANUAL_WITH_ENGLISH, 'ja');
  const text = lines.map((line) => line.text).join(' ');
  for (const words of LEFT_OUT_ENGLISH) t.notOk(text.includes(words), `no host reads …${words}…`);
  t.match(episode.languageNote, /^\d+ words in English left out: the episode is in Japanese; a quote in English said in English by a voice of it\.$/);
  const label = lines.find((line) => line.language === 'en');
  t.match(label?.text, /Press the WPS button\./);
  const said = label ? voicedWith(label, keys[label.index], 'ja') : [];
  t.ok(said.length === 1 && /^(rms|slt)$/.test(said[0] ?? ''), `voiced with the English voice ${said.join(', ')}`);
  const japanese = lines.find((line) => !line.language && line.speaker === label?.speaker);
  t.match(japanese ? voicedWith(japanese, keys[japanese.index], 'ja') : [], [/^ja-(male|female)$/], 'the host\'s Japanese lines with its Japanese voice');
});
