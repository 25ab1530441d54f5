// Who speaks an episode. The simple path, the default, is the API's first one: one host or
// two, the voice style, the pair of hosts and (for text and web pages) the engine. The
// other is named hosts with voices chosen from the catalog (host-fields.tsx); the engine
// then follows from their voices. The page reads the choice with `readVoices`.
import { useState } from 'preact/hooks';
import { Choice } from './choice.tsx';
import { HostsEditor, readHosts, type HostChoice } from './host-fields.tsx';
import type { EpisodeLanguage } from './language-fields.tsx';

export const VOICE_STYLES = ['professional', 'casual', 'educational', 'enthusiastic'] as const;
export const VOICE_PAIRS = [['expert-curious', 'Expert and curious listener'], ['debate', 'Debate'], ['interview', 'Interview']] as const;
const ENGINES = [['auto', 'Automatic (best available)'], ['kokoro', 'Kokoro'], ['chatterbox', 'Chatterbox']] as const;

type HostMode = 'single' | 'multi' | 'named';
type VoiceStyle = (typeof VOICE_STYLES)[number];
type VoicePair = (typeof VOICE_PAIRS)[number][0];
type Engine = (typeof ENGINES)[number][0];

export type VoiceChoice =
  | { hostMode: 'single' | 'multi'; voiceStyle: VoiceStyle; voicePair?: VoicePair; ttsEngine?: Engine }
  | { hosts: HostChoice[]; voiceStyle: VoiceStyle };

/** The voices a submitted form asks for (the pair only for two hosts, the engine only where the form has one; named hosts bring their own). */
export function readVoices(values: FormData): VoiceChoice {
  const voiceStyle = String(values.get('voiceStyle')) as VoiceStyle;
  if (values.get('hostMode') === 'named') return { hosts: readHosts(values), voiceStyle };
  const hostMode = values.get('hostMode') === 'multi' ? 'multi' : 'single';
  const engine = values.get('ttsEngine');
  return {
    hostMode,
    voiceStyle,
    ...(hostMode === 'multi' ? { voicePair: String(values.get('voicePair')) as VoicePair } : {}),
    ...(engine === null ? {} : { ttsEngine: String(engine) as Engine }),
  };
}

export function VoiceFields({ withEngine, language }: { withEngine: boolean; language?: EpisodeLanguage | undefined }) {
  const [hostMode, setHostMode] = useState<HostMode>('single');
  const mode = (value: HostMode, label: string) => (
    <label><input type="radio" name="hostMode" value={value} checked={hostMode === value} onChange={() => setHostMode(value)} /> {label}</label>
  );
  return (
    <>
      <fieldset class="inline">
        <legend>Hosts</legend>
        {mode('single', 'One host')}
        {mode('multi', 'Two hosts')}
        {mode('named', 'Choose hosts and their voices')}
      </fieldset>
      {hostMode === 'named' && <HostsEditor language={language} />}
      <label for="voiceStyle">Voice style</label>
      <Choice id="voiceStyle" initial="professional" options={VOICE_STYLES.map((style) => [style, `${style[0]?.toUpperCase()}${style.slice(1)}`] as const)} />
      {hostMode === 'multi' && (
        <>
          <label for="voicePair">The two hosts</label>
          <Choice id="voicePair" initial="expert-curious" options={VOICE_PAIRS} />
        </>
      )}
      {withEngine && hostMode !== 'named' && (
        <>
          <label for="ttsEngine">Voice engine</label>
          <Choice id="ttsEngine" initial="auto" options={ENGINES} />
        </>
      )}
    </>
  );
}
