// voiceLines on several voicing slots with the real engines (the built-in voice's Flite,
// Kokoro's pipeline on the Kokoro-shaped model): never more engine calls in flight than
// slots, however long the script or however many renders share them; the same segment
// store entries, byte for byte, the same keys and the same transcript and MP3 as one line
// at a time; a failure keeps every line voiced, and the next run voices only the rest.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { ScriptLine } from '@castwright/core/script-lines';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { renderScript } from '@castwright/media/render-script';
import { StorageSegmentStore } from '@castwright/media/segment-store';
import type { SynthesisRequest, TtsEngine } from '@castwright/media/tts-engine';
import { voiceLines, type VoiceLinesOptions } from '@castwright/media/voice-lines';
import { VoicingSlots } from '@castwright/media/voicing-slots';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';

/** The engine as it is, counting the calls in flight (now and at most) and the texts asked for. */
function watched(engine: TtsEngine, failOn?: string) {
  const watch = { inFlight: 0, most: 0, texts: [] as string[] };
  const wrapped: TtsEngine = {
    name: engine.name,
    version: engine.version,
    voices: () => engine.voices(),
    warmUp: () => engine.warmUp(),
    close: () => engine.close(),
    synthesize: async (request: SynthesisRequest) => {
      watch.most = Math.max(watch.most, ++watch.inFlight);
      watch.texts.push(request.text);
      try {
        if (request.text === failOn) throw new Error('the engine refused this line');
        return await engine.synthesize(request);
      } finally {
        watch.inFlight--;
      }
    },
  };
  return { engine: wrapped, watch };
}

/** A directory of its own for each call, removed after the test. */
function scratch(t: Test): () => Promise<string> {
  const dirs: string[] = [];
  t.teardown(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'castwright-parallel-voicing-'));
    dirs.push(dir);
    return dir;
  };
}

function storeIn(dir: string): StorageSegmentStore {
  return new StorageSegmentStore({ storage: new LocalDiskStorage(dir), episodeId: 'ep_1', tempDir: dir });
}

/** Every file under `dir`, by its path inside it, with its bytes. */
async function filesIn(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = join(entry.parentPath, entry.name);
      files.set(file.slice(dir.length), await readFile(file));
    }
  }
  return files;
}

async function kokoroShaped(t: Test, slots: number, modelDir: string): Promise<KokoroEngine> {
  await installKokoroShapedModel(modelDir, { voices: ['af_heart', 'am_adam'] });
  const engine = await KokoroEngine.open({ modelDir, device: 'cpu', slots });
  t.teardown(() => engine.close());
  return engine;
}

const kokoroVoices = (speaker: string) => (speaker === 'Host 1' ? 'af_heart' : 'am_adam');
const fliteVoices = (speaker: string) => (speaker === 'Host 1' ? 'rms' : 'slt');

void t.test('a render of 500 lines never holds more than N engine calls at once', async (t) => {
  const dir = scratch(t);
  const kokoro = await kokoroShaped(t, 3, await dir());
  const { engine, watch } = watched(kokoro);
  const lines: ScriptLine[] = Array.from({ length: 500 }, (_, index) => ({ speaker: index % 2 === 0 ? 'Host 1' : 'Host 2', text: `This is line number ${index + 1}.` }));
  const progress: number[] = [];
  const result = await voiceLines({
    lines,
    engine,
    voiceFor: kokoroVoices,
    store: storeIn(await dir()),
    slots: new VoicingSlots(3),
    onProgress: (done, total) => void progress.push(done / total),
  });
  t.equal(result.engineCalls, 500);
  t.equal(watch.most, 3, 'three calls at once, never more');
  t.same(progress, lines.map((_, index) => (index + 1) / 500), 'progress once per line, in script order');
  t.same(watch.texts.slice(0, 3).sort(), lines.slice(0, 3).map((line) => line.text).sort(), 'the first lines first');
});

void t.test('renders sharing the slots hold no more calls together than the slots', async (t) => {
  const dir = scratch(t);
  const kokoro = await kokoroShaped(t, 4, await dir());
  const { engine, watch } = watched(kokoro);
  const slots = new VoicingSlots(4);
  const render = async (name: string) =>
    voiceLines({
      lines: Array.from({ length: 60 }, (_, index) => ({ speaker: 'Host 1', text: `${name} says line ${index + 1}.` })),
      engine,
      voiceFor: kokoroVoices,
      store: storeIn(await dir()),
      slots,
    });
  const [first, second] = await Promise.all([render('Ada'), render('Grace')]);
  t.equal((first?.engineCalls ?? 0) + (second?.engineCalls ?? 0), 120);
  t.ok(watch.most <= 4, `at most four calls at once over both renders (saw ${watch.most})`);
  t.equal(slots.busy, 0);
});

