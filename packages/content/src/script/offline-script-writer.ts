// The built-in script writer, used when no LLM is configured: deterministic and
// extractive. It picks the text's most representative sentences up to the preset's
// length and shapes them into a monologue or a two-host conversation.
import type { VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { PermanentError } from '@castwright/core/errors';
import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import { PRESET_MINUTES } from '@castwright/core/tiers';
import { splitSentences } from '../text/sentences.ts';
import { NO_TOKENS, WORDS_PER_MINUTE, type ScriptRequest, type WrittenScript } from './script-writer.ts';
import { keyTerm, selectSentences } from './sentence-ranking.ts';

const OPENINGS: Record<VoiceStyle, string> = {
  professional: 'Welcome to the show. Today we look at',
  casual: "Hey everyone, thanks for tuning in. Today we're chatting about",
  educational: "Welcome back. In this episode, we're going to learn about",
  enthusiastic: "Welcome, welcome! I'm so excited about today's topic:",
};

const CLOSINGS: Record<VoiceStyle, string> = {
  professional: 'That brings us to the end of this episode. Thank you for listening.',
  casual: "That's it from us today. Thanks for hanging out, and see you next time.",
  educational: "That's the key material for today. Review these points, and thanks for learning with us.",
  enthusiastic: 'What a topic! Thanks so much for listening, and see you next time!',
};

const PROMPTS: Record<VoicePair, ((term: string) => string)[]> = {
  'expert-curious': [
    (term) => `So what should we know about ${term}?`,
    (term) => `Interesting. How does ${term} fit into this?`,
    () => 'Can you unpack that a little more?',
    (term) => `And where does ${term} come in?`,
  ],
  debate: [
    (term) => `I'm not convinced yet. What's the case on ${term}?`,
    () => "Let me push back on that. Isn't there another side?",
    (term) => `Fine, but does the argument about ${term} really hold?`,
    () => 'That is a strong claim. What supports it?',
  ],
  interview: [
    (term) => `Tell us about ${term}.`,
    () => 'What happened next?',
    (term) => `How would you explain ${term} to a newcomer?`,
    () => 'What stands out to you here?',
  ],
};

const SENTENCES_PER_TURN = 3;

export function writeOfflineScript(request: ScriptRequest): WrittenScript {
  const sentences = splitSentences(request.text);
  if (sentences.length === 0) throw new PermanentError('The content has no sentences to build a script from');
  const budget = PRESET_MINUTES[request.preset] * WORDS_PER_MINUTE;
  const chosen = selectSentences(sentences, budget);
  const title = titleFrom(sentences[0] as string);
  const topic = keyTerm(chosen.join(' ')) ?? 'this story';
  const turns = chunk(chosen, SENTENCES_PER_TURN).map((group) => group.join(' '));
  const lines: ScriptLine[] = [];
  const opening = `${OPENINGS[request.voiceStyle]} ${topic}.`;

  if (request.hostMode === 'single') {
    lines.push({ speaker: 'Host 1', text: opening });
    for (const turn of turns) lines.push({ speaker: 'Host 1', text: turn });
    lines.push({ speaker: 'Host 1', text: CLOSINGS[request.voiceStyle] });
  } else {
    // In an interview the guest (Host 2) carries the content; otherwise the expert (Host 1) does.
    const [asker, teller]: [Speaker, Speaker] = request.voicePair === 'interview' ? ['Host 1', 'Host 2'] : ['Host 2', 'Host 1'];
    const prompts = PROMPTS[request.voicePair];
    lines.push({ speaker: 'Host 1', text: opening });
    lines.push({ speaker: 'Host 2', text: request.voicePair === 'interview' ? 'Thanks for having me.' : 'Glad to be here. Let us dig in.' });
    turns.forEach((turn, index) => {
      if (index > 0 || request.voicePair === 'interview') {
        const prompt = prompts[index % prompts.length] as (term: string) => string;
        lines.push({ speaker: asker, text: prompt(keyTerm(turn) ?? topic) });
      }
      lines.push({ speaker: teller, text: turn });
    });
    lines.push({ speaker: 'Host 2', text: 'Great conversation.' });
    lines.push({ speaker: 'Host 1', text: CLOSINGS[request.voiceStyle] });
  }
  return { title, description: chosen.slice(0, 2).join(' '), lines, tokens: NO_TOKENS };
}

function titleFrom(firstSentence: string): string {
  const words = firstSentence.replace(/[.!?]+$/, '').split(/\s+/);
  const title = words.slice(0, 12).join(' ');
  return words.length > 12 ? `${title}…` : title;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
