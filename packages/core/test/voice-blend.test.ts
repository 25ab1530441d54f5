// Kokoro blends as written in hosts[].voice: parsed to weights that sum exactly 1, one
// canonical spelling per mix, and every malformed blend refused with its reason.
import t from 'tap';
import { BlendError, formatBlend, looksLikeBlend, parseBlend } from '@castwright/core/voices/voice-blend';
import { builtInVoiceId, isCustomVoiceId, newCustomVoiceId, parseVoiceId } from '@castwright/core/voices/voice-ids';

t.test('weights are kept, scaled to sum exactly 1, and the parts sorted by voice', async (t) => {
  t.same(parseBlend('af_heart*0.7+af_bella*0.3'), [{ voice: 'af_bella', weight: 0.3 / 1 }, { voice: 'af_heart', weight: 0.7 }]);
  const nearly = parseBlend('kokoro:af_heart*0.5+kokoro:bm_george*0.495');
  t.equal(nearly.reduce((sum, part) => sum + part.weight, 0), 1, 'within ±0.01 of 1, then made exactly 1');
  t.ok(Math.abs((nearly[0] as { weight: number }).weight - 0.5 / 0.995) < 1e-12);
  const equal = parseBlend('af_heart+af_bella+am_adam');
  t.same(equal.map((part) => part.voice), ['af_bella', 'af_heart', 'am_adam']);
  t.ok(equal.every((part) => Math.abs(part.weight - 1 / 3) < 1e-12), 'no weights: equal shares');
});

t.test('one mix has one spelling, with or without the catalog prefix', async (t) => {
  const canonical = formatBlend(parseBlend('kokoro:af_heart*0.7+af_bella*0.3'), { prefixed: true });
  t.equal(canonical, 'kokoro:af_bella*0.3+kokoro:af_heart*0.7');
  t.equal(formatBlend(parseBlend('af_bella*.3+af_heart*.7'), { prefixed: true }), canonical);
  t.equal(formatBlend(parseBlend(canonical), { prefixed: false }), 'af_bella*0.3+af_heart*0.7');
  const thirds = formatBlend(parseBlend('af_heart+af_bella+am_adam'), { prefixed: false });
  t.equal(thirds, 'af_bella*0.3333+af_heart*0.3333+am_adam*0.3333');
  t.same(parseBlend(thirds).map((part) => part.voice), ['af_bella', 'af_heart', 'am_adam'], 'the canonical form parses again');
});

t.test('malformed blends are refused with the reason', async (t) => {
  const refused = (text: string, reason: RegExp) => t.throws(() => parseBlend(text), { name: 'BlendError', message: reason }, text);
  refused('af_heart*1', /2 to 4 Kokoro voices/);
  refused('af_heart+af_bella+am_adam+am_echo+bf_emma', /joined by "\+" \(got 5 in/);
  refused('af_heart*0.7+af_bella*0.2', /must add up to 1 \(they add up to 0\.9\)/);
  refused('af_heart*0.7+af_bella', /every voice .* a weight, or none/);
  refused('af_heart*1+af_bella*0', /weight of af_bella must be above 0/);
  refused('af_heart*-0.5+af_bella*1.5', /"af_heart\*-0\.5" is not a Kokoro voice/);
  refused('af_heart*0.5+af_heart*0.5', /names af_heart twice/);
  refused('offline:slt*0.5+af_heart*0.5', /only Kokoro voices can be blended/);
  refused('voice_abc*0.5+af_heart*0.5', /not a Kokoro voice/);
  t.ok(new BlendError('x') instanceof Error);
  t.ok(looksLikeBlend('a+b') && looksLikeBlend('a*1') && !looksLikeBlend('kokoro:af_heart'));
});

t.test('voice ids name their engine; custom ids are their own kind', async (t) => {
  t.same(parseVoiceId('kokoro:af_heart'), { engine: 'kokoro', name: 'af_heart', custom: false });
  t.same(parseVoiceId('offline:slt'), { engine: 'offline', name: 'slt', custom: false });
  t.same(parseVoiceId('chatterbox:my-voice.v2'), { engine: 'chatterbox', name: 'my-voice.v2', custom: false });
  t.equal(parseVoiceId('espeak:en'), undefined, 'not an engine of ours');
  t.equal(parseVoiceId('af_heart'), undefined, 'a bare engine name is not an id');
  t.equal(parseVoiceId('kokoro:../etc'), undefined);
  const custom = newCustomVoiceId();
  t.ok(isCustomVoiceId(custom));
  t.same(parseVoiceId(custom), { engine: 'chatterbox', name: custom, custom: true });
  t.equal(builtInVoiceId('chatterbox', 'a name with spaces'), undefined, 'names no id can carry are left out');
});
