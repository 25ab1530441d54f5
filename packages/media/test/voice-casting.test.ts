// The voice table: voicePair casts the hosts, voiceStyle sets pace and pauses, and a
// voice an engine does not have is replaced so the two hosts still differ.
import t from 'tap';
import { VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-options';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';

const KOKORO_VOICES = ['af_bella', 'af_heart', 'af_sarah', 'am_fenrir', 'am_michael', 'bm_george'];

t.test('each pair gets two different installed voices on every engine', async (t) => {
  for (const pair of VOICE_PAIRS) {
    const engines: [EngineName, string[]][] = [['kokoro', KOKORO_VOICES], ['offline', ['rms', 'slt']], ['chatterbox', ['default', 'narrator']]];
    for (const [engine, installed] of engines) {
      const { voices } = castVoices(engine, 'professional', pair, installed);
      t.ok(installed.includes(voices['Host 1']) && installed.includes(voices['Host 2']), `${engine}/${pair} uses installed voices`);
      t.not(voices['Host 1'], voices['Host 2'], `${engine}/${pair}: two voices`);
    }
  }
  t.same(castVoices('kokoro', 'professional', 'expert-curious', KOKORO_VOICES).voices, { 'Host 1': 'am_michael', 'Host 2': 'af_heart' });
  t.same(castVoices('kokoro', 'professional', 'debate', KOKORO_VOICES).voices, { 'Host 1': 'bm_george', 'Host 2': 'af_bella' });
});

t.test('a missing table voice is replaced by an installed one, never by the other host', async (t) => {
  const { voices } = castVoices('kokoro', 'casual', 'expert-curious', ['af_heart', 'bm_lewis']);
  t.same(voices, { 'Host 1': 'bm_lewis', 'Host 2': 'af_heart' });
  t.same(castVoices('chatterbox', 'casual', 'interview', ['default']).voices, { 'Host 1': 'default', 'Host 2': 'default' }, 'one voice only: both hosts share it');
});

t.test('style sets the pace and pauses; debates turn faster', async (t) => {
  const speeds = VOICE_STYLES.map((style) => castVoices('offline', style, 'expert-curious', ['rms', 'slt']).speed);
  t.ok(speeds.every((speed) => speed >= 0.5 && speed <= 2), 'within every engine\'s range');
  const educational = castVoices('offline', 'educational', 'expert-curious', ['rms', 'slt']);
  const enthusiastic = castVoices('offline', 'enthusiastic', 'expert-curious', ['rms', 'slt']);
  t.ok(educational.speed < enthusiastic.speed && educational.pauses.speakerChangeMs > enthusiastic.pauses.speakerChangeMs);
  for (const style of VOICE_STYLES) {
    const plan = castVoices('offline', style, 'expert-curious', ['rms', 'slt']).pauses;
    t.ok(plan.sameSpeakerMs < plan.speakerChangeMs, `${style}: shorter within a speaker than at a turn`);
    t.ok(castVoices('offline', style, 'debate', ['rms', 'slt']).pauses.speakerChangeMs < plan.speakerChangeMs, `${style}: debate turns are quicker`);
  }
});
