// Lines that overlap, mastered for real (the offline voice, ffmpeg): a reaction is mixed a
// few dB lower under the line it goes under, starting in a pause of that line; a cut-in
// starts its overlap before the line before it ends; a reaction under a line with no pause
// waits for the line to end; the pauses asked for between lines hold; a re-render after a
// reaction is edited encodes that one chunk and moves no other line. The MP3 is checked
// with ffmpeg's decoder and cross-correlation, not with the code under test. Beside it the
// pieces on their own: pauses found in a clip's envelope, natural pauses drawn per line,
// and a script's placements.
import t from 'tap';
import { assembleEpisode, type AssembledEpisode, type AssemblyLine } from '@castwright/media/assemble-episode';
import { naturalPauseMs, PAUSE_RANGES } from '@castwright/media/natural-pauses';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { REACTION_GAIN_DB } from '@castwright/media/placed-clips';
import { scriptTimeline } from '@castwright/media/script-timeline';
import { findPauses } from '@castwright/media/speech-pauses';
import { voicedClip, type VoicedClip } from '@castwright/media/voiced-clip';
import { decodeMp3, onsetLag } from './helpers/decoded-audio.ts';

t.setTimeout(5 * 60_000);

const RATE = 16_000;
const PAUSES = { leadInMs: 300, leadOutMs: 300, sameSpeakerMs: 250, speakerChangeMs: 450 };
const engine = new OfflineVoiceEngine();
const voice = async (text: string, flite: string) => voicedClip(await engine.synthesize({ text, voice: flite }));
const host = await voice('Keepers spent their nights hauling fuel up narrow stairs. Many ships were still lost on rocks near a burning beacon.', 'rms');
const wow = await voice('Wow.', 'slt');
const really = await voice('Really?', 'slt');
const question = await voice('Why was the light so weak?', 'slt');
const answer = await voice('The flame was small, and rain could hide it from the sea.', 'rms');
const cutIn = await voice('And the smoke blackened the glass.', 'slt');
const closing = await voice('That is all for today.', 'rms');
const okay = await voice('Okay.', 'slt');
await engine.close();

const lines = (reaction: VoicedClip): AssemblyLine[] => [
  { speaker: 'Host 1', clip: host },
  { speaker: 'Host 2', clip: reaction, placement: { kind: 'reaction', share: 0.45 } },
  { speaker: 'Host 2', clip: question, pauseBeforeMs: 300 },
  { speaker: 'Host 1', clip: answer, pauseBeforeMs: 520 },
  { speaker: 'Host 2', clip: cutIn, placement: { kind: 'cut-in', overlapMs: 400 } },
  { speaker: 'Host 1', clip: closing, pauseBeforeMs: 610 },
  // "That is all for today." has no pause to sit in: the reaction follows it.
  { speaker: 'Host 2', clip: okay, placement: { kind: 'reaction', share: 0.5 } },
];
const ms = (samples: number) => (samples * 1000) / RATE;
const rms = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let at = from; at < to; at += 1) sum += (samples[at] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};
const db = (ratio: number) => 20 * Math.log10(ratio);

const firstDir = t.testdir();
let first: AssembledEpisode;

