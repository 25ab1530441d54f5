// The text of one of an episode's sources, whatever its kind, as structured text
// (text/structured-text.ts): typed text read as Markdown when it uses Markdown, else by
// the shape of its lines; a web page through the SSRF-safe fetcher and Readability,
// under its title; a stored or uploaded document through its format's extractor. Every
// result is cleaned and bounded by usableText, and comes with the title a listener knows
// the source by: the one given, the page's, the document's own heading, else its name.
import type { EpisodeSourceRow } from '@castwright/core/db/schema';
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

export interface SourceText {
  title: string | null;
  /** Cleaned structured text, at most MAX_SOURCE_CHARACTERS. */
  text: string;
}

type ReadableSource = Pick<EpisodeSourceRow, 'kind' | 'input_text' | 'url' | 'document_id' | 'storage_key' | 'filename' | 'title'>;

export async function sourceText(source: ReadableSource, dependencies: SourceTextDependencies): Promise<SourceText> {
  switch (source.kind) {
    case 'text': {
      if (source.input_text === null) throw new PermanentError('The source has no text');
      const text = usableText(typedTextBlocks(source.input_text));
      return { title: source.title ?? headingTitle(text), text };
    }
    case 'url': {
      if (source.url === null) throw new PermanentError('The source has no web address');
      const article = await fetchArticleText(source.url, outboundPolicy({ allowPrivateAddresses: dependencies.allowPrivateAddresses }));
      const text = usableText(titledBlocks(article));
      // A page's title without the site's name after it ("… | The Site"), as titledBlocks heads the text.
      const title = article.title?.split(/\s+[|\u2013\u2014-]\s+/u)[0]?.trim() || null;
      return { title: title ?? headingTitle(text) ?? new URL(source.url).hostname, text };
    }
    case 'document':
    case 'upload': {
      // A stored document deleted before it was read has lost its link (and its file goes with it).
      if (source.kind === 'document' && source.document_id === null) throw new PermanentError('The document was deleted before it was read');
      if (source.storage_key === null) throw new PermanentError('The episode has no uploaded document');
      const original = await readBounded(await dependencies.storage.read(source.storage_key), MAX_DOCUMENT_BYTES);
      const { blocks } = await extractDocumentText(original, source.storage_key);
      const text = usableText(blocks);
      return { title: headingTitle(text) ?? source.filename, text };
    }
  }
  throw new PermanentError(`Unknown source kind ${String(source.kind)}`);
}

/** Typed text: Markdown when it uses Markdown, plain text otherwise (so indented lines are never taken for code). */
export function typedTextBlocks(text: string): Block[] {
  return looksLikeMarkdown(text) ? markdownBlocks(text) : plainTextBlocks(text);
}

/** The text's own title: its opening top-level heading. */
function headingTitle(text: string): string | null {
  const [first] = parseStructuredText(text.slice(0, 2000));
  return first?.kind === 'heading' && first.level === 1 ? first.text : null;
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
