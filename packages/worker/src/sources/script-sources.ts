// The script stage's side of an episode's sources: the read ones handed to the writer
// (each with its own text, which refs index), and after writing, the refs stored with the
// script and the read sources no line draws on marked left out (the length could not hold
// them), so the episode's view and its length note say which.
import type { Trx } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectEpisodeSources, updateSourcesUse } from '@castwright/core/repositories/episode-sources';
import { scriptRefsColumn } from '@castwright/core/source-refs';
import type { ScriptSource, WrittenScript } from '@castwright/content/script/script-writer';
import type { WorkerContext } from '../worker-context.ts';

const LEFT_OUT_NOTE = 'The episode\'s length could not hold it: no line of the script draws on it';

/** The episode's read sources, in order, for the writer. */
export async function scriptSources(context: WorkerContext, episode: EpisodeRow): Promise<ScriptSource[]> {
  const rows = await selectEpisodeSources(context.db, episode.id);
  return rows.flatMap((row) =>
    (row.status === 'read' || row.status === 'left_out') && row.text !== null
      ? [{ index: row.position, kind: row.kind, title: row.title, text: row.text, language: row.language }]
      : [],
  );
}

/** The script's refs as stored beside its text, and how many the writer's did not hold up. */
export function scriptRefFields(script: WrittenScript): { script_refs: string | null; source_refs_dropped: number } {
  return { script_refs: scriptRefsColumn(script.lines.map((line) => line.sourceRefs ?? [])), source_refs_dropped: script.refsDropped ?? 0 };
}

/**
 * Marks the sources the script leaves out: those the writer says it could not hold, else
 * (a writer that does not say) those no line refers to, once any line refers to a source.
 */
export async function settleSourceUse(trx: Trx, episodeId: string, sources: readonly ScriptSource[], script: WrittenScript): Promise<void> {
  const cited = new Set(script.lines.flatMap((line) => (line.sourceRefs ?? []).map((ref) => ref.source)));
  const leftOut = script.leftOut ?? (cited.size > 0 ? sources.map((source) => source.index).filter((index) => !cited.has(index)) : []);
  await updateSourcesUse(trx, episodeId, leftOut, LEFT_OUT_NOTE);
}
