// Named hosts in a script: which labels a script is written for, what "a fair share of
// the lines" is, and whether each host is addressed by name. Both writers keep these
// rules; the LLM writer checks its replies against them.
import { speakersFor, type ScriptLine, type Speaker } from '@castwright/core/script-lines';
import type { HostMode } from '@castwright/core/episode-options';

export interface ScriptHost {
  name: string;
  /** What the host is on the show (host, expert, guest, skeptic, …). */
  role?: string | undefined;
}

/** The speakers a script is written for: its hosts' labels, else one or two by hostMode. */
export function scriptSpeakers(request: { hosts?: readonly ScriptHost[] | undefined; hostMode: HostMode }): Speaker[] {
  if (request.hosts && request.hosts.length > 0) return speakersFor(request.hosts.length);
  return request.hostMode === 'single' ? ['Host 1'] : ['Host 1', 'Host 2'];
}

/**
 * What "a fair share" is: with N ≥ 2 speakers, each speaks at least 1/(2N) and at most
 * 2/N of the lines (four hosts: 12.5 % to 50 % each). Problems name who is off.
 */
export function unfairShares(lines: readonly Pick<ScriptLine, 'speaker'>[], speakers: readonly Speaker[], names?: readonly string[]): string[] {
  if (speakers.length < 2 || lines.length === 0) return [];
  const low = lines.length / (2 * speakers.length);
  const high = (2 * lines.length) / speakers.length;
  return speakers.flatMap((speaker, index) => {
    const count = lines.filter((line) => line.speaker === speaker).length;
    const who = names?.[index] ? `${speaker} (${names[index]})` : speaker;
    if (count < low) return [`${who} speaks ${count} of ${lines.length} lines; each host needs at least ${Math.ceil(low)}`];
    if (count > high) return [`${who} speaks ${count} of ${lines.length} lines; each host may have at most ${Math.floor(high)}`];
    return [];
  });
}

/** The hosts no other host calls by name anywhere in `lines`. */
export function unnamedHosts(lines: readonly Pick<ScriptLine, 'speaker' | 'text'>[], hosts: readonly ScriptHost[]): ScriptHost[] {
  const speakers = speakersFor(hosts.length);
  return hosts.filter((host, index) => !lines.some((line) => line.speaker !== speakers[index] && mentions(line.text, host.name)));
}

/** The name as a word of its own; next to Japanese or Chinese, written without spaces ("Anaさん", "谢谢Ana"), it is one too. */
function mentions(text: string, name: string): boolean {
  const edge = '[^\\p{L}]|[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';
  return new RegExp(`(^|${edge})${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|${edge})`, 'iu').test(text);
}
