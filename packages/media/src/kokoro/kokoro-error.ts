/** Kokoro cannot voice a request: not installed, closed, an unknown voice, a session that failed. */
export class KokoroError extends Error {
  override name = 'KokoroError';
}
