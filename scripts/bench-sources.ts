// `npm run bench:sources`: what weaving several sources into one episode costs the
// built-in writer, against writing the same texts one episode each (the baseline, in the
// same process). Three texts (a web article and a PDF report of the writer corpus, and the
// lighthouse article the tests use, typed: two of them about lighthouses) are written as
// three 7-minute episodes, then as one 7-minute episode of three sources: the
// multi-source path reads each source, finds the themes they share and keeps every line's
// refs. Each figure is the median of its runs, the runs interleaved so no run finds the
// writer's cache of the last text read warm. It prints the times, their ratio, and what
// the one episode came to (sections, themes, lines with refs, sources left out).
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import type { ScriptPace, ScriptRequest, ScriptSource } from '@castwright/content/script/script-writer';
import { scriptSections } from '@castwright/content/script/script-sections';
import { typedTextBlocks } from '@castwright/content/ingest/source-text';
import { usableText } from '@castwright/content/text/clean-text';
import { readFixture } from '#test-helpers/fixtures';
import { writerCorpus } from '#test-helpers/writer-corpus';
import { fixed, percentile } from './bench/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 175 }, pauseMsBetweenTurns: 400, pauseMsWithinSpeaker: 250, leadInMs: 500, leadOutMs: 500 };
const base: Omit<ScriptRequest, 'text'> = { minutes: 7, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious', pace, language: 'en' };

const corpus = await writerCorpus();
const chosen = [
  ...['night-trains', 'lighthouse-survey'].map((name) => {
    const text = corpus.find((entry) => entry.name === name);
    if (!text) throw new Error(`no corpus text ${name}`);
    return text;
  }),
  { name: 'lighthouses', kind: 'typed text', text: usableText(typedTextBlocks(await readFixture('lighthouses.txt'))) },
];
const KINDS = ['url', 'document', 'text'] as const;
const sources: ScriptSource[] = chosen.map((entry, index) => ({ index, kind: KINDS[index] ?? 'text', title: entry.name, text: entry.text, language: 'en' }));

const timed = (request: ScriptRequest) => {
  const started = performance.now();
  const script = writeOfflineScript(request);
  return { ms: performance.now() - started, script };
};

const separate: number[] = [];
const together: number[] = [];
let last: ReturnType<typeof writeOfflineScript> | undefined;
for (let run = 0; run < RUNS; run += 1) {
  separate.push(chosen.reduce((sum, entry) => sum + timed({ ...base, text: entry.text }).ms, 0));
  const woven = timed({ ...base, text: chosen.map((entry) => entry.text).join('\n\n'), sources });
  together.push(woven.ms);
  last = woven.script;
}

const median = (values: number[]) => percentile(values, 50);
const characters = sources.reduce((sum, source) => sum + source.text.length, 0);
console.log(`bench:sources — ${RUNS} runs, three corpus texts (${chosen.map((entry) => entry.name).join(', ')}), ${characters.toLocaleString('en-US')} characters`);
console.log(`three episodes, one text each (baseline)  ${fixed(median(separate))} ms median`);
console.log(`one episode of the three sources           ${fixed(median(together))} ms median   ×${(median(together) / median(separate)).toFixed(2)} of the baseline`);
if (last) {
  const refs = last.lines.filter((line) => (line.sourceRefs ?? []).length > 0);
  const themes = scriptSections(last.lines).filter((section, index, all) => {
    const lines = last?.lines.slice(section.start, all[index + 1]?.start) ?? [];
    return new Set(lines.flatMap((line) => (line.sourceRefs ?? []).map((ref) => ref.source))).size > 1;
  });
  const cited = new Set(refs.flatMap((line) => (line.sourceRefs ?? []).map((ref) => ref.source)));
  console.log(`the one episode: ${last.lines.length} lines, ${scriptSections(last.lines).length} sections (${themes.length} comparing sources), ${refs.length} lines with refs, sources read from: ${[...cited].sort().join(', ')}, left out: ${last.leftOut?.join(', ') ?? 'none'}`);
}
