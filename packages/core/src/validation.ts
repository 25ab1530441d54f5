// Run-time checks against TypeBox schemas, for values that cross a trust boundary:
// the environment at start, and job payloads (old jobs outlive the code that queued them).
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';

export class SchemaError extends Error {
  readonly problems: string[];
  constructor(what: string, problems: string[]) {
    super(`Invalid ${what}: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/**
 * Fills defaults, optionally converts strings to the schema's types (for the
 * environment), checks, and returns the value typed by the schema.
 */
export function parseValue<S extends TSchema>(
  schema: S,
  input: unknown,
  options: { what: string; convert?: boolean },
): Static<S> {
  let value = Value.Default(schema, Value.Clone(input));
  if (options.convert) value = Value.Convert(schema, value);
  if (!Value.Check(schema, value)) {
    const problems = [...Value.Errors(schema, value)].map(
      (error) => `${error.instancePath.slice(1).replaceAll('/', '.') || 'value'} ${error.message}`,
    );
    throw new SchemaError(options.what, problems);
  }
  return value as Static<S>;
}
