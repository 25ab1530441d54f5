// Named hosts in both script writers. The built-in writer, over the writer corpus at
// several lengths, writes for exactly the hosts given (Host 1 … Host N), shares the
// lines fairly (each host between 1/(2N) and 2/N of them), and has every host named by
// another; without hosts its scripts are what they always were. The LLM writer tells
// the model who the hosts are, offers only their labels in the schema, and sends back a
// reply that starves a host.
import t from 'tap';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { scriptSpeakers, unfairShares, unnamedHosts, type ScriptHost } from '@castwright/content/script/script-hosts';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import { isHostPhrasing } from '@castwright/content/script/host-phrasing';
import { SPEAKERS } from '@castwright/core/script-lines';
import { startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';
import { writerCorpus } from '#test-helpers/writer-corpus';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 170, 'Host 3': 150, 'Host 4': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const HOSTS: ScriptHost[] = [
  { name: 'Ada', role: 'host' },
  { name: 'Bram', role: 'expert' },
  { name: 'Cleo', role: 'guest' },
  { name: 'Dev', role: 'skeptic' },
];
const corpus = await writerCorpus();

t.test('the built-in writer: N speakers, fair shares, every host named by another', async (t) => {
  for (const source of corpus.slice(0, 4)) {
    for (const count of [1, 2, 3, 4]) {
      for (const minutes of [3, 7]) {
        const hosts = HOSTS.slice(0, count);
        const request: ScriptRequest = { text: source.text, minutes, hostMode: count === 1 ? 'single' : 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace, hosts };
        const script = writeOfflineScript(request);
        const label = `${source.name}, ${count} host(s), ${minutes} min`;
        t.same([...new Set(script.lines.map((line) => line.speaker))].sort(), SPEAKERS.slice(0, count), `${label}: speakers Host 1 … Host ${count}`);
        t.same(unfairShares(script.lines, scriptSpeakers(request)), [], `${label}: fair shares`);
        if (count > 1) t.same(unnamedHosts(script.lines, hosts), [], `${label}: each host named by another`);
        t.match(script.lines[0]?.text, new RegExp(`I'm ${hosts[0]?.name}`), `${label}: Host 1 introduces itself`);
      }
    }
  }
});

t.test('the built-in writer puts questions to a host by name, and that framing stays out of show notes', async (t) => {
  const source = corpus[0] as (typeof corpus)[number];
  const script = writeOfflineScript({ text: source.text, minutes: 5, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'interview', pace, hosts: HOSTS.slice(0, 3) });
  const addressed = script.lines.filter((line) => /(^|\. )(Ada|Bram|Cleo), [a-z]/.test(line.text));
  t.ok(addressed.length >= 3, `${addressed.length} questions put to a host by name`);
  t.ok(isHostPhrasing('Bram, tell us about the keepers.'), 'an addressed question is the hosts\' framing');
  t.ok(isHostPhrasing("I'm Ada, and with me are Bram and Cleo."));
  t.notOk(isHostPhrasing("I'm not sure the light was ever seen from the harbour."), 'a source sentence is not');
});

t.test('without hosts the built-in writer writes what it always did', async (t) => {
  const source = corpus[1] as (typeof corpus)[number];
  for (const hostMode of ['single', 'multi'] as const) {
    const request: ScriptRequest = { text: source.text, minutes: 3, hostMode, voiceStyle: 'educational', voicePair: 'debate', pace };
    const plain = writeOfflineScript(request);
    t.same(writeOfflineScript({ ...request, hosts: [] }).lines, plain.lines, `${hostMode}: an empty host list is no hosts`);
    t.same([...new Set(plain.lines.map((line) => line.speaker))].sort(), hostMode === 'single' ? ['Host 1'] : ['Host 1', 'Host 2']);
    t.notOk(plain.lines.some((line) => /I'm (Ada|Bram)/.test(line.text)));
  }
});

t.test('the LLM writer is told the hosts, offered their labels only, and a starved host is sent back', async (t) => {
  const lines = (speakers: string[]) => speakers.map((speaker, n) => ({ speaker, text: `Line ${n}: Ada, Bram and Cleo talk about lighthouses.`, section: null }));
  const unfair = JSON.stringify({ title: 'Lights', description: 'About lights.', lines: lines(['Host 1', 'Host 2', 'Host 1', 'Host 2', 'Host 1', 'Host 2', 'Host 3']) });
  const fair = JSON.stringify({ title: 'Lights', description: 'About lights.', lines: lines(['Host 1', 'Host 2', 'Host 3', 'Host 1', 'Host 2', 'Host 3']) });
  const replies = [unfair, fair];
  const server = await startFakeChatServer(t, () => ({ content: replies.shift() ?? fair }));
  const request: ScriptRequest = { text: 'Lighthouses guided ships. Keepers trimmed wicks.', minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'debate', pace, hosts: HOSTS.slice(0, 3) };
  const script = await writeLlmScript(request, { baseUrl: server.baseUrl, apiKey: 'k', model: 'm' }, { maxRetries: 0 });
  t.same(script.lines.map((line) => line.speaker), ['Host 1', 'Host 2', 'Host 3', 'Host 1', 'Host 2', 'Host 3'], 'the repaired, fair reply');
  const first = server.requests[0] as ChatRequestBody;
  const system = first.messages[0]?.content ?? '';
  t.match(system, /There are 3 hosts in conversation: "Host 1" is Ada \(host\); "Host 2" is Bram \(expert\); "Host 3" is Cleo \(guest\)/);
  t.match(system, /address each other by name/);
  t.match(system, /each host speaks 17 % to 66 % of the lines/);
  t.match(JSON.stringify(first.response_format?.json_schema?.schema), /"enum":\["Host 1","Host 2","Host 3"\]/, 'only their labels');
  const repair = (server.requests[1] as ChatRequestBody).messages.at(-1)?.content ?? '';
  t.match(repair, /Host 3 \(Cleo\) speaks 1 of 7 lines; each host needs at least 2/);
});
