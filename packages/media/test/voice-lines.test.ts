// voiceLines with the real offline voice and a segment store on local disk: it voices
// exactly the lines the store lacks (engine calls counted by a wrapping engine), keeps
// what it stored when a render is aborted, and names the line that fails.
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { ScriptLine } from '@castwright/core/script-lines';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { Lexicon } from '@castwright/media/pronunciation/lexicon';
import { RenderScriptError } from '@castwright/media/render-script';
import type { PronunciationEntry } from '@castwright/media/segment-key';
import { StorageSegmentStore } from '@castwright/media/segment-store';
import type { SynthesisRequest, SynthesizedAudio, TtsEngine } from '@castwright/media/tts-engine';
import { lineSegmentKey, voiceLines } from '@castwright/media/voice-lines';

const LINES: ScriptLine[] = [
  { speaker: 'Host 1', text: 'Welcome back to the show where we talk about rivers.' },
  { speaker: 'Host 2', text: 'Rivers carry water from the mountains to the sea.' },
  { speaker: 'Host 2', text: 'They also shape the land around them.' },
  { speaker: 'Host 1', text: 'That is a great point so let us dig deeper.' },
  { speaker: 'Host 2', text: 'Thanks for listening everyone.' },
];
const voiceFor = (speaker: string) => (speaker === 'Host 1' ? 'rms' : 'slt');

/** The engine as it is, with every synthesis request it is asked for recorded. */
function counted(engine: TtsEngine, change?: (audio: SynthesizedAudio, text: string) => SynthesizedAudio): { engine: TtsEngine; calls: string[]; requests: SynthesisRequest[] } {
  const calls: string[] = [];
  const requests: SynthesisRequest[] = [];
  return {
    calls,
    requests,
    engine: {
      name: engine.name,
      version: engine.version,
      voices: () => engine.voices(),
      warmUp: () => engine.warmUp(),
      close: () => engine.close(),
      synthesize: async (request: SynthesisRequest) => {
        calls.push(request.text);
        requests.push(request);
        const audio = await engine.synthesize(request);
        return change ? change(audio, request.text) : audio;
      },
    },
  };
}

function setup(t: Test) {
  const root = t.testdir({ engine: {}, storage: {} });
  const offline = new OfflineVoiceEngine({ tempDir: join(root, 'engine') });
  t.teardown(() => offline.close());
  const store = new StorageSegmentStore({ storage: new LocalDiskStorage(join(root, 'storage')), episodeId: 'ep_1', tempDir: root });
  return { offline, store };
}

void t.test('voices only the lines the store lacks', async (t) => {
  const { offline, store } = setup(t);
  const { engine, calls } = counted(offline);
  const progress: number[] = [];
  const voiced: number[] = [];
  const first = await voiceLines({ lines: LINES, engine, voiceFor, store, onProgress: (done) => void progress.push(done), onVoiced: (line) => void voiced.push(line.index) });
  t.equal(first.engineCalls, 5);
  t.same(calls, LINES.map((line) => line.text));
  t.same(first.lines.map((line) => line.reused), [false, false, false, false, false]);
  t.same(progress, [1, 2, 3, 4, 5]);
  t.same(voiced, [0, 1, 2, 3, 4]);
  t.equal(first.sampleRate, 16_000);
  t.ok(first.synthesisMs > 0);
  t.same(first.lines.map((line) => line.key), LINES.map((line) => lineSegmentKey(line, { engine: offline, voice: voiceFor(line.speaker) })), 'keys as lineSegmentKey computes them');
  for (const { key } of first.lines) t.ok(await store.has(key), 'each line stored');

  calls.length = 0;
  const again = await voiceLines({ lines: LINES, engine, voiceFor, store });
  t.equal(again.engineCalls, 0, 'nothing to voice the second time');
  t.same(again.lines, first.lines.map((line) => ({ ...line, reused: true })));

  const edited = LINES.map((line, index) => (index === 2 ? { ...line, text: 'They also shape the valleys around them.' } : line));
  const third = await voiceLines({ lines: edited, engine, voiceFor, store });
  t.same(calls, ['They also shape the valleys around them.'], 'one edited line, one synthesis');
  t.same(third.lines.map((line) => line.reused), [true, true, false, true, true]);

  calls.length = 0;
  await voiceLines({ lines: LINES, engine, voiceFor, store, speed: 1.2 });
  t.equal(calls.length, 5, 'another speed is another sound: every line again');
  calls.length = 0;
  await voiceLines({ lines: LINES.map((line) => ({ ...line, pronunciations: [{ term: 'rivers', sayAs: 'rivvers' }] })), engine, voiceFor, store });
  t.equal(calls.length, 5, 'pronunciation entries are keyed');
});

