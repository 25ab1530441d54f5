// Editing an episode's script, owner only: while it waits in `review_script` (an episode
// created with `reviewScript: true`), and after its audio is made (`ready`, or `error`
// with a script) — edits then change nothing listeners get until the episode is rendered
// again (render-episode.ts). Every change runs under the episode's row lock, checks
// If-Match against the script's ETag (412 when it changed meanwhile), and is refused with
// 409 while a render of the episode runs. A line keeps its refs to the sources while its
// text is unchanged; a new or rewritten line has the refs the edit gives, else none.
// Reactions and cut-ins are lines like any other (script-overlaps.ts); removing a line
// removes the reactions under it, which react to nothing once it is gone.
import type { Db, Executor } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { baseLanguage, storedLanguage, type Language } from '@castwright/core/languages';
import { selectEpisodeRevision } from '@castwright/core/repositories/episode-revisions';
import { lockOwnEpisode, selectOwnEpisode, updateScriptText } from '@castwright/core/repositories/episodes';
import { MAX_SCRIPT_LINES, type ScriptLine, type Speaker } from '@castwright/core/script-lines';
import { scriptRefsColumn, type SourceRef } from '@castwright/core/source-refs';
import { formatScript, storedScript } from '@castwright/content/script/script-format';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';
import { requireIfMatch } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkGivenRefs, keptRefs } from './script-refs.ts';
import { placedReaction, plainLine, settleOverlaps, type ReactionInput } from './script-overlaps.ts';
import { checkSpeakers } from './script-speakers.ts';
import { scriptEditable, scriptEtag, scriptLines, type ScriptState } from './script-view.ts';

/** Why the script cannot change now (409). */
function scriptLocked(episode: EpisodeRow): AppError {
  if (episode.status === 'generating_audio') return new AppError('conflict', 'A render of this episode is running; change the script once it is ready');
  return new AppError('conflict', `The script can only be changed in review_script, or in ready or error once it is written (it is ${episode.status})`);
}

/** The published revision's script beside the episode's (for pendingChanges). */
async function withPublishedScript(db: Executor, episode: EpisodeRow): Promise<ScriptState> {
  const published = episode.published_revision === null ? undefined : await selectEpisodeRevision(db, episode.id, episode.published_revision);
  return { episode, publishedLines: published ? storedScript(published.script_text, published.script_overlaps) : null };
}

/** The caller's own episode's script, else 404: someone else's episode is not even acknowledged. */
export async function readScript(db: Db, userId: string, id: string): Promise<ScriptState> {
  return withPublishedScript(db, await ownedOr404('episode', selectOwnEpisode(db, userId, id)));
}

/** A line as a change gives it: a reaction's place may be left to the service. */
export type GivenLine = Omit<ScriptLine, 'reaction'> & { reaction?: ReactionInput | undefined };

export async function replaceScript(db: Db, userId: string, id: string, lines: readonly GivenLine[], ifMatch: string | undefined): Promise<ScriptState> {
  const cleaned: ScriptLine[] = lines.map((line) => ({
    speaker: line.speaker,
    text: cleanLineText(line.text),
    ...sectionOf(line),
    ...languageOf(line),
    ...(line.sourceRefs ? { sourceRefs: line.sourceRefs } : {}),
    ...(line.overlapMs !== undefined ? { overlapMs: line.overlapMs } : {}),
  }));
  lines.forEach((line, index) => {
    if (line.reaction) cleaned[index] = { ...(cleaned[index] as ScriptLine), reaction: placedReaction(cleaned, index, line.reaction) };
  });
  // A line given without refs keeps those of a line of the same text it replaces.
  return saveScript(db, { userId, id, ifMatch }, (before) => settleOverlaps(keptRefs(before, cleaned), new Set(cleaned.keys())));
}

export async function editScriptLine(
  db: Db,
  target: { userId: string; id: string; index: number; ifMatch: string | undefined },
  edit: {
    text?: string | undefined;
    speaker?: Speaker | undefined;
    language?: Language | null | undefined;
    sourceRefs?: SourceRef[] | undefined;
    reaction?: ReactionInput | null | undefined;
    overlapMs?: number | null | undefined;
  },
): Promise<ScriptState> {
  return saveScript(db, target, (lines) => {
    const line = existingLine(lines, target.index);
    const text = edit.text !== undefined ? cleanLineText(edit.text) : line.text;
    // The line keeps the section it opens (its chapter stays), its language unless told another
    // (null: the episode's), and its refs while its text stays.
    const language = edit.language === undefined ? line.language : (edit.language ?? undefined);
    const sourceRefs = edit.sourceRefs ?? (text === line.text ? line.sourceRefs : []);
    // Made a reaction, it is no longer a cut-in (unless the edit says both, a 400), and the other way round.
    const overlapMs = edit.overlapMs === null ? undefined : (edit.overlapMs ?? (edit.reaction ? undefined : line.overlapMs));
    const kept = edit.reaction === null || (edit.overlapMs !== undefined && edit.overlapMs !== null && edit.reaction === undefined) ? undefined : line.reaction;
    lines[target.index] = {
      speaker: edit.speaker ?? line.speaker,
      text,
      ...sectionOf(line),
      ...languageOf({ language }),
      sourceRefs,
      ...(overlapMs !== undefined ? { overlapMs } : {}),
      ...(kept ? { reaction: kept } : {}),
    };
    if (edit.reaction) lines[target.index] = { ...(lines[target.index] as ScriptLine), reaction: placedReaction(lines, target.index, edit.reaction) };
    return settleOverlaps(lines, new Set([target.index]));
  });
}

