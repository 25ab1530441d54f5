// Script review: an episode created with `reviewScript: true` waits in `review_script`
// (progress 50) after its script is written. Its owner reads the script, replaces it
// whole or edits it line by line, under a row lock and only while it is in review.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { lockOwnEpisode, selectOwnEpisode, updateScriptText } from '@castwright/core/repositories/episodes';
import { speakersFor, type ScriptLine, type Speaker } from '@castwright/core/script-lines';
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import { ownedOr404 } from '../owned-or-404.ts';

export function notInReview(episode: EpisodeRow): AppError {
  return new AppError('conflict', `The script can only be changed or approved while the episode is in review_script (it is ${episode.status})`);
}

/** The caller's own episode's script, else 404: someone else's episode is not even acknowledged. */
export async function readScript(db: Db, userId: string, id: string) {
  return scriptView(await ownedOr404('episode', selectOwnEpisode(db, userId, id)));
}

export function scriptView(episode: EpisodeRow) {
  return {
    episodeId: episode.id,
    status: episode.status,
    lines: parseScript(episode.script_text ?? '').map((line, index) => ({ index, speaker: line.speaker, text: line.text, ...(line.section ? { section: line.section } : {}) })),
    editable: episode.status === 'review_script',
  };
}

export async function replaceScript(db: Db, userId: string, id: string, lines: readonly ScriptLine[]): Promise<EpisodeRow> {
  const cleaned = lines.map((line) => ({ speaker: line.speaker, text: cleanLineText(line.text), ...sectionOf(line) }));
  return saveScript(db, userId, id, () => cleaned);
}

export async function editScriptLine(db: Db, userId: string, id: string, index: number, edit: { text?: string | undefined; speaker?: Speaker | undefined }): Promise<EpisodeRow> {
  return saveScript(db, userId, id, (lines) => {
    const line = lines[index];
    if (!line) throw new AppError('notFound', `The script has no line ${index} (it has ${lines.length} lines, numbered from 0)`);
    // The line keeps the section it opens: its chapter stays.
    lines[index] = { speaker: edit.speaker ?? line.speaker, text: edit.text !== undefined ? cleanLineText(edit.text) : line.text, ...sectionOf(line) };
    return lines;
  });
}

/** Saves a new script if the episode is still in review, under a row lock; else 409. */
async function saveScript(db: Db, userId: string, id: string, change: (lines: ScriptLine[]) => ScriptLine[]): Promise<EpisodeRow> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, userId, id));
    if (episode.status !== 'review_script') throw notInReview(episode);
    const lines = change(parseScript(episode.script_text ?? ''));
    checkSpeakers(episode, lines);
    return updateScriptText(trx, id, formatScript(lines));
  });
}

/** Every line is spoken by one of the episode's hosts: Host 1 … Host N for N named hosts, else one or two by hostMode. */
function checkSpeakers(episode: EpisodeRow, lines: readonly ScriptLine[]): void {
  const hosts = episode.hosts?.length ?? 0;
  if (hosts === 0 && episode.host_mode === 'single') {
    if (lines.some((line) => line.speaker !== 'Host 1')) {
      throw AppError.validation('This is a single-host episode: every line must be spoken by Host 1', ['speaker must be Host 1 in a single-host episode']);
    }
    return;
  }
  const speakers = speakersFor(hosts === 0 ? 2 : hosts);
  const stray = lines.findIndex((line) => !speakers.includes(line.speaker));
  if (stray >= 0) {
    const allowed = speakers.length === 1 ? 'Host 1' : `Host 1 to Host ${speakers.length}`;
    const rule = `speaker must be ${allowed} in an episode with ${speakers.length === 1 ? 'one host' : `${speakers.length} hosts`}`;
    throw AppError.validation(`Line ${stray} is spoken by ${(lines[stray] as ScriptLine).speaker}, but this episode's hosts are ${allowed}`, [rule]);
  }
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