void t.test('a line said twice is voiced once; the text voiced is the text keyed', async (t) => {
  const { offline, store } = setup(t);
  const { engine, calls } = counted(offline);
  const lines: ScriptLine[] = [
    { speaker: 'Host 1', text: 'Good  morning.' },
    { speaker: 'Host 2', text: 'Hello there.' },
    { speaker: 'Host 1', text: ' Good morning.\n' },
  ];
  const result = await voiceLines({ lines, engine, voiceFor, store });
  t.same(calls, ['Good morning.', 'Hello there.']);
  t.same(result.lines.map((line) => line.reused), [false, false, true]);
  t.equal(result.lines[0]?.key, result.lines[2]?.key);
});

void t.test('an aborted run keeps the lines it stored, and the next run voices only the rest', async (t) => {
  const { offline, store } = setup(t);
  const { engine, calls } = counted(offline);
  const controller = new AbortController();
  await t.rejects(
    voiceLines({ lines: LINES, engine, voiceFor, store, signal: controller.signal, onProgress: (done) => (done === 2 ? controller.abort() : undefined) }),
    { name: 'AbortError' },
  );
  t.equal(calls.length, 2);
  calls.length = 0;
  const resumed = await voiceLines({ lines: LINES, engine, voiceFor, store });
  t.same(calls, LINES.slice(2).map((line) => line.text), 'only the three not yet stored');
  t.same(resumed.lines.map((line) => line.reused), [true, true, false, false, false]);
});

void t.test('failures name the line; bad audio is refused before it is stored', async (t) => {
  const { offline, store } = setup(t);
  await t.rejects(
    voiceLines({ lines: LINES, engine: offline, voiceFor: (speaker) => (speaker === 'Host 2' ? 'nobody' : 'rms'), store }),
    new RenderScriptError('Line 2 (Host 2) could not be synthesized: Unknown offline voice "nobody"; available: rms, slt'),
  );
  await t.rejects(voiceLines({ lines: [], engine: offline, voiceFor, store }), { message: /no lines/ });
  await t.rejects(voiceLines({ lines: [LINES[0] as ScriptLine, { speaker: 'Host 2', text: '   ' }], engine: offline, voiceFor, store }), new RenderScriptError('Line 2 (Host 2) cannot be voiced: A line with no text has no sound to key'));

  const empty = counted(offline, (audio, text) => (text === LINES[2]?.text ? { ...audio, samples: new Float32Array(0) } : audio));
  await t.rejects(voiceLines({ lines: LINES, engine: empty.engine, voiceFor, store }), new RenderScriptError('Line 3 (Host 2) could not be synthesized: the engine returned no audio'));
  // A line at another rate (a quote read by a voice of another synthesizer) is stored as made: the timeline resamples it.
  const rate = counted(offline, (audio, text) => (text === LINES[3]?.text ? { ...audio, sampleRate: 24_000 } : audio));
  const mixed = await voiceLines({ lines: LINES, engine: { ...rate.engine, version: 'another' }, voiceFor, store });
  t.equal((await store.get(mixed.lines[3]?.key as string)).sampleRate, 24_000, 'a line at another rate is kept at its own');
  const broken = counted(offline, (audio) => ({ ...audio, samples: audio.samples.map((sample, index) => (index === 100 ? Number.NaN : sample)) }));
  await t.rejects(voiceLines({ lines: LINES, engine: { ...broken.engine, version: 'broken' }, voiceFor, store }), { message: /Line 1 \(Host 1\).*not numbers/ });
  const stored = await voiceLines({ lines: LINES.slice(0, 2), engine: { ...broken.engine, version: 'broken' }, voiceFor, store }).catch(() => undefined);
  t.equal(stored, undefined, 'nothing was stored for the broken engine');
});

