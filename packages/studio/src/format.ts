// How times, durations and statuses read in the studio.

/** 125 → "2:05"; 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 125 → "2 min 5 s", for labels read aloud. */
export function spokenDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m} min${s ? ` ${s} s` : ''}` : `${s} s`;
}

/** 1 → "1 minute"; 15 → "15 minutes". */
export const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

// One formatter for the page's life: toLocaleString builds a new one on every call.
const dateFormat = new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'short' });

export function date(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dateFormat.format(new Date(iso));
}

export const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  ingesting: 'Reading the source',
  generating_script: 'Writing the script',
  review_script: 'Waiting for your review',
  generating_audio: 'Recording the audio',
  ready: 'Ready',
  error: 'Failed',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

// One formatter for the page's life; English names, as the rest of the studio is English.
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** es-ES → "es": the language without its region or script, as filters and comparisons read it. */
export const primaryTag = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? tag;

/** en-GB → "British English"; an unknown tag stays as it is. */
export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const ENGINE_LABELS: Record<string, string> = { kokoro: 'Kokoro', chatterbox: 'Chatterbox', offline: 'Built-in' };
export const engineLabel = (engine: string) => ENGINE_LABELS[engine] ?? engine;

/** An episode's format, as its page names it. */
export const FORMAT_LABELS: Record<'deep_dive' | 'brief' | 'debate' | 'critique' | 'interview', string> = {
  deep_dive: 'Deep dive',
  brief: 'Brief',
  debate: 'Debate',
  critique: 'Critique',
  interview: 'Interview',
};

/** How much its listening hosts react, as its page says it. */
export const REACTION_LABELS: Record<'none' | 'some' | 'lively', string> = {
  none: 'strict turns',
  some: 'some reactions',
  lively: 'lively reactions',
};
