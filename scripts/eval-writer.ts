// `npm run eval:writer`: the built-in writer on a corpus the project writes itself
// (test/helpers/writer-corpus.ts: an article, a how-to with code, a PDF report with
// running headers and footers, a DOCX with a table, a Markdown page with a diagram,
// hard-wrapped plain text, and a long handbook), for every preset and an hour, in four
// voice set-ups that between them use every voiceStyle and voicePair. For each text
// and length it prints:
//  - length: the script timed at each engine's pace (offline, Kokoro, Chatterbox), and
//    for the built-in voice the real rendered audio (Flite + the real mastering), as
//    minutes and as a deviation from the target; "short" when the source holds less
//    than the target needs and is read whole;
//  - fragments, markup/URL lines, stop-word topics or chapter titles, question subjects
//    that are not noun phrases of the source, source sentences split across turns;
//  - section coherence: the sections (chapters) of the built-in voice's script, section
//    titles the line opening the section does not say, and source sentences read after
//    the script had moved on to a later part of the source;
//  - repetition: lines said twice and source sentences read twice.
// Exits 1 when any property fails. `--no-render` skips the audio (estimates only).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { PRESET_MINUTES, PRESETS } from '@castwright/core/tiers';
import type { HostMode, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { estimateScriptMs } from '@castwright/content/script/script-length';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { renderScript } from '@castwright/media/render-script';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';
import { scriptPace } from '@castwright/worker/script-pace';
import { estimatedSegments, findingsCount, inspectScript, sourceFacts, type ScriptFindings } from '#test-helpers/writer-evaluation';
import { writerCorpus } from '#test-helpers/writer-corpus';

const render = !process.argv.includes('--no-render');
/** Every preset, and an hour: a long episode must hold together too. */
const LENGTHS: { label: string; minutes: number }[] = [...PRESETS.map((preset) => ({ label: preset, minutes: PRESET_MINUTES[preset] })), { label: '60 min', minutes: 60 }];
const ENGINES: EngineName[] = ['offline', 'kokoro', 'chatterbox'];
const SETUPS: { hostMode: HostMode; voiceStyle: VoiceStyle; voicePair: VoicePair }[] = [
  { hostMode: 'single', voiceStyle: 'professional', voicePair: 'expert-curious' },
  { hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious' },
  { hostMode: 'multi', voiceStyle: 'educational', voicePair: 'interview' },
  { hostMode: 'multi', voiceStyle: 'enthusiastic', voicePair: 'debate' },
];

configureFfmpegTools();
const engine = new OfflineVoiceEngine();
const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-eval-'));
const rows: string[][] = [];
let failures = 0;
try {
  for (const item of await writerCorpus()) {
    const facts = sourceFacts(item.text);
    for (const { label, minutes } of LENGTHS) {
      const target = minutes * 60_000;
      const findings: ScriptFindings[] = [];
      const lengths = new Map<string, { ms: number; short: boolean }[]>();
      let rendered: { ms: number; short: boolean } | undefined;
      for (const [index, setup] of SETUPS.entries()) {
        for (const name of ENGINES) {
          const pace = scriptPace(name, setup.voiceStyle, setup.voicePair);
          const script = writeOfflineScript({ text: item.text, minutes, ...setup, pace });
          const ms = estimateScriptMs(script.lines, pace);
          const short = readWhole(item.text, minutes, setup, pace) && ms < target;
          // The writer's own word for a short source (what the length note is made from) must agree.
          if ((script.sourceLimitMs !== null) !== short) {
            failures += 1;
            console.error(`${item.name}/${label}/${name}: sourceLimitMs ${script.sourceLimitMs} for a script of ${(ms / 60_000).toFixed(1)} minutes`);
          }
          lengths.set(name, [...(lengths.get(name) ?? []), { ms, short }]);
          if (name !== 'offline') continue;
          const sections = scriptSections(script.lines);
          let notes = buildShowNotes(estimatedSegments(script.lines, pace), { sections });
          if (render && index === 0) {
            const casting = castVoices('offline', setup.voiceStyle, setup.voicePair, engine.voices());
            const audio = await renderScript({
              lines: script.lines, engine, workDir, metadata: { title: script.title, artist: 'eval' },
              voiceFor: (speaker) => casting.voices[speaker], speed: casting.speed, pauses: casting.pauses, outputFileName: 'eval.mp3',
            });
            rendered = { ms: audio.durationMs, short };
            notes = buildShowNotes(audio.segments, { sections });
          }
          findings.push(inspectScript(facts, script.lines, script.notes, notes));
        }
      }
      const problems = findings.reduce((sum, found) => sum + findingsCount(found), 0);
      const lengthCells = ENGINES.map((name) => spread(lengths.get(name) ?? [], target));
      const bandFailures = [...lengths.values(), ...(rendered ? [[rendered]] : [])].flat().filter((length) => !length.short && !inBand(length.ms, target)).length;
      failures += problems + bandFailures;
      const sum = (pick: (found: ScriptFindings) => number) => String(findings.reduce((total, found) => total + pick(found), 0));
      const offline = findings.map((found) => found.sections);
      rows.push([
        item.name, item.kind, label,
        rendered ? describe(rendered, target) : '-',
        ...lengthCells,
        sum((found) => found.fragments.length), sum((found) => found.markup.length), sum((found) => found.badTitles.length),
        `${sum((found) => found.badSubjects.length)}/${sum((found) => found.questions)}`, sum((found) => found.splitSentences.length),
        Math.min(...offline) === Math.max(...offline) ? String(offline[0]) : `${Math.min(...offline)}–${Math.max(...offline)}`,
        sum((found) => found.unannounced.length), sum((found) => found.revisits.length), sum((found) => found.repeats.length),
      ]);
      for (const found of findings) for (const [what, list] of Object.entries(found)) if (Array.isArray(list) && list.length > 0) console.error(`${item.name}/${label} ${what}: ${list.slice(0, 3).join(' | ')}`);
    }
  }
} finally {
  await engine.close();
  await rm(workDir, { recursive: true, force: true });
}

printTable(
  ['text', 'kind', 'length', 'rendered (offline)', 'offline est.', 'kokoro est.', 'chatterbox est.', 'fragments', 'markup', 'stop-word titles', 'bad subjects', 'split', 'sections', 'unannounced', 'revisits', 'repeats'],
  rows,
);
console.log(`\nLengths: minutes (deviation from the target); ranges over the ${SETUPS.length} voice set-ups; band ±${LENGTH_TOLERANCE * 100} %; "short": the source holds less than the target and is read whole.`);
console.log('Section coherence: sections = sections of the built-in voice\'s scripts (the chapters); unannounced = section titles the opening line does not say; revisits = source sentences read after the script moved on past their part of the source.');
console.log('Repetition: repeats = lines said twice and source sentences read twice.');
console.log(failures === 0 ? 'All properties hold.' : `${failures} failure(s).`);
process.exitCode = failures === 0 ? 0 : 1;

function inBand(ms: number, target: number): boolean {
  return Math.abs(ms - target) <= target * LENGTH_TOLERANCE;
}

/** Whether even the longest script the source allows is under the target: the whole source is read. */
function readWhole(text: string, minutes: number, setup: (typeof SETUPS)[number], pace: ReturnType<typeof scriptPace>): boolean {
  const longest = writeOfflineScript({ text, minutes: 24 * 60, ...setup, pace });
  return estimateScriptMs(longest.lines, pace) < minutes * 60_000 * (1 - LENGTH_TOLERANCE);
}

function describe(length: { ms: number; short: boolean }, target: number): string {
  const deviation = Math.round(((length.ms - target) / target) * 100);
  return `${(length.ms / 60_000).toFixed(1)} (${deviation >= 0 ? '+' : ''}${deviation}%)${length.short ? ' short' : inBand(length.ms, target) ? '' : ' OUT'}`;
}

function spread(lengths: readonly { ms: number; short: boolean }[], target: number): string {
  const sorted = [...lengths].sort((a, b) => a.ms - b.ms);
  const [low, high] = [sorted[0], sorted.at(-1)];
  if (!low || !high) return '-';
  return low === high ? describe(low, target) : `${describe(low, target)} – ${describe(high, target)}`;
}

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of body) console.log(line(row));
}
