// The lines of one streamed reply (a whole short script, or one section of a long one)
// handed out while the model is still writing the rest, to be voiced and heard at once.
// A line handed out may have been heard, so it is never taken back: should the reply then
// be repaired or revised (llm-structured-reply.ts), the model is told to keep those lines
// word for word, and whatever it answers, they stay the reply's first lines and only its
// lines after them are taken. Lines are cleaned as the writer cleans every line (one
// speakable turn, a section title carried to the next whole line when its own cleans to
// nothing or is a reaction), then shaped as the writer keeps them (its reactions and cut-ins
// placed and held to the rules, llm-reactions.ts): what is handed out is what the script keeps.
import { MAX_SCRIPT_LINE_CHARACTERS, type ScriptLine, type Speaker } from '@castwright/core/script-lines';
import type { OverlapWishes } from './llm-reactions.ts';
import { sectionTitle } from './script-sections.ts';
import { cleanSpokenLine } from './spoken-text.ts';

/** A line as the script keeps it, with the source passages it names. */
type KeptLine = ScriptLine & { passages?: string[] };
/** A line as the model wrote it, with the source passages it names and what it says about overlapping. */
type HeardLine = KeptLine & OverlapWishes;

export class HeardLines {
  private readonly speakers: readonly Speaker[];
  private readonly onLines: (lines: ScriptLine[]) => Promise<void> | void;
  /** A section title the first line handed out opens (a long script's section), whatever the model marks. */
  private readonly opening: string | undefined;
  /** The lines as the script keeps them, given the model's lines in order (left out: kept as written). */
  private readonly shape: (lines: readonly HeardLine[]) => KeptLine[];
  /** The model's lines handed out, as written: a repair must repeat them. */
  private readonly heard: HeardLine[] = [];
  /** …and as kept. */
  private readonly kept: KeptLine[] = [];
  /** Lines of the reply now streaming, cleaned, counted from its start. */
  private streamed = 0;
  private carried: string | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    speakers: readonly Speaker[],
    onLines: (lines: ScriptLine[]) => Promise<void> | void,
    options: { opening?: string | undefined; shape?: ((lines: readonly HeardLine[]) => KeptLine[]) | undefined } = {},
  ) {
    this.speakers = speakers;
    this.onLines = onLines;
    this.opening = options.opening;
    this.shape = options.shape ?? ((lines) => lines.map(({ reactsAfter: _reactsAfter, cutIn: _cutIn, ...line }) => line));
  }

  /** A reply (the first, a repair or a revision) starts streaming: its lines are counted from its first. */
  restart(): void {
    this.streamed = 0;
    this.carried = undefined;
  }

  /** One complete element of the streaming reply's `lines`. */
  item(value: unknown): void {
    const line = this.cleaned(value);
    if (!line) return;
    this.streamed += 1;
    // The reply's first lines repeat those already heard (as asked): they are not handed out again.
    if (this.streamed <= this.heard.length) return;
    this.handOut([line]);
  }

  /** What a repair or revision must keep; undefined while nothing has been heard. */
  keep(): string | undefined {
    if (this.heard.length === 0) return undefined;
    return `Its first ${this.heard.length} line(s) have already been heard by listeners: keep them word for word as the reply's first lines and change only what follows.`;
  }

  /** The reply as taken and kept: the lines heard, then the accepted reply's lines after them (handed out now). */
  async settle(lines: readonly HeardLine[]): Promise<KeptLine[]> {
    const rest = lines.slice(this.heard.length);
    if (rest.length > 0) this.handOut(rest);
    await this.chain;
    return [...this.kept];
  }

  private handOut(lines: HeardLine[]): void {
    const opened = this.heard.length === 0 && lines[0] ? [this.withOpening(lines[0]), ...lines.slice(1)] : lines;
    this.heard.push(...opened);
    const kept = this.shape(opened);
    this.kept.push(...kept);
    if (kept.length === 0) return;
    this.chain = this.chain.then(() => this.onLines(kept.map(({ passages: _named, ...line }) => line)));
    // A failure is the writer's to report: settle awaits the chain and throws it.
    this.chain.catch(() => undefined);
  }

  private withOpening(line: HeardLine): HeardLine {
    return this.opening ? { ...line, section: sectionTitle(this.opening) } : line;
  }

  private cleaned(value: unknown): HeardLine | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const { speaker, text, section, refs, reactsAfter, cutIn } = value as { speaker?: unknown; text?: unknown; section?: unknown; refs?: unknown; reactsAfter?: unknown; cutIn?: unknown };
    if (typeof speaker !== 'string' || !(this.speakers as readonly string[]).includes(speaker) || typeof text !== 'string' || text.length > MAX_SCRIPT_LINE_CHARACTERS) return undefined;
    const title = typeof section === 'string' && section.trim() ? sectionTitle(section) : undefined;
    this.carried = title ?? this.carried;
    const spoken = cleanSpokenLine(text);
    if (spoken === '') return undefined;
    // The passages it names (llm-source-passages.ts) stay with it, to be checked with the whole script's.
    const passages = Array.isArray(refs) ? refs.filter((ref): ref is string => typeof ref === 'string') : undefined;
    const reaction = typeof reactsAfter === 'string' && reactsAfter.trim() !== '' ? reactsAfter : undefined;
    // A reaction opens no section: the title waits for the next whole line.
    const opens = reaction ? undefined : this.carried;
    const line: HeardLine = {
      speaker: speaker as Speaker,
      text: spoken,
      ...(opens ? { section: opens } : {}),
      ...(passages ? { passages } : {}),
      ...(reaction ? { reactsAfter: reaction } : {}),
      ...(cutIn === true ? { cutIn: true } : {}),
    };
    if (opens) this.carried = undefined;
    return line;
  }
}
