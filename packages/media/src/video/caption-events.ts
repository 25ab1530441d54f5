// The captions of a video: one event per transcript line inside the video's span, with its
// speaker's name, at the line's own times (relative to the span's start). A line longer
// than the caption area holds is shown as consecutive pages, cut between sentences (then
// between words, as Intl.Segmenter finds them in the episode's language), each page on
// screen for its share of the line's time; the pages of a line join up to its text and
// cover exactly its time. Captions show one line at a time: a reaction said under another
// line (within its time) is left to the audio, and a line that cuts in ends the caption of
// the line before it where it starts.
import { baseLanguage, type Language } from '@castwright/core/languages';

export interface CaptionLine {
  /** The name shown for the speaker (a named host's name, or the label in the episode's language). */
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

export interface CaptionEvent extends CaptionLine {
  /** The transcript line this page belongs to (its index in the lines given). */
  line: number;
}

/** How "Host 1" is said on screen when the hosts have no names. */
const HOST_LABELS: Record<ReturnType<typeof baseLanguage>, string> = {
  en: 'Host', es: 'Presentador', fr: 'Animateur', it: 'Conduttore', pt: 'Apresentador', hi: 'होस्ट', ja: 'ホスト', zh: '主持人',
};

/** The speaker as captions name them: the host's name, else "Host 2" in the episode's language. */
export function captionSpeaker(speaker: string, names: Partial<Record<string, string>> | undefined, language: Language): string {
  const named = names?.[speaker];
  if (named) return named;
  const number = /^Host (\d+)$/.exec(speaker)?.[1];
  return number ? `${HOST_LABELS[baseLanguage(language)]} ${number}` : speaker;
}

const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** Roughly how wide text sets, in half-em units: a CJK character is two, any other grapheme one. */
function textUnits(text: string, language: Language): number {
  let units = 0;
  for (const { segment } of new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(text)) units += WIDE.test(segment) ? 2 : 1;
  return units;
}

/** Pieces of `text` (sentences, or words of a long sentence) packed into pages of at most `capacity` units. */
function pages(text: string, language: Language, capacity: number): string[] {
  if (textUnits(text, language) <= capacity) return [text];
  const pieces: string[] = [];
  for (const { segment: sentence } of new Intl.Segmenter(language, { granularity: 'sentence' }).segment(text)) {
    if (textUnits(sentence, language) <= capacity) {
      pieces.push(sentence);
      continue;
    }
    for (const { segment: word, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(sentence)) {
      // Punctuation stays with the word before it, so no page starts with a comma.
      if (!isWordLike && word.trim() !== '' && pieces.length > 0) pieces[pieces.length - 1] += word;
      else pieces.push(word);
    }
  }
  const packed: string[] = [];
  let page = '';
  for (const piece of pieces) {
    if (page !== '' && textUnits(page + piece, language) > capacity && page.trim() !== '') {
      packed.push(page);
      page = '';
    }
    page += piece;
  }
  if (page.trim() !== '') packed.push(page);
  return packed.map((each) => each.trim()).filter((each) => each !== '');
}

/**
 * The caption events of the lines that fall inside `span` (all of them for a whole video),
 * timed from the span's start. `capacity` is what one page may hold, in textUnits.
 */
/** The lines as captions show them, one at a time (with each line's index among those given); see the top. */
function oneAtATime(lines: readonly CaptionLine[]): { line: CaptionLine; index: number }[] {
  const shown: { line: CaptionLine; index: number }[] = [];
  lines.forEach((line, index) => {
    const before = shown.at(-1);
    if (before && line.startMs < before.line.endMs) {
      if (line.endMs <= before.line.endMs) return;
      before.line = { ...before.line, endMs: line.startMs };
    }
    shown.push({ line, index });
  });
  return shown.filter(({ line }) => line.endMs > line.startMs);
}

export function captionEvents(lines: readonly CaptionLine[], span: { startMs: number; endMs: number }, language: Language, capacity: number): CaptionEvent[] {
  const events: CaptionEvent[] = [];
  for (const { line, index } of oneAtATime(lines)) {
    if (line.endMs <= span.startMs || line.startMs >= span.endMs) continue;
    const startMs = Math.max(line.startMs, span.startMs) - span.startMs;
    const endMs = Math.min(line.endMs, span.endMs) - span.startMs;
    const texts = pages(line.text.replace(/\s+/g, ' ').trim(), language, capacity);
    const total = texts.reduce((sum, text) => sum + textUnits(text, language), 0);
    let done = 0;
    let from = startMs;
    texts.forEach((text, page) => {
      done += textUnits(text, language);
      const to = page === texts.length - 1 ? endMs : startMs + Math.round(((endMs - startMs) * done) / total);
      events.push({ line: index, speaker: line.speaker, text, startMs: from, endMs: to });
      from = to;
    });
  }
  return events;
}

/** How many textUnits a page of captions may hold in an area `width` px wide, at `fontSize`, over `maxLines` lines. */
export function captionCapacity(width: number, fontSize: number, maxLines: number): number {
  // A half-em unit is about a Latin letter's average width in a sans-serif; keep a margin for wrapping.
  return Math.floor((width / (fontSize * 0.56)) * maxLines * 0.85);
}
