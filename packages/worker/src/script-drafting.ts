// Writing a script that is voiced as it is written (listening while it is made): the lines
// go into the episode's draft as the writer gives them (the LLM writer section by section,
// the built-in writer, which writes a whole script in well under a second, section by
// section too), and the first lines queue the render in their own transaction, so the
// media worker starts voicing while the rest is written. The finished script is stored
// once every line of it is in the draft, so a render that sees it stored knows that it
// has the whole script.
//
// A line in the draft may already have been heard, so it is never taken back: a job run
// again after its worker died goes on after the lines stored (the built-in writer writes
// the same script again; the LLM's new script is taken from the position reached on).
import type { JobHelpers } from 'graphile-worker';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { countDraftLines, insertDraftLines, selectDraftLines } from '@castwright/core/repositories/episode-draft-lines';
import { updateEpisodeScript } from '@castwright/core/repositories/episodes';
import type { ScriptLine } from '@castwright/core/script-lines';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';
import { languageNote, quotesIn } from '@castwright/content/language/passage-language';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { formatScript } from '@castwright/content/script/script-format';
import type { ScriptRequest, WrittenScript } from '@castwright/content/script/script-writer';
import { scriptRefFields, settleSourceUse } from './sources/script-sources.ts';
import type { WorkerContext } from './worker-context.ts';

/** Lines of a written script in the sections they open, in order. */
function bySection(lines: readonly ScriptLine[]): ScriptLine[][] {
  const sections: ScriptLine[][] = [];
  for (const line of lines) {
    if (line.section !== undefined || sections.length === 0) sections.push([]);
    sections.at(-1)?.push(line);
  }
  return sections;
}

export async function writeDraftedScript(context: WorkerContext, helpers: JobHelpers, episode: EpisodeRow, request: ScriptRequest): Promise<void> {
  const episodeId = episode.id;
  const stored = await countDraftLines(context.db, episodeId);
  let written = 0;
  let position = stored;
  // Lines the writer gives, in order; those a run before this one stored are skipped.
  const draft = async (lines: readonly ScriptLine[]) => {
    const fresh = lines.slice(Math.max(0, position - written));
    written += lines.length;
    if (fresh.length === 0) return;
    await context.db.transaction().execute(async (trx) => {
      const added = await insertDraftLines(trx, episodeId, position, fresh);
      if (added > 0 && position === 0) await addJob(trx, 'episode:render', { episodeId }, { account: episode.user_id, fair: context.config.fairScheduling });
    });
    position += fresh.length;
  };

  const writer = context.config.llm ? 'llm' : 'offline';
  let script: WrittenScript;
  if (context.config.llm) {
    script = await writeLlmScript(request, context.config.llm, { signal: helpers.abortSignal, onLines: draft });
    // Whatever the writer gave that the sections did not (a script written in one reply).
    await draft(script.lines.slice(written));
  } else {
    script = writeOfflineScript(request);
    for (const section of bySection(script.lines)) await draft(section);
  }
  // The script is what the draft holds; each line keeps the refs the writer gave the same line.
  const lines = (await selectDraftLines(context.db, episodeId)).map((line, index) => {
    const written = script.lines[index];
    return written?.text === line.text && written.sourceRefs ? { ...line, sourceRefs: written.sourceRefs } : line;
  });
  if (lines.length === 0) throw new PermanentError('The script writer returned an empty script');
  if (stored > 0) context.logger.warn({ episodeId, stored }, 'a script written in part before goes on after the lines already stored');
  await context.db.transaction().execute(async (trx) => {
    await updateEpisodeScript(trx, episodeId, {
      script_text: formatScript(lines),
      ...scriptRefFields({ ...script, lines }),
      script_overlaps: scriptOverlapsColumn(lines),
      title: script.title,
      description: script.description,
      script_writer: writer,
      source_limit_ms: script.sourceLimitMs,
      llm_input_tokens: script.tokens.inputTokens,
      llm_output_tokens: script.tokens.outputTokens,
      language_note: languageNote({ leftOut: script.languageLeftOut ?? [], quotes: quotesIn(lines) }, request.language ?? 'en'),
    });
    await settleSourceUse(trx, episodeId, request.sources ?? [], script);
  });
}
