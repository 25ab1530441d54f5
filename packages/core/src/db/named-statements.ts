// The statements every API request runs (the caller's metering, the episode read) are
// prepared by name, once per connection: PostgreSQL then parses and plans them once instead
// of on every request, which on a busy database is most of what such a small statement
// costs it (docs/benchmarks.md, "named statements"). Kysely sends every query unnamed, so
// the pool's clients name the ones marked here, recognised by their SQL text: a text that
// is not marked (or no longer matches) simply runs unnamed, as any other query.
import pg from 'pg';

/** SQL text → statement name. */
const names = new Map<string, string>();
/** The names marked so far; each is marked once (its text is the same on every call). */
const marked = new Set<string>();

/** PostgreSQL's "cached plan must not change result type": the table changed under a prepared statement. */
const PLAN_INVALIDATED = '0A000';

/**
 * Marks a statement whose text depends on nothing but its code (its values are parameters)
 * to run as the named statement `name`. `text()` is called only the first time.
 */
export function nameStatement(name: string, text: () => string): void {
  if (marked.has(name)) return;
  marked.add(name);
  names.set(text(), name);
}

/** A named statement a migration made stale is prepared again under a new name, here and on every connection. */
function renameAfterInvalidation(text: string, stale: string): string {
  const fresh = `${stale.replace(/~\d+$/, '')}~${Date.now().toString(36)}`;
  if (names.get(text) === stale) names.set(text, fresh);
  return names.get(text) as string;
}

type QueryResult = Promise<pg.QueryResult>;

/** pg's client, sending the marked statements by name; everything else passes through untouched. */
export class NamingClient extends pg.Client {
  // @ts-expect-error -- one signature in front of pg's overloads: only (text, values) with no callback, Kysely's form, is named.
  override query(config: unknown, values?: unknown, callback?: unknown): unknown {
    const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? names.get(config) : undefined;
    // @ts-expect-error -- forwarded exactly as received.
    if (name === undefined) return super.query(config, values, callback);
    const run = (statement: string): QueryResult => super.query({ name: statement, text: config as string, values: values as unknown[] });
    return run(name).catch((error: { code?: string }) => {
      if (error.code !== PLAN_INVALIDATED) throw error;
      return run(renameAfterInvalidation(config as string, name));
    });
  }
}