/** A new line before line `index` (at the end when `index` is the number of lines). */
export async function addScriptLine(db: Db, target: { userId: string; id: string; ifMatch: string | undefined }, line: GivenLine & { index: number }): Promise<ScriptState> {
  return saveScript(db, target, (lines) => {
    if (line.index > lines.length) {
      throw AppError.validation(`A line can go at index 0 to ${lines.length} (the script has ${lines.length} lines)`, [`index must be at most ${lines.length}`]);
    }
    if (lines.length >= MAX_SCRIPT_LINES) throw AppError.validation(`A script has at most ${MAX_SCRIPT_LINES} lines`);
    lines.splice(line.index, 0, {
      speaker: line.speaker,
      text: cleanLineText(line.text),
      ...sectionOf(line),
      ...languageOf(line),
      sourceRefs: line.sourceRefs ?? [],
      ...(line.overlapMs !== undefined ? { overlapMs: line.overlapMs } : {}),
    });
    if (line.reaction) lines[line.index] = { ...(lines[line.index] as ScriptLine), reaction: placedReaction(lines, line.index, line.reaction) };
    return settleOverlaps(lines, new Set([line.index]));
  });
}

/**
 * Removes line `index` and, when it is no reaction, the reactions under it; a section it
 * opened moves to the line after them, so its chapter stays.
 */
export async function removeScriptLine(db: Db, target: { userId: string; id: string; index: number; ifMatch: string | undefined }): Promise<ScriptState> {
  return saveScript(db, target, (lines) => {
    const line = existingLine(lines, target.index);
    let count = 1;
    if (!line.reaction) while (lines[target.index + count]?.reaction) count += 1;
    if (lines.length === count) throw AppError.validation('A script keeps at least one line; replace this one instead', ['the script must keep at least one line']);
    lines.splice(target.index, count);
    const next = lines[target.index];
    if (line.section && next && !next.section) lines[target.index] = { ...(next.reaction || next.overlapMs !== undefined ? plainLine(next) : next), section: line.section };
    return settleOverlaps(lines, new Set());
  });
}

/** Saves a new script under the row lock if If-Match holds and the state allows it. */
async function saveScript(db: Db, target: { userId: string; id: string; ifMatch: string | undefined }, change: (lines: ScriptLine[]) => ScriptLine[]): Promise<ScriptState> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, target.userId, target.id));
    requireIfMatch(target.ifMatch, scriptEtag(episode), 'script');
    if (!scriptEditable(episode)) throw scriptLocked(episode);
    // A line "in another language" that is the episode's own is simply a line of the episode.
    const own = baseLanguage(storedLanguage(episode.language));
    const lines = change(scriptLines(episode)).map(({ language, ...line }) => (language && baseLanguage(language) !== own ? { ...line, language } : line));
    checkSpeakers(episode, lines);
    await checkGivenRefs(trx, episode.id, lines);
    const refs = lines.map((line) => line.sourceRefs ?? []);
    return withPublishedScript(trx, await updateScriptText(trx, target.id, { text: formatScript(lines), refs: scriptRefsColumn(refs), overlaps: scriptOverlapsColumn(lines) }));
  });
}

function existingLine(lines: readonly ScriptLine[], index: number): ScriptLine {
  const line = lines[index];
  if (!line) throw new AppError('notFound', `The script has no line ${index} (it has ${lines.length} lines, numbered from 0)`);
  return line;
}

function languageOf(line: Pick<ScriptLine, 'language'>): Pick<ScriptLine, 'language'> {
  return line.language ? { language: line.language } : {};
}

/** A section title on one line (the stored format writes it as a `## ` line of its own); none when blank. */
function sectionOf(line: Pick<ScriptLine, 'section'>): Pick<ScriptLine, 'section'> {
  const title = line.section?.replace(/\s+/g, ' ').trim();
  return title ? { section: title } : {};
}

function cleanLineText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean === '') throw AppError.validation('Line text must not be blank', ['text must not be blank']);
  return clean;
}
