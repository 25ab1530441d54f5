// The text of an episode's source, whatever its kind, as structured text
// (text/structured-text.ts): typed text read as Markdown when it uses Markdown, else by
// the shape of its lines; a web page through the SSRF-safe fetcher and Readability,
// under its title; an uploaded document through its format's extractor. Every result
// is cleaned and bounded by usableText. A briefing's text was compiled by its run.
import type { EpisodeRow } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { Readable } from 'node:stream';
import { usableText } from '../text/clean-text.ts';
import { outboundPolicy } from '../fetch/outbound-policy.ts';
import { looksLikeMarkdown, markdownBlocks } from '../text/markdown-blocks.ts';
import { plainTextBlocks } from '../text/plain-text-blocks.ts';
import { parseStructuredText, type Block } from '../text/structured-text.ts';
import { fetchArticleText, titledBlocks } from './web-article.ts';
import { extractDocumentText, MAX_DOCUMENT_BYTES } from './documents/extract-document-text.ts';

export interface SourceTextDependencies {
  storage: ObjectStorage;
  /** Development and tests only: outbound fetches may reach loopback/private addresses. */
  allowPrivateAddresses: boolean;
}

export async function sourceText(episode: EpisodeRow, dependencies: SourceTextDependencies): Promise<string> {
  switch (episode.source_type) {
    case 'text':
      if (episode.source_text === null) throw new PermanentError('The episode has no text');
      return usableText(typedTextBlocks(episode.source_text));
    case 'url': {
      if (episode.source_url === null) throw new PermanentError('The episode has no web address');
      const article = await fetchArticleText(episode.source_url, outboundPolicy({ allowPrivateAddresses: dependencies.allowPrivateAddresses }));
      return usableText(titledBlocks(article));
    }
    case 'briefing':
      // Compiled by the briefing run from its items (briefings/compile-briefing.ts): already structured text.
      if (episode.source_text === null) throw new PermanentError('The episode has no briefing text');
      return usableText(parseStructuredText(episode.source_text));
    case 'upload': {
      if (episode.source_key === null) throw new PermanentError('The episode has no uploaded document');
      const original = await readBounded(await dependencies.storage.read(episode.source_key), MAX_DOCUMENT_BYTES);
      const { blocks } = await extractDocumentText(original, episode.source_key);
      return usableText(blocks);
    }
  }
  throw new PermanentError(`Unknown source type ${String(episode.source_type)}`);
}

/** Typed text: Markdown when it uses Markdown, plain text otherwise (so indented lines are never taken for code). */
export function typedTextBlocks(text: string): Block[] {
  return looksLikeMarkdown(text) ? markdownBlocks(text) : plainTextBlocks(text);
}

/** A stored document's bytes, refusing (and no longer reading) one past `maxBytes`. */
async function readBounded(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new PermanentError('The uploaded document is too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
