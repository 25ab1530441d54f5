// An episode in every supported language, end to end through the real api, graphile-worker
// runners, the built-in writer and the built-in voice (Flite for English, eSpeak NG for the
// rest) and ffmpeg: the hosts' own lines are in the episode's language (its stop words in
// them, no English ones), the audio is voiced and mastered, the transcript, show notes and
// search are in that language (a word found inside a Japanese and a Chinese sentence). A
// web page's language is detected once ingest has read it, and a briefing runs in French.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { baseLanguage, type Language } from '@castwright/core/languages';
import { languageProfile } from '@castwright/content/nlp/language-profiles';
import { paragraphAnalyser } from '@castwright/content/nlp/text-analysis';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { measureFileLoudness } from '@castwright/media/loudness';
import { LANGUAGE_SOURCES } from '#test-helpers/language-sources';
import { startLoopbackSite, type Route } from '#test-helpers/loopback-site';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { parseWebVtt } from '#test-helpers/webvtt';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

// Nine episodes are written, voiced and mastered here, on a busy two-core machine.
t.setTimeout(900_000);
configureFfmpegTools();

/** English words no other supported language writes: one in a host's line would be English phrasing. */
const ENGLISH = new Set(['the', 'and', 'of', 'to', 'is', 'are', 'we', 'you', 'what', 'with', 'about', 'this', 'that', 'for', "let's", 'welcome', 'thanks', 'thank', 'today', 'episode', 'next', 'recap', 'covered', 'start', 'listening', 'story', 'comes', 'from', 'item']);

const FRENCH_PARAGRAPHS = [
  "Les abeilles communiquent entre elles grâce à une danse en forme de huit, que les chercheurs appellent la danse frétillante.",
  "L'angle de la danse indique la direction des fleurs par rapport au soleil, et sa durée indique la distance à parcourir.",
  'Les chercheurs ont filmé des milliers de danses dans une ruche vitrée pour mesurer la précision de ces messages.',
];
const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body><main><article><h1>${title}</h1>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}</article></main></body></html>`;
const html = (body: string): Route => (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const site = await startLoopbackSite(t, {
  '/abeilles': html(page('La danse des abeilles', FRENCH_PARAGRAPHS)),
  '/leuchtturm': html(page('Der Leuchtturm', [
    'Der Leuchtturm von Alexandria führte jahrhundertelang die Schiffe sicher in den Hafen der Stadt.',
    'Sein Licht war weit draußen auf dem Meer zu sehen, und Reisende beschrieben ihn als Weltwunder.',
  ])),
  '/fil.xml': (_request, response) =>
    void response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Le Journal des Sciences</title><link>${site.origin}/</link><description>Nouvelles</description>
<item><title>La danse des abeilles enfin décodée</title><link>${site.origin}/abeilles</link><guid isPermaLink="false">abeilles-1</guid>
<pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate><description>Une danse en forme de huit.</description></item>
</channel></rss>`),
});

const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1' });
await api.startWorkers('all');
const user = await creator(api, 'enterprise');

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id;
}

/** What the hosts say in a line, the source's own sentences taken out of it. */
function hostWords(line: string, sourceSentences: readonly string[], language: Language): string[] {
  let own = line;
  for (const sentence of sourceSentences) own = own.split(sentence).join(' ');
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  return [...segmenter.segment(own.toLowerCase())].filter((part) => part.isWordLike).map((part) => part.segment.replace(/’/g, "'"));
}

const EPISODES = [...LANGUAGE_SOURCES, { ...(LANGUAGE_SOURCES[0] as (typeof LANGUAGE_SOURCES)[number]), language: 'en-GB' as const }];

