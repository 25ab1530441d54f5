// An episode's script as the script endpoints show it: numbered lines with the passages
// of its sources each draws on, whether it can be edited now, the published revision and
// how far the script has moved from it, and the strong ETag a change sends back in If-Match.
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { ScriptLine } from '@castwright/core/script-lines';
import { reactionHost } from '@castwright/core/script-overlaps';
import { storedScriptRefs } from '@castwright/core/source-refs';
import { storedScript } from '@castwright/content/script/script-format';
import { changedLineCount } from '@castwright/content/script/script-changes';
import { contentEtag } from '../http/preconditions.ts';

/** The script and the one published (null before the first ready), as a service read them. */
export interface ScriptState {
  episode: EpisodeRow;
  /** The published revision's script as lines; null before the first ready. */
  publishedLines: ScriptLine[] | null;
}

/** The script can be changed in review, and after rendering (ready, or error with a script) while no render runs. */
export function scriptEditable(episode: EpisodeRow): boolean {
  return episode.status === 'review_script' || ((episode.status === 'ready' || episode.status === 'error') && episode.script_text !== null);
}

/** Changes exactly when the script text, a line's refs, or which lines overlap, does. */
export function scriptEtag(episode: EpisodeRow): string {
  const text = episode.script_text ?? '';
  const refs = episode.script_refs === null ? text : `${text}\n${JSON.stringify(episode.script_refs)}`;
  return contentEtag(episode.script_overlaps === null ? refs : `${refs}\n${JSON.stringify(episode.script_overlaps)}`);
}

/** The episode's script as lines, each with its refs (none where none are stored) and overlap. */
export function scriptLines(episode: EpisodeRow): ScriptLine[] {
  const lines = storedScript(episode.script_text ?? '', episode.script_overlaps);
  const refs = storedScriptRefs(episode.script_refs, lines.length);
  return lines.map((line, index) => ({ ...line, sourceRefs: refs[index] ?? [] }));
}

export function scriptView({ episode, publishedLines }: ScriptState) {
  const lines = scriptLines(episode);
  return {
    episodeId: episode.id,
    status: episode.status,
    lines: lines.map((line, index) => ({
      index,
      speaker: line.speaker,
      text: line.text,
      ...(line.section ? { section: line.section } : {}),
      ...(line.language ? { language: line.language } : {}),
      sourceRefs: line.sourceRefs ?? [],
      ...(line.reaction ? { reaction: { under: reactionHost(lines, index) ?? 0, afterWord: line.reaction.afterWord } } : {}),
      ...(line.overlapMs !== undefined ? { overlapMs: line.overlapMs } : {}),
    })),
    editable: scriptEditable(episode),
    publishedRevision: episode.published_revision,
    pendingChanges: publishedLines === null ? null : changedLineCount(publishedLines, lines),
  };
}
