// `castwright voicing measure`: how fast this machine voices lines on 1, 2, … N voicing
// slots, printed as the table docs/capacity.md plans a fleet from. Kokoro with the
// installed weights on the configured device (CUDA on a GPU node), or the built-in voice.
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import type { KokoroDevice } from '@castwright/media/kokoro/kokoro-session';
import { measureScript } from '@castwright/media/measure/measure-script';
import { figuresTable, measureVoicing } from '@castwright/media/measure/measure-voicing';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import type { TtsEngine } from '@castwright/media/tts-engine';
import { cpuCores } from '@castwright/media/voicing-slots';
import { UsageError, type ParsedCommand } from '../command-line/command-spec.ts';

const GPU_SLOTS = [1, 2, 4, 8, 16];

export async function measureVoicingCommand(config: Config, logger: Logger, options: ParsedCommand['options']): Promise<void> {
  const minutes = Number(options.minutes);
  if (!Number.isFinite(minutes) || minutes < 0.1 || minutes > 60) throw new UsageError(`castwright voicing measure: --minutes must be a number from 0.1 to 60 (got "${String(options.minutes)}")`);
  const asked = options.slots === undefined ? undefined : slotCounts(String(options.slots));
  const lines = measureScript(minutes);

  let open: (slots: number) => Promise<TtsEngine>;
  let voiceFor: (speaker: string) => string;
  let label: string;
  let slots: number[];
  if (options.engine === 'offline') {
    open = async (count) => new OfflineVoiceEngine({ slots: count });
    voiceFor = (speaker) => (speaker === 'Host 1' ? 'slt' : 'rms');
    label = 'the built-in voice (Flite)';
    slots = asked ?? cpuSlots();
  } else {
    const device = (options.device as KokoroDevice | undefined) ?? config.kokoro.device;
    // One engine opened first: it says where the model runs, and which voices there are.
    const probe = await KokoroEngine.open({ modelDir: config.kokoro.modelDir, device, slots: 1, logger });
    const provider = probe.provider;
    const voices = probe.voices();
    await probe.close();
    // The provider found is the one every row uses: a row must not fall back to CPU unseen.
    open = (count) => KokoroEngine.open({ modelDir: config.kokoro.modelDir, device: provider, slots: count });
    const [first = 'af_heart', second = first] = ['af_heart', 'am_michael'].filter((voice) => voices.includes(voice)).concat(voices);
    voiceFor = (speaker) => (speaker === 'Host 1' ? first : second);
    label = `Kokoro from ${config.kokoro.modelDir} on ${provider.toUpperCase()}`;
    slots = asked ?? (provider === 'cuda' ? GPU_SLOTS : cpuSlots());
  }

  const words = lines.reduce((sum, line) => sum + line.text.split(/\s+/).length, 0);
  console.log(`Voicing ${lines.length} lines (${words} words) with ${label}, on ${slots.join(', ')} slots; ${cpuCores()} CPU cores.`);
  const rows = await measureVoicing({
    open,
    lines,
    voiceFor,
    slotCounts: slots,
    onRow: (row) => console.error(`${row.slots} slots: ${row.audioSeconds.toFixed(0)} s of audio in ${row.wallSeconds.toFixed(1)} s`),
  });
  console.log(figuresTable(rows));
  const most = Math.max(...rows.map((row) => row.audioPerSecond));
  const best = [...rows].sort((a, b) => a.slots - b.slots).find((row) => row.audioPerSecond >= most * 0.95) as (typeof rows)[number];
  console.log(`\nThe fewest slots within 5 % of the most audio a second: ${best.slots}. Set VOICING_SLOTS=${best.slots} on media workers like this one (docs/capacity.md).`);
}

/** 1, 2 and the number of cores (once each, in order). */
function cpuSlots(): number[] {
  return [...new Set([1, 2, cpuCores()])].sort((a, b) => a - b);
}

function slotCounts(value: string): number[] {
  const counts = value.split(',').map((part) => Number(part.trim()));
  if (counts.length === 0 || counts.some((count) => !Number.isInteger(count) || count < 1 || count > 64)) {
    throw new UsageError(`castwright voicing measure: --slots must be whole numbers from 1 to 64, separated by commas (got "${value}")`);
  }
  return counts;
}