t.test('a reaction in a pause of its line, a few dB under it; a cut-in; a reaction after a line with no pause', async (t) => {
  first = await assembleEpisode({ lines: lines(wow), pauses: PAUSES, metadata: { title: 'Keepers', artist: 'Castwright' }, workDir: firstDir });
  const [hostLine, reaction, asked, answered, cut, last, after] = first.segments as [typeof first.segments[0], ...typeof first.segments];
  t.equal(first.chunkTable.chunks.length, 4, 'four placed clips: a line with its reaction, a question, an answer with its cut-in, a line with its reaction');

  const pause = findPauses(host).find((found) => found.endSample > 0) as { startSample: number; endSample: number };
  t.ok(pause, 'the two-sentence line has a pause between its sentences');
  const into = (reaction?.startTimeMs ?? 0) - (hostLine?.startTimeMs ?? 0);
  t.ok(into >= ms(pause.startSample) && into <= ms(pause.endSample) - 150, `the reaction starts ${into} ms into its line, inside its pause (${ms(pause.startSample)}–${ms(pause.endSample)} ms) and at least 150 ms before the voice returns`);
  t.ok((reaction?.endTimeMs ?? 0) < (hostLine?.endTimeMs ?? 0), 'and ends while the line still runs');

  const decoded = await decodeMp3(first.audioFile, RATE);
  const at = (segment: { startTimeMs: number }) => Math.round((segment.startTimeMs * RATE) / 1000);
  for (const [name, segment, clip] of [['the line', hostLine, host], ['the reaction', reaction, wow], ['the question', asked, question], ['the answer', answered, answer], ['the closing', last, closing], ['the last reaction', after, okay]] as const) {
    const lag = onsetLag(decoded, clip.samples.subarray(0, Math.min(clip.samples.length, RATE / 4)), at(segment as { startTimeMs: number }), RATE / 50);
    t.ok(Math.abs(lag) <= RATE / 1000, `${name} is in the MP3 where its segment says (${ms(lag).toFixed(1)} ms off)`);
  }
  // The master's gain, from the line alone, and the reaction's level where it sounds alone (in the pause).
  const gain = rms(decoded, at(hostLine as { startTimeMs: number }), at(hostLine as { startTimeMs: number }) + RATE / 2) / rms(host.samples, 0, RATE / 2);
  const alone = Math.round(((ms(pause.endSample) - into) * RATE) / 1000) - RATE / 50;
  const under = rms(decoded, at(reaction as { startTimeMs: number }), at(reaction as { startTimeMs: number }) + alone) / (gain * rms(wow.samples, 0, alone));
  t.ok(Math.abs(db(under) - REACTION_GAIN_DB) <= 1.5, `the reaction is ${db(under).toFixed(1)} dB against its own level (${REACTION_GAIN_DB} dB asked)`);

  t.equal(asked?.startTimeMs, Math.max(hostLine?.endTimeMs ?? 0, reaction?.endTimeMs ?? 0) + 300, 'the pause asked for follows the line and its reaction');
  t.equal(answered?.startTimeMs, (asked?.endTimeMs ?? 0) + 520);
  t.ok(Math.abs((cut?.startTimeMs ?? 0) - ((answered?.endTimeMs ?? 0) - 400)) <= 1, `the cut-in starts 400 ms before the answer ends (${(answered?.endTimeMs ?? 0) - (cut?.startTimeMs ?? 0)} ms)`);
  t.equal(last?.startTimeMs, (cut?.endTimeMs ?? 0) + 610, 'the next line follows the cut-in');
  t.ok(findPauses(closing).every((found) => ms(found.endSample - found.startSample) < 240), 'the closing line has no pause a reaction could sit in');
  t.ok(Math.abs((after?.startTimeMs ?? 0) - (last?.endTimeMs ?? 0)) <= 1, 'so its reaction starts as it ends, on no word of it');
});

t.test('an edited reaction: its one chunk encoded again, every other line where it was', async (t) => {
  const again = await assembleEpisode({
    lines: lines(really),
    pauses: PAUSES,
    previous: { audio: first.audioFile, chunkTable: first.chunkTable, plan: first.plan },
    metadata: { title: 'Keepers', artist: 'Castwright' },
    workDir: t.testdir(),
  });
  t.match(again.stats, { chunksEncoded: 1, chunksReused: 3 }, 'one chunk encoded: the line the reaction is under');
  again.segments.forEach((segment, index) => {
    if (index !== 1) t.same(segment, first.segments[index], `line ${index + 1} keeps its times`);
  });
  t.not(again.segments[1]?.endTimeMs, first.segments[1]?.endTimeMs, 'the new reaction runs its own length');
  t.ok((again.segments[1]?.startTimeMs ?? 0) > (again.segments[0]?.startTimeMs ?? 0), 'still under its line');
});

t.test("pauses in a clip's envelope: silence between voiced stretches, not the trimmed ends", async (t) => {
  const tone = (msLong: number) => Float32Array.from({ length: (msLong * RATE) / 1000 }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 220 * n) / RATE));
  const silence = (msLong: number) => new Float32Array((msLong * RATE) / 1000);
  const join = (...parts: Float32Array[]) => {
    const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  const pauses = findPauses({ sampleRate: RATE, samples: join(tone(400), silence(300), tone(300), silence(100), tone(300)) });
  t.equal(pauses.length, 1, 'one pause: 100 ms of silence is a stop, not a pause');
  t.ok(Math.abs(ms(pauses[0]?.startSample ?? 0) - 400) <= 10 && Math.abs(ms(pauses[0]?.endSample ?? 0) - 700) <= 10, `found at ${ms(pauses[0]?.startSample ?? 0)}–${ms(pauses[0]?.endSample ?? 0)} ms`);
  t.same(findPauses({ sampleRate: RATE, samples: join(silence(300), tone(300), silence(300)) }), [], 'silence at the ends is no pause');
});

