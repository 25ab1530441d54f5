// Who speaks an episode, as the API takes it today: one host or two, the voice style, the
// pair of hosts, and (for text and web pages) the engine. A voice catalog with hosts
// replaces this component when it lands; the page reads the choice with `readVoices`.
import { useState } from 'preact/hooks';
import { Choice } from './choice.tsx';

const VOICE_STYLES = ['professional', 'casual', 'educational', 'enthusiastic'] as const;
const VOICE_PAIRS = [['expert-curious', 'Expert and curious listener'], ['debate', 'Debate'], ['interview', 'Interview']] as const;
const ENGINES = [['auto', 'Automatic (best available)'], ['kokoro', 'Kokoro'], ['chatterbox', 'Chatterbox']] as const;

type HostMode = 'single' | 'multi';
type VoiceStyle = (typeof VOICE_STYLES)[number];
type VoicePair = (typeof VOICE_PAIRS)[number][0];
type Engine = (typeof ENGINES)[number][0];

export interface VoiceChoice {
  hostMode: HostMode;
  voiceStyle: VoiceStyle;
  voicePair?: VoicePair;
}

/** The voices a submitted form asks for (the pair only for two hosts: the API ignores it otherwise). */
export function readVoices(values: FormData): VoiceChoice {
  const hostMode = values.get('hostMode') === 'multi' ? 'multi' : 'single';
  return {
    hostMode,
    voiceStyle: String(values.get('voiceStyle')) as VoiceStyle,
    ...(hostMode === 'multi' ? { voicePair: String(values.get('voicePair')) as VoicePair } : {}),
  };
}

export const readEngine = (values: FormData): Engine => String(values.get('ttsEngine') ?? 'auto') as Engine;

export function VoiceFields({ withEngine }: { withEngine: boolean }) {
  const [hostMode, setHostMode] = useState<HostMode>('single');
  return (
    <>
      <fieldset class="inline">
        <legend>Hosts</legend>
        <label><input type="radio" name="hostMode" value="single" checked={hostMode === 'single'} onChange={() => setHostMode('single')} /> One host</label>
        <label><input type="radio" name="hostMode" value="multi" checked={hostMode === 'multi'} onChange={() => setHostMode('multi')} /> Two hosts</label>
      </fieldset>
      <label for="voiceStyle">Voice style</label>
      <Choice id="voiceStyle" initial="professional" options={VOICE_STYLES.map((style) => [style, `${style[0]?.toUpperCase()}${style.slice(1)}`] as const)} />
      {hostMode === 'multi' && (
        <>
          <label for="voicePair">The two hosts</label>
          <Choice id="voicePair" initial="expert-curious" options={VOICE_PAIRS} />
        </>
      )}
      {withEngine && (
        <>
          <label for="ttsEngine">Voice engine</label>
          <Choice id="ttsEngine" initial="auto" options={ENGINES} />
        </>
      )}
    </>
  );
}
