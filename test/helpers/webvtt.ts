// Parses WebVTT with the W3C validator's parser (webvtt-parser) into cues with their
// speaker (the `<v>` voice annotation) and plain text, plus every error it reports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import webvtt from 'webvtt-parser';

// Without the full table of named character references the parser decodes `&amp;` wrongly.
const entities = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('webvtt-parser/html-entities.json'), 'utf8')) as Record<string, string>;

export interface VttCue {
  startMs: number;
  endMs: number;
  speaker: string | undefined;
  text: string;
}

export function parseWebVtt(input: string): { cues: VttCue[]; errors: string[] } {
  const { cues, errors } = new webvtt.WebVTTParser(entities).parse(input, 'metadata');
  return {
    errors: errors.map((error) => `line ${error.line}: ${error.message}`),
    cues: cues.map((cue) => {
      const voice = cue.tree.children.find((node) => node.type === 'object' && node.name === 'v');
      const text = (voice?.children ?? cue.tree.children).map((node) => (node.type === 'text' ? node.value : '')).join('');
      return { startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000), speaker: voice?.value, text };
    }),
  };
}