t.test('an episode in each supported language: its hosts speak it, its voice reads it, its transcript and notes are in it', async (t) => {
  const started = [];
  for (const [index, source] of EPISODES.entries()) {
    const hostMode = index % 2 === 0 ? 'multi' : 'single';
    started.push({ source, hostMode, id: await create({ content: source.text, language: source.language.toLowerCase(), hostMode, voiceStyle: 'casual' }) });
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-languages-'));
  t.teardown(() => rm(workDir, { recursive: true, force: true }));
  for (const { source, hostMode, id } of started) {
    const { language } = source;
    const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 300_000);
    t.equal(episode.status, 'ready', `${language}: ${episode.error_message ?? 'ready'}`);
    const detail = (await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }))).episode;
    t.match(detail, { language, languageDetected: false, voice: { engineUsed: 'offline', fallbackReason: null } }, `${language}: the view shows the language`);

    const analyse = paragraphAnalyser(language);
    const sentences = source.text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).flatMap((paragraph) => analyse(paragraph).map((sentence) => sentence.text));
    const lines = (detail.scriptText as string).split('\n').filter((line) => /^\[Host \d\]:/.test(line)).map((line) => line.replace(/^\[Host \d\]:\s*/, ''));
    const spoken = lines.flatMap((line) => hostWords(line, sentences, language));
    t.ok(spoken.length > 20, `${language} (${hostMode}): the hosts say ${spoken.length} words of their own`);
    const base = baseLanguage(language);
    t.same(spoken.filter((word) => ENGLISH.has(word) && base !== 'en'), [], `${language}: no English word in the hosts' lines`);
    const ownStops = base === 'en' ? ENGLISH : languageProfile(base).stopWords;
    t.ok(spoken.filter((word) => ownStops.has(word)).length >= 5, `${language}: the hosts' lines are made of ${language}'s own function words`);

    const audio = await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken });
    t.equal(audio.status, 200);
    const file = path.join(workDir, `${id}.mp3`);
    await writeFile(file, Buffer.from(await audio.arrayBuffer()));
    const { loudness } = await measureFileLoudness(file);
    t.ok(Math.abs(loudness.integratedLufs - -16) < 1.5, `${language}: voiced and mastered (${loudness.integratedLufs.toFixed(1)} LUFS)`);
    t.ok((episode.audio_duration_ms ?? 0) > 20_000, `${language}: ${Math.round((episode.audio_duration_ms ?? 0) / 1000)} s of audio`);

    const transcript = await api.request(`/api/episodes/${id}/transcript`, { token: user.accessToken });
    t.equal(transcript.headers.get('content-language'), language);
    const body = await json(transcript);
    t.equal(body.language, language);
    t.equal(body.segments.length, lines.length, `${language}: one transcript segment per line`);
    const vtt = parseWebVtt(await (await api.request(`/api/episodes/${id}/transcript?format=vtt`, { token: user.accessToken })).text());
    t.same(vtt.errors, []);
    t.ok(vtt.cues.length === lines.length && vtt.cues.every((cue) => cue.language === language), `${language}: every WebVTT cue is a <lang ${language}> span`);

    const notes = await json(await api.request(`/api/episodes/${id}/show-notes`, { token: user.accessToken }));
    t.ok(notes.chapters.length >= 2 && notes.topics.length > 0, `${language}: chapters ${notes.chapters.map((chapter: { title: string }) => chapter.title).join(' | ')}; topics ${notes.topics.join(', ')}`);
    t.same(notes.chapters.filter((chapter: { title: string }) => /^Part \d/.test(chapter.title)), [], `${language}: no English chapter title`);

    const search = await json(await api.request(`/api/episodes/${id}/transcript/search?q=${encodeURIComponent(source.word)}`, { token: user.accessToken }));
    t.ok(search.totalMatches > 0, `${language}: "${source.word}" is found in the transcript`);
    for (const match of search.matches as { text: string; matchPositions: [number, number][] }[]) {
      for (const [start, end] of match.matchPositions) t.equal(match.text.slice(start, end).toLowerCase(), source.word.toLowerCase());
    }
    if (language === 'ja' || language === 'zh') {
      const inside = (search.matches as { text: string; matchPositions: [number, number][] }[]).some((match) =>
        match.matchPositions.some(([start, end]) => start > 0 && end < match.text.length && !/\s/.test(match.text.charAt(start - 1))),
      );
      t.ok(inside, `${language}: "${source.word}" is found inside a sentence written without spaces`);
    }
  }
});

