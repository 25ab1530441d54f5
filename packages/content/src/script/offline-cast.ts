// Who says what in the built-in writer's show, apart from what is said: who opens and
// greets, who asks and who answers each turn, how a question is put to its answerer, and
// who says goodbye. Without named hosts it is the two-host show voicePair describes
// (the curious co-host asks, the interview's guest answers, a debate's sides take turns
// by section). With named hosts (1 to 4) Host 1 opens and introduces everyone by name,
// the others greet Host 1 by name, and each question is put to its answerer by name. Two
// named hosts keep the pair's roles; three or four rotate: turn k is asked by host k and
// answered by host k−1 (mod N), so every host asks and answers equally often, and the
// next question always comes from a third host, never from the one who just answered.
// Lines per host then stay between 1/(2N) and 2/N of the script (unfairShares in
// script-hosts.ts), and every host is named by another.
import type { Speaker } from '@castwright/core/script-lines';
import { scriptSpeakers } from './script-hosts.ts';
import type { ScriptRequest } from './script-writer.ts';
import { pick, type PairPhrasing, type ShowPhrasing } from './show-phrasing.ts';

export interface Cast {
  /** More than one speaker: a conversation. */
  multi: boolean;
  /** Said by Host 1 after the welcome, before the preview. */
  introduction: string[];
  /** Lines right after the opening. */
  greetings: [Speaker, string][];
  /** Who asks and who answers a turn: `position` is the section's, `turn` counts every turn of the script. */
  turn(position: number, turn: number): { teller: Speaker; asker: Speaker };
  /** The question as the asker puts it to the teller. */
  address(question: string, teller: Speaker): string;
  /** Said after Host 1's recap, before Host 1 signs off. */
  farewells: [Speaker, string][];
  /** Host 1's sign-off. */
  signOff(words: string): string;
}

export function castShow(request: Pick<ScriptRequest, 'hosts' | 'hostMode' | 'voicePair'>, phrasing: ShowPhrasing, pair: PairPhrasing, greeting: string): Cast {
  const named = request.hosts && request.hosts.length > 0 ? request.hosts : undefined;
  if (!named) return pairCast(request, pair, greeting);
  const speakers = scriptSpeakers(request);
  const names = new Map(speakers.map((speaker, index) => [speaker, named[index]?.name ?? speaker]));
  const nameOf = (speaker: Speaker) => names.get(speaker) ?? speaker;
  const [first, ...others] = speakers as [Speaker, ...Speaker[]];
  const otherNames = others.map(nameOf);
  let asked = 0;
  return {
    multi: others.length > 0,
    introduction: [phrasing.introduceHosts(nameOf(first), otherNames)],
    greetings: others.map((speaker, index) => [speaker, `${phrasing.greetHost(nameOf(first))}${phrasing.gap}${index === 0 ? greeting : pick(phrasing.namedGreetings, index - 1)}`]),
    turn: (position, turn) => {
      if (speakers.length < 3) return pairTurn(request, position);
      return { asker: speakers[turn % speakers.length] as Speaker, teller: speakers[(turn + speakers.length - 1) % speakers.length] as Speaker };
    },
    address: (question, teller) => {
      // With three or more hosts the name says who is to answer; two hosts name each other every other question.
      asked += 1;
      if (speakers.length < 3 && asked % 2 === 0) return question;
      return phrasing.address(nameOf(teller), question);
    },
    farewells: others.map((speaker, index) => [speaker, index === 0 ? pair.thanks : pick(phrasing.namedThanks, index - 1)]),
    signOff: (words) => (others.length === 0 ? words : `${phrasing.thankHosts(otherNames)}${phrasing.gap}${words}`),
  };
}

/** Two hosts' roles by voicePair: who answers (the expert, the guest, a debate's sides by turns) and who asks. */
function pairTurn(request: Pick<ScriptRequest, 'voicePair'>, position: number): { teller: Speaker; asker: Speaker } {
  // In a debate the sides take turns to make the case, section by section.
  const teller: Speaker = request.voicePair === 'interview' ? 'Host 2' : request.voicePair === 'debate' && position % 2 === 1 ? 'Host 2' : 'Host 1';
  return { teller, asker: teller === 'Host 1' ? 'Host 2' : 'Host 1' };
}

/** The show without named hosts, exactly as voicePair has always cast it. */
function pairCast(request: Pick<ScriptRequest, 'hostMode' | 'voicePair'>, pair: PairPhrasing, greeting: string): Cast {
  const multi = request.hostMode === 'multi';
  return {
    multi,
    introduction: [],
    greetings: multi ? [['Host 2', greeting]] : [],
    turn: (position) => pairTurn(request, position),
    address: (question) => question,
    farewells: multi ? [['Host 2', pair.thanks]] : [],
    signOff: (words) => words,
  };
}
