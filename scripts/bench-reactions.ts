// `npm run bench:reactions`: what reactions, cut-ins and natural pauses cost the chunked
// master. A two-host script (the built-in writer at `lively`, from the writer corpus's long
// handbook) is voiced once by the built-in Flite voice into a segment store on disk; then it
// is mastered three ways, each timed on its own (voicing excluded): the baseline, the same
// script without its reactions and cut-ins at the fixed pauses (what every episode was
// before: one chunk per line); with them (each reaction mixed under its line in a pause found
// in that line's envelope, the cut-ins, natural pauses: one chunk per placed clip); and a
// re-render after one reaction is edited (one chunk encoded, the others copied). Figures are
// per minute of audio, with ratios to the baseline.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScriptLine } from '@castwright/core/script-lines';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { assembleEpisode, type AssembledEpisode } from '@castwright/media/assemble-episode';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { scriptTimeline } from '@castwright/media/script-timeline';
import { StorageSegmentStore } from '@castwright/media/segment-store';
import { castVoice, castVoices } from '@castwright/media/voice-casting';
import { voiceLines } from '@castwright/media/voice-lines';
import { fixed } from './bench/stats.ts';

configureFfmpegTools();
const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const casting = castVoices('offline', 'professional', 'expert-curious', []);
const pace = { wordsPerMinute: { 'Host 1': 165, 'Host 2': 165 }, pauseMsBetweenTurns: casting.pauses.speakerChangeMs, pauseMsWithinSpeaker: casting.pauses.sameSpeakerMs, leadInMs: casting.pauses.leadInMs, leadOutMs: casting.pauses.leadOutMs };
const handbook = await readFile(new URL('../test/fixtures/writer-corpus/keeping-time.md', import.meta.url), 'utf8');
const lively = writeOfflineScript({ text: handbook, minutes: MINUTES, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious', pace, reactions: 'lively' }).lines;
const strict = lively.filter((line) => !line.reaction).map(({ overlapMs: _overlapMs, ...line }) => line);
const edited = lively.findIndex((line) => line.reaction);
const changed = lively.map((line, index) => (index === edited ? { ...line, text: 'Oh, really?' } : line));

const dir = await mkdtemp(path.join(tmpdir(), 'bench-reactions-'));
const engine = new OfflineVoiceEngine();
try {
  const store = new StorageSegmentStore({ storage: new LocalDiskStorage(path.join(dir, 'segments')), episodeId: 'bench', tempDir: dir });
  const voice = (lines: readonly ScriptLine[]) => voiceLines({ lines, engine, voiceFor: (speaker) => castVoice(casting, speaker), store });
  const [voicedLively, voicedChanged] = [await voice(lively), await voice(changed)];
  const voicedStrict = { lines: voicedLively.lines.filter((_, index) => !lively[index]?.reaction) };
  const master = async (label: string, lines: readonly ScriptLine[], keys: { key: string }[], style: 'fixed' | 'natural', previous?: AssembledEpisode) => {
    const timeline = scriptTimeline(lines, casting.pauses, style);
    const started = performance.now();
    const episode = await assembleEpisode({
      lines: lines.map((line, index) => ({ speaker: line.speaker, clip: () => store.get(keys[index]?.key as string), ...timeline[index] })),
      pauses: casting.pauses,
      metadata: { title: 'Bench', artist: 'Castwright' },
      workDir: dir,
      outputFileName: `${label}.mp3`,
      ...(previous ? { previous: { audio: previous.audioFile, chunkTable: previous.chunkTable, plan: previous.plan } } : {}),
    });
    return { label, ms: performance.now() - started, episode };
  };
  const baseline = await master('strict', strict, voicedStrict.lines, 'fixed');
  const reacting = await master('reactions', lively, voicedLively.lines, 'natural');
  const again = await master('edited', changed, voicedChanged.lines, 'natural', reacting.episode);
  const reactions = lively.filter((line) => line.reaction).length;
  const cutIns = lively.filter((line) => line.overlapMs !== undefined).length;
  console.log(`${lively.length} lines (${reactions} reactions, ${cutIns} cut-ins), ${strict.length} without them; audio ${fixed(baseline.episode.durationMs / 60_000, 2, 0)} and ${fixed(reacting.episode.durationMs / 60_000, 2, 0)} minutes`);
  console.log('master                          chunks   encoded   ms      ms per audio minute   ratio');
  for (const run of [baseline, reacting, again]) {
    const perMinute = run.ms / (run.episode.durationMs / 60_000);
    const ratio = perMinute / (baseline.ms / (baseline.episode.durationMs / 60_000));
    console.log(`${run.label.padEnd(30)}  ${String(run.episode.chunkTable.chunks.length).padStart(6)}   ${String(run.episode.stats.chunksEncoded).padStart(7)}   ${fixed(run.ms, 0, 0).padStart(6)}   ${fixed(perMinute, 0, 0).padStart(19)}   ×${fixed(ratio, 2, 0)}`);
  }
  console.log(`The edited reaction: ${again.episode.stats.chunksEncoded} chunk encoded, ${again.episode.stats.chunksReused} copied; re-render ×${fixed(again.ms / reacting.ms, 2, 0)} of the master it changes`);
} finally {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
}
