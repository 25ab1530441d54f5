// The lines a live render voices, as the script task writes them: the episode's draft
// (episode_draft_lines), read as it grows, until the finished script is stored
// (episodes.script_text, in the transaction that adds the draft's last lines). An episode
// whose script was written whole (reviewed, or written before listening while it is made
// existed) is its stored script at once. The render stops waiting when the episode is no
// longer its own: failed, deleted, or taken over by a newer render attempt.
import type { Db } from '@castwright/core/db/connect';
import { TransientError } from '@castwright/core/errors';
import { selectDraftLines } from '@castwright/core/repositories/episode-draft-lines';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import type { ScriptLine } from '@castwright/core/script-lines';
import { storedScript } from '@castwright/content/script/script-format';

export interface DraftBatch {
  /** Lines after those already handed out, in order. */
  lines: ScriptLine[];
  /** No line will follow these. */
  complete: boolean;
}

/** How often the draft is read while waiting for the writer: the longest a written line waits to be voiced. */
const POLL_MS = 150;

export class DraftSource {
  private readonly db: Db;
  private readonly episodeId: string;
  private readonly attempt: number;
  private readonly signal: AbortSignal;
  private handedOut = 0;
  private finished = false;

  /** Lines known whole from the start: a revision queued with its script (a render after an edit), not drafted. */
  private readonly fixed: readonly ScriptLine[] | undefined;

  constructor(db: Db, episodeId: string, attempt: number, signal: AbortSignal, fixed?: readonly ScriptLine[]) {
    this.db = db;
    this.episodeId = episodeId;
    this.attempt = attempt;
    this.signal = signal;
    this.fixed = fixed;
  }

  /** Lines handed out so far. */
  get count(): number {
    return this.handedOut;
  }

  /** The next lines (waiting for the writer while there are none), or an empty complete batch after the last. */
  async next(): Promise<DraftBatch> {
    if (this.finished) return { lines: [], complete: true };
    if (this.fixed) {
      this.finished = true;
      this.handedOut = this.fixed.length;
      return { lines: [...this.fixed], complete: true };
    }
    for (;;) {
      this.signal.throwIfAborted();
      const episode = await selectEpisodeById(this.db, this.episodeId);
      if (!episode || episode.status !== 'generating_audio' || episode.render_attempt !== this.attempt) {
        throw new TransientError('the episode stopped being rendered by this attempt');
      }
      // Read after the row: a script stored by then has all its draft lines stored with it.
      const drafted = await selectDraftLines(this.db, this.episodeId, this.handedOut);
      const complete = episode.script_text !== null;
      let lines: ScriptLine[] = drafted;
      if (complete && this.handedOut === 0 && lines.length === 0) lines = storedScript(episode.script_text ?? '', episode.script_overlaps);
      if (lines.length > 0 || complete) {
        this.handedOut += lines.length;
        this.finished = complete;
        return { lines, complete };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
