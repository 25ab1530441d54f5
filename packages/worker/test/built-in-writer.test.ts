// The built-in writer on the evaluation corpus (the same texts and measures as
// `npm run eval:writer`): whole sentences only, no markup or URLs spoken, question
// subjects that are noun phrases of the source, no source sentence split across
// turns, no stop word as a topic or chapter title, every section announced by its
// title and the source read in order without repeating a line, and every preset (and
// an hour from the long handbook) within ±15 % of its minutes at each engine's pace
// (built-in-writer-audio.test.ts renders quick and standard with the built-in voice,
// episode-length.test.ts renders 5, 10 and 30 minutes through the workers; the
// evaluation script renders every length).
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { PRESET_MINUTES, PRESETS } from '@castwright/core/tiers';
import type { HostMode, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { estimateScriptMs } from '@castwright/content/script/script-length';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { engineForPace, scriptPace } from '@castwright/worker/script-pace';
import { estimatedSegments, inspectScript, sourceFacts } from '#test-helpers/writer-evaluation';
import { writerCorpus } from '#test-helpers/writer-corpus';

const corpus = await writerCorpus();
const survey = corpus.find((item) => item.name === 'lighthouse-survey');
if (!survey) throw new Error('the corpus has the survey');
const SETUPS: { hostMode: HostMode; voiceStyle: VoiceStyle; voicePair: VoicePair }[] = [
  { hostMode: 'single', voiceStyle: 'professional', voicePair: 'expert-curious' },
  { hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious' },
  { hostMode: 'multi', voiceStyle: 'educational', voicePair: 'interview' },
  { hostMode: 'multi', voiceStyle: 'enthusiastic', voicePair: 'debate' },
];
const band = (ms: number, minutes: number) => Math.abs(ms - minutes * 60_000) <= minutes * 60_000 * LENGTH_TOLERANCE;
const presetMs = (preset: (typeof PRESETS)[number]) => PRESET_MINUTES[preset] * 60_000;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;

t.test('ingestion keeps the structure and drops what is not prose', async (t) => {
  const byName = Object.fromEntries(corpus.map((item) => [item.name, item.text]));
  t.notMatch(survey.text, /Page \d+ of|Northern Light Trust - Coastal|heritage lottery|Annual Report\n\n(?!#)/, 'no running header, footer, page number or foot-of-page note');
  t.match(survey.text, /rising cost of specialist repairs are putting real pressure on the estate\./, 'a sentence with a note marker, marker gone');
  t.match(survey.text, /\| Kind of work \| Stations \| Estimated cost \|/, 'the PDF table is a table');
  t.match(survey.text, /## Background and purpose of the survey\n\nThe Northern Light Trust was founded in 1987/, 'headings by size');
  t.notMatch(survey.text, /\b\p{L}+- \p{Ll}/u, 'words hyphenated at line ends are whole again');
  t.match(byName['coral-reefs'], /^# Coral reefs\n\nCoral reefs cover less than one percent/, 'the DOCX heading is a heading, not glued to the first line');
  t.match(byName['coral-reefs'], /\| Threat \| Main cause \| Reefs affected \|/);
  t.notMatch(byName['api-gateway'], /[─│┌┐└┘▶▼]|HTTPS──|GET \/v1|handbook\.example/, 'no diagram, code or URL');
  t.notMatch(byName['restic-backups'], /sudo|apt-get|--keep-daily|readthedocs|ExecStart/, 'no code blocks or URLs');
  t.notMatch(byName['night-trains'], /Subscribe|All rights reserved|Photo: Rail Europe|Read more at|\[2\]|example\.org/, 'no boilerplate, captions, link-only sentences or note markers');
  t.match(byName['bicycle-history'], /^## A short history of the bicycle\n\nThe bicycle is one of the most efficient machines ever invented\. A person on a bicycle/, 'a title line, then hard wraps joined');
  t.match(byName['bicycle-history'], /Riders pushed themselves along/, 'a word hyphenated across a line break');
});

t.test('every text, preset and voice set-up: whole sentences, clean speech, real subjects, sentences kept whole', async (t) => {
  for (const item of corpus) {
    const facts = sourceFacts(item.text);
    for (const preset of ['quick', 'standard'] as const) {
      for (const setup of SETUPS) {
        const pace = scriptPace('offline', setup.voiceStyle, setup.voicePair);
        const script = writeOfflineScript({ text: item.text, minutes: PRESET_MINUTES[preset], ...setup, pace });
        const found = inspectScript(facts, script.lines, script.notes, buildShowNotes(estimatedSegments(script.lines, pace), { sections: scriptSections(script.lines) }));
        const label = `${item.name}/${preset}/${setup.hostMode}/${setup.voicePair}`;
        t.same(found.fragments, [], `${label}: no fragments`);
        t.same(found.markup, [], `${label}: no markup or URLs`);
        t.same(found.badSubjects, [], `${label}: ${found.questions} question subjects, all noun phrases of the source`);
        t.same(found.splitSentences, [], `${label}: no sentence split across turns`);
        t.same(found.badTitles, [], `${label}: topics and chapters name things`);
        t.same(found.unannounced, [], `${label}: ${found.sections} sections, each announced by its title`);
        t.same(found.revisits, [], `${label}: the source read in order`);
        t.same(found.repeats, [], `${label}: no line or source sentence said twice`);
        if (setup.hostMode === 'multi') t.ok(found.questions > 0, `${label}: the hosts ask about the text`);
      }
    }
  }
});

t.test('every preset lands within ±15 % at each engine\'s pace, when the source has enough to say', async (t) => {
  for (const preset of PRESETS) {
    for (const setup of SETUPS) {
      for (const engine of ['offline', 'kokoro', 'chatterbox'] as const) {
        const pace = scriptPace(engine, setup.voiceStyle, setup.voicePair);
        const script = writeOfflineScript({ text: survey.text, minutes: PRESET_MINUTES[preset], ...setup, pace });
        const ms = estimateScriptMs(script.lines, pace);
        const whole = estimateScriptMs(writeOfflineScript({ text: survey.text, minutes: 24 * 60, ...setup, pace }).lines, pace);
        // Chatterbox reads fastest: the survey is not quite long enough for its thirty minutes, and is then read whole.
        if (whole < presetMs(preset)) {
          t.equal(ms, whole, `${preset}/${engine}/${setup.voicePair}: short source read whole (${minutes(ms)})`);
          t.equal(script.sourceLimitMs !== null, whole < presetMs(preset) * (1 - LENGTH_TOLERANCE), '…and says so when that is short of the band');
        } else {
          t.ok(band(ms, PRESET_MINUTES[preset]), `${preset}/${engine}/${setup.hostMode}/${setup.voicePair}: ${minutes(ms)}`);
          t.equal(script.sourceLimitMs, null);
        }
      }
    }
  }
});

t.test('the pace follows the engine: a named engine is its own; auto is the media worker\'s preference on what is configured', async (t) => {
  const none = { kokoro: { modelDir: path.join(tmpdir(), 'no-kokoro-here'), device: 'auto' as const }, chatterbox: undefined };
  t.equal(await engineForPace('auto', none), 'offline');
  t.equal(await engineForPace('auto', { ...none, chatterbox: { url: 'http://127.0.0.1:1', apiKey: undefined, timeoutMs: 1000, timeoutMsPerChar: 0, retries: 0, loadWaitMs: 0, modelVersion: 'unversioned', exaggeration: undefined, cfgWeight: undefined, temperature: undefined } }), 'chatterbox');
  t.equal(await engineForPace('kokoro', none), 'kokoro');
  const offline = scriptPace('offline', 'professional', 'interview');
  t.same(offline.wordsPerMinute, { 'Host 1': 181.6, 'Host 2': 160.2 }, 'the interview casts slt then rms; their measured rates');
  t.equal(offline.pauseMsBetweenTurns, Math.round(450 * 1.1), 'the casting table\'s pauses');
  t.ok(scriptPace('offline', 'enthusiastic', 'debate').wordsPerMinute['Host 1'] > offline.wordsPerMinute['Host 2'], 'a faster style speaks faster');
  t.equal(scriptPace('chatterbox', 'educational', 'debate').wordsPerMinute['Host 1'], scriptPace('chatterbox', 'enthusiastic', 'debate').wordsPerMinute['Host 1'], 'Chatterbox ignores speed');
});

t.test('the long handbook at 5, 10, 30 and 60 minutes: in the band at each engine\'s pace, section by section, nothing said twice', async (t) => {
  const handbook = corpus.find((item) => item.name === 'keeping-time');
  if (!handbook) throw new Error('the corpus has the handbook');
  const facts = sourceFacts(handbook.text);
  const headings = [...handbook.text.matchAll(/^## (.+)$/gm)].map((match) => match[1] as string);
  for (const length of [5, 10, 30, 60]) {
    for (const setup of SETUPS) {
      for (const engine of ['offline', 'kokoro'] as const) {
        const pace = scriptPace(engine, setup.voiceStyle, setup.voicePair);
        const script = writeOfflineScript({ text: handbook.text, minutes: length, ...setup, pace });
        const label = `${length} min/${engine}/${setup.hostMode}/${setup.voicePair}`;
        t.ok(band(estimateScriptMs(script.lines, pace), length), `${label}: ${minutes(estimateScriptMs(script.lines, pace))}`);
        t.equal(script.sourceLimitMs, null, `${label}: the source holds enough`);
        if (engine !== 'offline') continue;
        const found = inspectScript(facts, script.lines, script.notes, buildShowNotes(estimatedSegments(script.lines, pace), { sections: scriptSections(script.lines) }));
        t.same([found.unannounced, found.revisits, found.repeats, found.fragments, found.splitSentences], [[], [], [], [], []], `${label}: ${found.sections} sections, announced, in order, nothing repeated`);
        // An hour covers the whole handbook: every one of its sections is read from.
        if (length === 60) {
          const spoken = script.lines.map((line) => line.text).join(' ');
          const read = headings.filter((heading) => handbook.text.split(`## ${heading}`)[1]?.split('\n## ')[0]?.split(/(?<=[.!?])\s+/).some((sentence) => sentence.length > 40 && spoken.includes(sentence.trim())));
          t.same(read, headings, `${label}: all ${headings.length} sections of the handbook are read`);
        }
      }
    }
  }
  const chatterbox = scriptPace('chatterbox', 'professional', 'expert-curious');
  const hour = writeOfflineScript({ text: handbook.text, minutes: 120, hostMode: 'single', voiceStyle: 'professional', voicePair: 'expert-curious', pace: chatterbox });
  t.ok(hour.sourceLimitMs !== null && hour.sourceLimitMs < 120 * 60_000 * 0.85, `two hours from the handbook at the fastest pace: read whole, ${minutes(hour.sourceLimitMs ?? 0)}, and said to be short`);
  t.equal(hour.sourceLimitMs, Math.round(estimateScriptMs(hour.lines, chatterbox)));
});