void t.test('parallel and serial voicing give byte-identical store entries, the same keys and the same transcript', async (t) => {
  // A reused line, a line said twice and lines of both hosts.
  const lines: ScriptLine[] = [
    { speaker: 'Host 1', text: 'Welcome back to the show where we talk about rivers.' },
    { speaker: 'Host 2', text: 'Rivers carry water from the mountains to the sea.' },
    { speaker: 'Host 2', text: 'They also shape the land around them.' },
    { speaker: 'Host 1', text: 'That is a great point so let us dig deeper.' },
    { speaker: 'Host 2', text: 'Rivers carry water from the mountains to the sea.' },
    { speaker: 'Host 1', text: 'Floods bring silt that makes the valley fertile.' },
    { speaker: 'Host 2', text: 'And the delta grows a little every year.' },
    { speaker: 'Host 1', text: 'Thanks for listening everyone.' },
  ];
  const dir = scratch(t);
  const engines = [
    { label: 'built-in voice', voiceFor: fliteVoices, open: async (slots: number) => new OfflineVoiceEngine({ tempDir: await dir(), slots }) },
    { label: 'Kokoro pipeline', voiceFor: kokoroVoices, open: async (slots: number) => kokoroShaped(t, slots, await dir()) },
  ];
  for (const { label, voiceFor, open } of engines) {
    const serial = await open(1);
    const parallel = await open(3);
    t.teardown(() => Promise.all([serial.close(), parallel.close()]));
    const run = async (engine: TtsEngine, slots: VoicingSlots | undefined) => {
      const storeDir = await dir();
      const store = storeIn(storeDir);
      // One line stored before, as a resumed render finds it.
      const before = await voiceLines({ lines: lines.slice(3, 4), engine, voiceFor, store });
      const progress: number[] = [];
      const options: VoiceLinesOptions = { lines, engine, voiceFor, store, onProgress: (done) => void progress.push(done), ...(slots ? { slots } : {}) };
      const voiced = await voiceLines(options);
      const rendered = await renderScript({ lines, engine, voiceFor, workDir: await dir(), metadata: { title: 'Rivers', artist: 'Castwright' }, ...(slots ? { slots } : {}) });
      return { before, voiced, progress, files: await filesIn(storeDir), rendered, mp3: await readFile(rendered.audioFile) };
    };
    const one = await run(serial, undefined);
    const many = await run(parallel, new VoicingSlots(3));
    t.same(many.voiced, { ...one.voiced, synthesisMs: many.voiced.synthesisMs }, `${label}: the same keys, reuse, engine calls and sample rate`);
    t.equal(many.voiced.engineCalls, 6, `${label}: six lines voiced (one was stored, one is said twice)`);
    t.same(many.progress, [1, 2, 3, 4, 5, 6, 7, 8], `${label}: progress in script order`);
    t.same([...many.files.keys()].sort(), [...one.files.keys()].sort(), `${label}: the same objects`);
    for (const [file, bytes] of one.files) t.ok(many.files.get(file)?.equals(bytes), `${label}: ${file} byte for byte`);
    t.same(many.rendered.segments, one.rendered.segments, `${label}: the same transcript`);
    t.equal(many.rendered.durationMs, one.rendered.durationMs);
    t.ok(many.mp3.equals(one.mp3), `${label}: the same MP3`);
  }
});

void t.test('a failure keeps every line voiced, names its line, and the next run voices only the rest', async (t) => {
  const dir = scratch(t);
  const offline = new OfflineVoiceEngine({ tempDir: await dir(), slots: 2 });
  t.teardown(() => offline.close());
  const lines: ScriptLine[] = Array.from({ length: 12 }, (_, index) => ({ speaker: index % 2 === 0 ? 'Host 1' : 'Host 2', text: `The river bends for the ${index + 1}th time.` }));
  const store = storeIn(await dir());
  const failing = watched(offline, lines[6]?.text);
  await t.rejects(
    voiceLines({ lines, engine: failing.engine, voiceFor: fliteVoices, store, slots: new VoicingSlots(2) }),
    { name: 'RenderScriptError', message: 'Line 7 (Host 1) could not be synthesized: the engine refused this line' },
  );
  const asked = new Set(failing.watch.texts);
  t.ok(failing.watch.texts.length < lines.length, 'no new lines were taken after the failure');
  const again = watched(offline);
  const resumed = await voiceLines({ lines, engine: again.engine, voiceFor: fliteVoices, store, slots: new VoicingSlots(2) });
  const voicedBefore = lines.filter((line, index) => index !== 6 && asked.has(line.text)).map((line) => line.text);
  t.same(
    again.watch.texts.sort(),
    lines.filter((line) => !voicedBefore.includes(line.text)).map((line) => line.text).sort(),
    'every line the failed run voiced (those in flight at the failure too) was kept; only the rest are voiced',
  );
  t.same(resumed.lines.filter((line) => line.reused).length, voicedBefore.length);
});
