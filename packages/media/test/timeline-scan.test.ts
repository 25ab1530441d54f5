// The timeline's loudness as the scan reads it, clip by clip: against the same timeline
// metered whole (speech from the real offline voice, short reactions among it, the pauses
// an episode has between them); and a clip recalled from the last render's record, which
// the scan must take as recorded without reading it.
import t from 'tap';
import { combinedReading, LoudnessMeter } from '@castwright/media/loudness-meter';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { scanTimeline } from '@castwright/media/timeline-scan';
import { voicedClip, type VoicedClip } from '@castwright/media/voiced-clip';

const TEXTS = [
  'Welcome back to the show, where we look at how clocks learned to keep time at sea.',
  'Mm-hm.',
  'The longitude prize offered a fortune to anyone who could find a ship\'s position.',
  'Right.',
  'John Harrison spent forty years building four marine timekeepers.',
  'His fourth one was small enough to hold in one hand.',
  'Yes!',
  'And it lost only a few seconds on the voyage to Jamaica, which nobody believed at first.',
];
const PAUSES_MS = [250, 450, 180, 600, 300, 450, 220];

const engine = new OfflineVoiceEngine();
const clips: VoicedClip[] = [];
for (const [index, text] of TEXTS.entries()) clips.push(voicedClip(await engine.synthesize({ text, voice: index % 2 === 0 ? 'rms' : 'slt' })));
await engine.close();
const rate = (clips[0] as VoicedClip).sampleRate;

void t.test('clip by clip, the timeline reads as it does metered whole', async (t) => {
  for (const gain of [1, 0.25]) {
    const loud = clips.map((clip) => ({ ...clip, samples: clip.samples.map((sample) => sample * gain) }));
    const whole = new LoudnessMeter(rate);
    whole.pushSilence(Math.round(rate * 0.3));
    loud.forEach((clip, index) => {
      if (index > 0) whole.pushSilence(Math.round((rate * (PAUSES_MS[index - 1] as number)) / 1000));
      whole.push(clip.samples);
    });
    whole.pushSilence(Math.round(rate * 0.3));
    const expected = whole.reading();
    const scan = await scanTimeline(loud.map((clip) => ({ clip })));
    const difference = scan.loudness.integratedLufs - expected.integratedLufs;
    t.ok(Math.abs(difference) <= 0.05, `at ×${gain}: ${scan.loudness.integratedLufs.toFixed(3)} LUFS clip by clip, ${expected.integratedLufs.toFixed(3)} whole (${difference.toFixed(3)} LU)`);
    t.ok(Math.abs(scan.loudness.truePeakDbtp - expected.truePeakDbtp) < 1e-9, `the same true peak (${expected.truePeakDbtp.toFixed(2)} dBTP)`);
  }
});

void t.test('a recalled clip is taken from its record, never read', async (t) => {
  const first = await scanTimeline(clips.map((clip) => ({ clip })));
  let reads = 0;
  const recalled = await scanTimeline(clips.map((clip, index) => ({
    clip: async () => {
      reads++;
      return clip;
    },
    ...(index % 2 === 1 ? { recalled: { recipe: 'a'.repeat(64), samples: first.clipSamples[index] as number, digest: first.clipDigests[index] as string, loudness: first.clipLoudness[index] as never, layout: [0, 1, 2] } } : {}),
  })), undefined, rate);
  t.equal(reads, 4, 'only the clips without a record are read');
  t.same(recalled.recalled, clips.map((_, index) => index % 2 === 1));
  t.same(recalled.clipDigests, first.clipDigests);
  t.same(recalled.clipSamples, first.clipSamples);
  t.same(recalled.loudness, first.loudness, 'the same reading from the records');
  t.same(recalled.layouts[1], [0, 1, 2], 'a record keeps its layout');
  t.same(combinedReading(first.clipLoudness), first.loudness);

  const allRecalled = await scanTimeline([{ clip: async () => t.fail('read') as never, recalled: { recipe: 'b'.repeat(64), samples: 10, digest: 'c'.repeat(64), loudness: first.clipLoudness[0] as never } }], undefined, rate);
  t.equal(allRecalled.sampleRate, rate, 'the rate of the records when the first clip is recalled');
});
