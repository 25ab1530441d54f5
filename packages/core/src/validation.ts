// Run-time checks against TypeBox schemas, for values that cross a trust boundary:
// the environment at start, and job payloads (old jobs outlive the code that queued them).
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
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
function problemsOf(errors: Iterable<{ instancePath: string; message: string }>): string[] {
  return [...errors].map((error) => `${error.instancePath.slice(1).replaceAll('/', '.') || 'value'} ${error.message}`);
}

/**
 * A checker compiled once, for values checked on a hot path (a progress notification
 * reaches every api process thousands of times a second in a burst; the interpreted check
 * cost more than delivering the event). Only for schemas without defaults to fill.
 */
export function compileChecker<S extends TSchema>(schema: S, what: string): (input: unknown) => Static<S> {
  const validator = Compile(schema);
  return (input) => {
    if (validator.Check(input)) return input as Static<S>;
    throw new SchemaError(what, problemsOf(validator.Errors(input)));
  };
}

export function parseValue<S extends TSchema>(
  schema: S,
  input: unknown,
  options: { what: string; convert?: boolean },
): Static<S> {
  let value = Value.Default(schema, Value.Clone(input));
  if (options.convert) value = Value.Convert(schema, value);
  if (!Value.Check(schema, value)) {
    throw new SchemaError(options.what, problemsOf(Value.Errors(schema, value)));
  }
  return value as Static<S>;
}