t.test("a web page's language is detected once it is read", async (t) => {
  const id = await create({ url: `${site.origin}/abeilles` });
  const accepted = (await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }))).episode;
  t.ok(accepted.language === null || accepted.language === 'fr', 'null until the page is read');
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.match((await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }))).episode, { language: 'fr', languageDetected: true });

  // Edited and rendered again: the French lines stored by the first render are found under
  // the same keys (their language is part of them), so only the edited line is voiced.
  const script = await api.request(`/api/episodes/${id}/script`, { token: user.accessToken });
  const edited = await api.request(`/api/episodes/${id}/script/lines/0`, {
    method: 'PATCH',
    token: user.accessToken,
    json: { text: 'Les abeilles dansent pour dire aux autres où trouver les fleurs.' },
    headers: { 'if-match': script.headers.get('etag') ?? '' },
  });
  t.equal(edited.status, 200, await edited.clone().text());
  const rendering = await api.request(`/api/episodes/${id}/render`, { method: 'POST', token: user.accessToken, headers: { 'if-match': edited.headers.get('etag') ?? '' } });
  t.equal(rendering.status, 202, await rendering.clone().text());
  t.equal((await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000)).status, 'ready', 'the render moved it to generating_audio at once; now ready again');
  const { revisions } = await json(await api.request(`/api/episodes/${id}/revisions`, { token: user.accessToken }));
  t.match(revisions[0], { revision: 2, status: 'published', linesChanged: 1, linesRendered: 1 }, 'one French line voiced again, the others reused');
});

t.test('a web page in a language Castwright does not speak fails its episode with the reason, once read', async (t) => {
  const id = await create({ url: `${site.origin}/leuchtturm` });
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'error');
  t.match(episode.error_message, /The source is in German \(de\), which Castwright does not speak; supported languages: en, en-GB, es, fr, it, pt-BR, hi, ja, zh/);
  t.equal(episode.script_text, null, 'nothing was written in the wrong language');
});

t.test('a briefing in French: its episode, title and hosts are French', async (t) => {
  const created = await api.request('/api/briefings', {
    method: 'POST',
    token: user.accessToken,
    json: { name: 'Revue des sciences', template_type: 'research_digest', preset: 'quick', host_mode: 'multi', language: 'FR', schedule_timezone: 'Europe/Paris' },
  });
  t.equal(created.status, 201);
  const briefing = (await json(created)).briefing;
  t.equal(briefing.language, 'fr', 'shown canonical');
  const source = await api.request(`/api/briefings/${briefing.id}/sources`, { method: 'POST', token: user.accessToken, json: { source_type: 'rss', source_name: 'Le Journal des Sciences', source_url: `${site.origin}/fil.xml` } });
  t.equal(source.status, 201);
  const run = await api.request(`/api/briefings/${briefing.id}/run`, { method: 'POST', token: user.accessToken });
  t.equal(run.status, 202);
  const episodeId = await until('the run to make its episode', async () => {
    const { runs } = await json(await api.request(`/api/briefings/${briefing.id}/runs`, { token: user.accessToken }));
    if (runs[0]?.status === 'failed') throw new Error(`the run failed: ${runs[0].error}`);
    return (runs[0]?.episode_id ?? undefined) as string | undefined;
  }, 180_000);
  const episode = await waitForEpisode(api.database.db, episodeId, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.equal(episode.language, 'fr');
  t.match(episode.title, /^Revue des sciences : |^Revue des sciences: /u);
  t.match(episode.title, /(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)/, 'the date in the title is French');
  const script = episode.script_text ?? '';
  t.match(script, /Bienvenue dans Revue des sciences/, 'the research digest opens in French');
  t.match(script, /Travail numéro un de notre sélection/, "the digest's item is announced in French");
  t.notMatch(script.toLowerCase(), /\b(?:welcome|the|and|this|today)\b/, 'no English around the French');
});