t.test('natural pauses: drawn from their range, the same after the same line, shorter in a quick exchange, longer before a section', async (t) => {
  const long = { speaker: 'Host 1', text: 'The lens threw light far out to sea, further than any lamp before it, and sailors could see it for hours as they came in.' };
  const other = (text: string, opensSection = false) => ({ speaker: 'Host 2', text, opensSection });
  const answerLine = other('Fresnel built the lens from rings of glass prisms around a central bulls-eye, which bent the light into one beam.');
  const turn = naturalPauseMs(PAUSES, long, answerLine);
  t.equal(naturalPauseMs(PAUSES, long, answerLine), turn, 'seeded by the line: the same every time');
  const range = (kind: keyof typeof PAUSE_RANGES, base: number) => [Math.round(base * PAUSE_RANGES[kind][0]), Math.round(base * PAUSE_RANGES[kind][1])];
  const [low, high] = range('speakerChange', PAUSES.speakerChangeMs);
  t.ok(turn >= (low as number) && turn <= (high as number), `a change of speaker: ${turn} ms in ${low}–${high}`);
  const quick = naturalPauseMs(PAUSES, long, other('Why?'));
  t.ok(quick <= Math.round(PAUSES.speakerChangeMs * PAUSE_RANGES.quickExchange[1]), `a quick exchange: ${quick} ms`);
  const section = naturalPauseMs(PAUSES, long, other('Now to the keepers.', true));
  t.ok(section >= Math.round(PAUSES.speakerChangeMs * PAUSE_RANGES.newSection[0]), `before a new section: ${section} ms`);
  const drawn = new Set(Array.from({ length: 20 }, (_, n) => naturalPauseMs(PAUSES, { speaker: 'Host 1', text: `Line number ${n} says something long enough to be an ordinary turn of speech in the talk.` }, answerLine)));
  t.ok(drawn.size > 10, `twenty lines draw ${drawn.size} different pauses after them, not one fixed value`);
  t.equal(naturalPauseMs(PAUSES, long, other('Fresnel built the lens from rings of glass prisms around a bulls-eye, which bent all the light into one beam, he said.')), turn, 'the pause before a line is drawn by the line before it: an edited line keeps its start');
});

t.test("a script's placements: fixed pauses at none, natural ones otherwise, reactions at their word's share, cut-ins", async (t) => {
  const script = [
    { speaker: 'Host 1' as const, text: 'One two three. Four five six.' },
    { speaker: 'Host 2' as const, text: 'Mm-hm.', reaction: { afterWord: 3 } },
    { speaker: 'Host 2' as const, text: 'Seven?' },
    { speaker: 'Host 1' as const, text: 'Eight.', overlapMs: 200 },
    { speaker: 'Host 1' as const, text: 'Nine.', section: 'Later' },
  ];
  const fixed = scriptTimeline(script, PAUSES, 'fixed');
  t.same(fixed, [
    {},
    { placement: { kind: 'reaction', share: 13 / 29 } },
    { pauseBeforeMs: PAUSES.speakerChangeMs },
    { placement: { kind: 'cut-in', overlapMs: 200 } },
    { pauseBeforeMs: PAUSES.sameSpeakerMs },
  ]);
  const natural = scriptTimeline(script, PAUSES, 'natural');
  t.equal(natural[2]?.pauseBeforeMs, naturalPauseMs(PAUSES, script[0] as { speaker: string; text: string }, { speaker: 'Host 2', text: 'Seven?', opensSection: false }), 'the pause follows the line before the reaction');
  t.ok((natural[4]?.pauseBeforeMs ?? 0) >= Math.round(PAUSES.sameSpeakerMs * PAUSE_RANGES.newSection[0]), 'a section opens after a longer pause');
});
