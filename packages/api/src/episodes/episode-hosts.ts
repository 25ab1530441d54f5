// The named hosts of a new episode, checked against the voice catalog: 1 to 4 hosts with
// distinct names, each voice a catalog id the caller may use (built-in, or their own
// custom voice) or a Kokoro blend of such ids, every voice available now (a live media
// worker can speak it) and all of one engine. Problems are a 400 naming each voice and
// saying where the valid ones are listed. The checked hosts are stored with the episode,
// voices in canonical form and with their gender, for the render.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { HostMode, TtsEngineChoice } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { baseLanguage, LANGUAGE_NAMES, type Language } from '@castwright/core/languages';
import { selectVisibleVoices, type CatalogVoiceRow } from '@castwright/core/repositories/voices';
import type { EpisodeHost } from '@castwright/core/voices/episode-hosts';
import { BlendError, formatBlend, looksLikeBlend, parseBlend, type BlendPart } from '@castwright/core/voices/voice-blend';
import { builtInVoiceId } from '@castwright/core/voices/voice-ids';
import { unavailableReason } from '../voices/voice-views.ts';

export interface HostInput {
  name: string;
  voice: string;
  role?: string | undefined;
}

const LISTED = 'GET /api/voices lists the voices you can use and whether each is available';

interface Wanted {
  host: HostInput;
  where: string;
  /** Catalog ids: the voice, or the blend's parts. */
  ids: string[];
  blend: BlendPart[] | undefined;
}

/**
 * The hosts as stored, and the host mode they make (one host: single, more: multi);
 * undefined when the request has no hosts. `hostMode` and `ttsEngine` are what the
 * client sent, if anything: they must agree with the hosts.
 */
export async function checkHosts(
  db: Db,
  user: UserRow,
  request: { hosts?: readonly HostInput[] | undefined; hostMode?: HostMode | undefined; ttsEngine?: TtsEngineChoice | undefined },
  deadAfterMs: number,
): Promise<{ hosts: EpisodeHost[]; hostMode: HostMode; voiceLanguages: string[] } | undefined> {
  if (!request.hosts) return undefined;
  const problems: string[] = [];
  const names = new Set<string>();
  const wanted: Wanted[] = [];
  request.hosts.forEach((host, index) => {
    const where = `hosts[${index}]`;
    const name = host.name.replace(/\s+/g, ' ').trim();
    if (name === '') problems.push(`${where}.name must not be blank`);
    else if (names.has(name.toLowerCase())) problems.push(`${where}.name: two hosts are called ${name}; the hosts address each other by name`);
    names.add(name.toLowerCase());
    if (!looksLikeBlend(host.voice)) {
      wanted.push({ host: { ...host, name }, where, ids: [host.voice.trim()], blend: undefined });
      return;
    }
    try {
      const blend = parseBlend(host.voice);
      wanted.push({ host: { ...host, name }, where, ids: blend.map((part) => builtInVoiceId('kokoro', part.voice) as string), blend });
    } catch (error) {
      if (!(error instanceof BlendError)) throw error;
      problems.push(`${where}.voice: ${error.message}`);
    }
  });
  const found = new Map((await selectVisibleVoices(db, user.id, wanted.flatMap((entry) => entry.ids), deadAfterMs)).map((row) => [row.id, row]));
  for (const entry of wanted) {
    for (const id of entry.ids) {
      const voice = found.get(id);
      if (!voice) problems.push(`${entry.where}.voice: unknown voice "${id}"; ${LISTED}`);
      else if (unavailableReason(voice)) problems.push(`${entry.where}.voice: the voice "${id}" is not available now (${unavailableReason(voice)}); ${LISTED}`);
    }
  }
  const engines = [...new Set([...found.values()].map((voice) => voice.engine))];
  if (engines.length > 1) problems.push(`All hosts speak with voices of one engine; these are of ${engines.join(' and ')}`);
  const engine = engines[0];
  if (engine && request.ttsEngine && request.ttsEngine !== 'auto' && request.ttsEngine !== engine) {
    problems.push(`ttsEngine is ${request.ttsEngine} but the hosts' voices are ${engine} voices; leave ttsEngine out with hosts`);
  }
  const hostMode: HostMode = request.hosts.length === 1 ? 'single' : 'multi';
  if (request.hostMode && request.hostMode !== hostMode) problems.push(`hostMode ${request.hostMode} does not fit ${request.hosts.length} hosts; leave hostMode out with hosts`);
  if (problems.length > 0) throw AppError.validation(problems.length === 1 ? (problems[0] as string) : `The hosts have ${problems.length} problems: ${problems.join('; ')}`, problems);
  return { hosts: wanted.map((entry) => storedHost(entry, found)), hostMode, voiceLanguages: wanted.map((entry) => voiceOf(entry, found)?.language ?? 'und') };
}

/**
 * Hosts whose voice speaks another language than the episode's: allowed (a voice reads
 * any language its engine speaks, with its own accent), and said in the 202's `warnings`.
 */
export function hostLanguageWarnings(hosts: readonly EpisodeHost[], voiceLanguages: readonly string[], language: Language): string[] {
  const base = baseLanguage(language);
  return hosts.flatMap((host, index) => {
    const spoken = voiceLanguages[index] ?? 'und';
    if (spoken.toLowerCase().split('-')[0] === base) return [];
    return [`${host.name}'s voice ${host.voice} speaks ${spoken} and this episode is in ${LANGUAGE_NAMES[language]} (${language}): it will read it with its own accent`];
  });
}

/** The catalog voice that stands for a host's: the voice, or a blend's heaviest (which it sounds most like). */
function voiceOf(entry: Wanted, found: ReadonlyMap<string, CatalogVoiceRow>): CatalogVoiceRow | undefined {
  const heaviest = entry.blend ? entry.blend.reduce((best, part) => (part.weight > best.weight ? part : best)) : undefined;
  return found.get(heaviest ? (builtInVoiceId('kokoro', heaviest.voice) as string) : (entry.ids[0] as string));
}

function storedHost(entry: Wanted, found: ReadonlyMap<string, CatalogVoiceRow>): EpisodeHost {
  const { host, blend } = entry;
  const genderFrom = voiceOf(entry, found);
  return {
    name: host.name,
    voice: blend ? formatBlend(blend, { prefixed: true }) : (entry.ids[0] as string),
    ...(host.role?.trim() ? { role: host.role.trim() } : {}),
    gender: genderFrom?.gender ?? 'unknown',
  };
}