void t.test('a lexicon entry voices again exactly the lines that contain its term, and reaches the engine', async (t) => {
  const { offline, store } = setup(t);
  const { engine, calls, requests } = counted(offline);
  const withLexicon = (entries: PronunciationEntry[]) => {
    const lexicon = new Lexicon(entries);
    return LINES.map((line) => ({ ...line, pronunciations: lexicon.entriesIn(line.text) }));
  };
  const before = await voiceLines({ lines: withLexicon([]), engine, voiceFor, store });
  t.same(before.lines.map((line) => line.key), LINES.map((line) => lineSegmentKey(line, { engine: offline, voice: voiceFor(line.speaker) })), 'an empty lexicon keys lines as before');

  const withTerm = [LINES[0]?.text, LINES[1]?.text];
  calls.length = 0;
  requests.length = 0;
  const after = await voiceLines({ lines: withLexicon([{ term: 'rivers', sayAs: 'rivvers' }, { term: 'ocean', sayAs: 'oshun' }]), engine, voiceFor, store });
  t.same(after.lines.map((line, index) => line.key !== before.lines[index]?.key), [true, true, false, false, false], 'the keys of the two lines with "rivers" change, no others');
  t.same(after.lines.map((line) => line.reused), [false, false, true, true, true]);
  t.same(calls, withTerm, 'only they are voiced again, their text as written');
  t.same(requests.map((request) => request.pronunciations), [[{ term: 'rivers', sayAs: 'rivvers' }], [{ term: 'rivers', sayAs: 'rivvers' }]], 'with the entry for the engine to say');

  calls.length = 0;
  await voiceLines({ lines: withLexicon([{ term: 'rivers', sayAs: 'ryvers' }]), engine, voiceFor, store });
  t.same(calls, withTerm, 'a changed entry: those two lines again');
  calls.length = 0;
  await voiceLines({ lines: withLexicon([{ term: 'rivers', sayAs: 'ryvers', ipa: 'ˈɹaɪvɚz' }]), engine, voiceFor, store });
  t.same(calls, [], 'IPA beside a respelling is not what this engine says: nothing to voice again');

  const line = LINES[0] as ScriptLine;
  const keyOn = (voicing: { name: string; version: string; pronunciationInput?: 'phonemes' }, ipa: string) =>
    lineSegmentKey({ ...line, pronunciations: [{ term: 'rivers', sayAs: 'ryvers', ipa }] }, { engine: voicing, voice: 'af_heart' });
  const kokoroLike = { name: 'kokoro', version: 'test', pronunciationInput: 'phonemes' as const };
  t.not(keyOn(kokoroLike, 'ˈɹaɪvɚz'), keyOn(kokoroLike, 'ˈɹɪvɚz'), 'but it is what Kokoro says: its key follows the IPA');
  t.equal(keyOn(kokoroLike, 'ˈɹɪvɚz'), lineSegmentKey({ ...line, pronunciations: [{ term: 'rivers', ipa: 'ˈɹɪvɚz' }] }, { engine: kokoroLike, voice: 'af_heart' }), 'and not the respelling Kokoro does not say');
  t.not(
    lineSegmentKey({ ...line, pronunciations: [{ term: 'rivers', sayAs: 'ryvers', caseSensitive: true }] }, { engine: offline, voice: 'rms' }),
    lineSegmentKey({ ...line, pronunciations: [{ term: 'rivers', sayAs: 'ryvers' }] }, { engine: offline, voice: 'rms' }),
    'case sensitivity is keyed: it decides which words change',
  );
});
