// The JSON object in a model's reply, found the way a reader would find it: servers that
// ignore the schema (Ollama's MLX and cloud models, some LM Studio models, any server one
// step down the format ladder) answer in prose around the JSON, in a Markdown fence, or
// after the model's thinking left in the content as `<think>…</think>` (a server without a
// reasoning parser). The thinking is removed, then the whole reply is tried, then each
// balanced `{…}` in turn (strings and escapes respected) until one parses.

export type ReplyJson = { value: unknown } | { problem: string };

const THINKING = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const OPEN_THINKING = /<(think|thinking|reasoning)>/i;

export function jsonFromReply(raw: string): ReplyJson {
  const text = raw.replace(THINKING, '').trim();
  if (text === '') return { problem: raw.trim() === '' ? 'the reply was empty' : 'the reply was only thinking, with no answer after it' };
  if (OPEN_THINKING.test(text) && !text.includes('{')) return { problem: 'the reply was cut off while the model was still thinking' };
  const unfenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text)?.[1] ?? text;
  try {
    return { value: JSON.parse(unfenced) };
  } catch (error) {
    for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
      const end = balancedEnd(text, start);
      if (end < 0) break;
      try {
        return { value: JSON.parse(text.slice(start, end + 1)) };
      } catch {
        // a brace in the prose; try the next one
      }
    }
    return { problem: text.includes('{') ? `the reply is not valid JSON (${(error as Error).message})` : 'the reply has no JSON object in it' };
  }
}

/** Where the object opened at `start` closes; -1 when it never does (a cut-off reply). */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return char === '}' ? i : -1;
    }
  }
  return -1;
}
