// episode:script — writes the speaker-labelled script, title and description, then
// queues rendering (or waits for review when the user asked to see the script first).
import type { Task } from 'graphile-worker';
import { targetMinutes } from '@castwright/core/episode-length';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { PermanentError } from '@castwright/core/errors';
import { addJob, parseJobPayload } from '@castwright/core/jobs';
import { updateEpisodeScript, updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { storedLanguage } from '@castwright/core/languages';
import { languageNote, quotesIn } from '@castwright/content/language/passage-language';
import { formatScript } from '@castwright/content/script/script-format';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';
import type { ScriptRequest } from '@castwright/content/script/script-writer';
import { runEpisodeStage } from '../episode-stage.ts';
import { episodePace } from '../script-pace.ts';
import { scriptRefFields, scriptSources, settleSourceUse } from '../sources/script-sources.ts';
import { writeDraftedScript } from '../script-drafting.ts';
import type { WorkerContext } from '../worker-context.ts';

export function episodeScriptTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:script', payload);
    await runEpisodeStage(context, helpers, episodeId, 'Script writing', async (episode) => {
      // Heard while it is made: the lines are voiced as they are written (reviewed scripts are written whole first).
      const drafted = context.config.liveAudio && !episode.review_script;
      const moved = await context.db.transaction().execute((trx) =>
        updateEpisodeStatus(trx, episodeId, {
          status: 'generating_script',
          progressPercent: STAGE_PROGRESS.generating_script,
          from: ['ingesting', 'generating_script'],
        }),
      );
      // A replayed job of an episode past scripting must not write over a script its owner may
      // have edited; a drafted script whose render started before its worker died is written on.
      const writingOn = drafted && episode.status === 'generating_audio' && episode.script_text === null;
      if (!moved && !writingOn) return;
      if (!episode.source_text) throw new PermanentError('The episode has no ingested text');
      const language = storedLanguage(episode.language);
      // Every read source, each with its own text: the script covers them all and its lines point into them.
      // Long runs of another language are left out by every writer, quotes stay (passage-language.ts).
      const sources = await scriptSources(context, episode);
      const request: ScriptRequest = {
        text: episode.source_text,
        sources,
        minutes: targetMinutes({ preset: episode.preset, durationMinutes: episode.duration_minutes }),
        hostMode: episode.host_mode,
        voiceStyle: episode.voice_style,
        voicePair: episode.voice_pair,
        // Sized in minutes of audio on the engine expected to read it, not in words.
        pace: await episodePace(episode, context.config),
        // Named hosts speak as Host 1 … Host N, in order, and address each other by name.
        hosts: episode.hosts?.map((host) => ({ name: host.name, ...(host.role ? { role: host.role } : {}) })),
        // A briefing's episode is written by its template, under the title its run gave it.
        briefing: episode.briefing_template ? { template: episode.briefing_template, title: episode.title } : undefined,
        language,
        format: episode.format,
        reactions: episode.reactions,
      };
      if (drafted) {
        await writeDraftedScript(context, helpers, episode, request);
        return;
      }
      // An LLM that answers twice with nothing usable throws a PermanentError: a job retry would not fix it.
      const writer = context.config.llm ? 'llm' : 'offline';
      const script = context.config.llm
        ? await writeLlmScript(request, context.config.llm, { signal: helpers.abortSignal })
        : writeOfflineScript(request);
      if (script.lines.length === 0) throw new PermanentError('The script writer returned an empty script');
      await context.db.transaction().execute(async (trx) => {
        await updateEpisodeScript(trx, episodeId, {
          script_text: formatScript(script.lines),
          ...scriptRefFields(script),
          script_overlaps: scriptOverlapsColumn(script.lines),
          title: script.title,
          description: script.description,
          script_writer: writer,
          source_limit_ms: script.sourceLimitMs,
          llm_input_tokens: script.tokens.inputTokens,
          llm_output_tokens: script.tokens.outputTokens,
          language_note: languageNote({ leftOut: script.languageLeftOut ?? [], quotes: quotesIn(script.lines) }, language),
        });
        await settleSourceUse(trx, episodeId, sources, script);
        if (episode.review_script) {
          await updateEpisodeStatus(trx, episodeId, { status: 'review_script', progressPercent: STAGE_PROGRESS.review_script, from: ['generating_script'] });
        } else {
          await addJob(trx, 'episode:render', { episodeId }, { account: episode.user_id, fair: context.config.fairScheduling });
        }
      });
    });
  };
}
