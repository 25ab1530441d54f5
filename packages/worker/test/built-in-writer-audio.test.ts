// The built-in writer's length on real audio: the survey from the evaluation corpus,
// written for quick and standard at the built-in voice's measured pace, rendered by the
// real Flite voice, timeline and mastering, and measured on the MP3 (the evaluation
// script renders deep and extended too).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { HostMode, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { PRESET_MINUTES } from '@castwright/core/tiers';
import { estimateScriptMs } from '@castwright/content/script/script-length';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { renderScript } from '@castwright/media/render-script';
import { castVoices } from '@castwright/media/voice-casting';
import { scriptPace } from '@castwright/worker/script-pace';
import { inspectScript, sourceFacts } from '#test-helpers/writer-evaluation';
import { writerCorpus } from '#test-helpers/writer-corpus';

// Ten minutes of speech are synthesised and mastered here: more than the suite's
// default two minutes per file on a busy two-core machine.
t.setTimeout(420_000);

const survey = (await writerCorpus()).find((item) => item.name === 'lighthouse-survey');
if (!survey) throw new Error('the corpus has the survey');
const SETUPS: { hostMode: HostMode; voiceStyle: VoiceStyle; voicePair: VoicePair }[] = [
  { hostMode: 'single', voiceStyle: 'professional', voicePair: 'expert-curious' },
  { hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious' },
];
const presetMs = (preset: 'quick' | 'standard') => PRESET_MINUTES[preset] * 60_000;
const band = (ms: number, preset: 'quick' | 'standard') => Math.abs(ms - presetMs(preset)) <= presetMs(preset) * LENGTH_TOLERANCE;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;

t.test('quick and standard, rendered by the built-in voice: the audio runs the preset\'s minutes', async (t) => {
  configureFfmpegTools();
  const engine = new OfflineVoiceEngine();
  const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-writer-'));
  t.teardown(async () => {
    await engine.close();
    await rm(workDir, { recursive: true, force: true });
  });
  const facts = sourceFacts(survey.text);
  for (const [preset, setup] of [['quick', SETUPS[1]], ['standard', SETUPS[0]]] as const) {
    if (!setup) continue;
    const pace = scriptPace('offline', setup.voiceStyle, setup.voicePair);
    const script = writeOfflineScript({ text: survey.text, minutes: PRESET_MINUTES[preset], ...setup, pace });
    const casting = castVoices('offline', setup.voiceStyle, setup.voicePair, engine.voices());
    const audio = await renderScript({
      lines: script.lines, engine, workDir, metadata: { title: script.title, artist: 'test' }, outputFileName: `${preset}.mp3`,
      voiceFor: (speaker) => casting.voices[speaker], speed: casting.speed, pauses: casting.pauses,
    });
    t.ok(band(audio.durationMs, preset), `${preset}: rendered ${minutes(audio.durationMs)} for ${minutes(presetMs(preset))}`);
    const estimate = estimateScriptMs(script.lines, pace);
    t.ok(Math.abs(audio.durationMs - estimate) <= estimate * 0.08, `the estimate (${minutes(estimate)}) is within 8 % of the audio (${minutes(audio.durationMs)})`);
    const notes = buildShowNotes(audio.segments, { sections: scriptSections(script.lines) });
    const found = inspectScript(facts, script.lines, script.notes, notes);
    t.same([found.badTitles, found.unannounced], [[], []], `chapters ${notes.chapters.map((chapter) => chapter.title).join(', ')}; topics ${notes.topics.join(', ')}`);
    t.ok(notes.chapters.length >= Math.round(presetMs(preset) / 120_000) - 1, `${notes.chapters.length} chapters`);
  }
});
