// Turns argv into one command of the table, its arguments and options, or a UsageError
// whose message is one line naming what is allowed.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CommandSpec, type ParsedCommand } from './command-spec.ts';
import { PROGRAM } from './command-table.ts';

export type CommandLine =
  | { kind: 'run'; command: ParsedCommand }
  | { kind: 'help'; path: readonly string[]; requested: boolean }
  | { kind: 'version' };

const HELP_OPTION = { type: 'boolean', short: 'h' } as const;

const list = (values: readonly string[]) => values.join(', ');

/** The commands whose path starts with `prefix`. */
export function commandsUnder(commands: readonly CommandSpec[], prefix: readonly string[]): CommandSpec[] {
  return commands.filter((spec) => prefix.every((word, index) => spec.path[index] === word));
}

export function parseCommandLine(commands: readonly CommandSpec[], argv: readonly string[]): CommandLine {
  const [first] = argv;
  if (first === undefined) return { kind: 'help', path: [], requested: false };
  if (first === '--version' || first === '-V' || first === 'version') return { kind: 'version' };
  if (first === '--help' || first === '-h') return { kind: 'help', path: [], requested: true };
  if (first === 'help') return { kind: 'help', path: knownPath(commands, argv.slice(1)), requested: true };
  if (first.startsWith('-')) throw new UsageError(`${PROGRAM}: unknown option ${first} before the command (allowed: --help, --version)`);

  // Walk the command words: a group (`user`, `models`) needs one of its subcommands.
  const path: string[] = [];
  let spec: CommandSpec | undefined;
  for (const word of argv) {
    const candidates = commandsUnder(commands, [...path, word]);
    if (candidates.length === 0) {
      if (word === '--help' || word === '-h') return { kind: 'help', path, requested: true };
      const allowed = [...new Set(commandsUnder(commands, path).map((candidate) => candidate.path[path.length]))];
      const what = path.length === 0 ? `${PROGRAM}: unknown command "${word}"` : `${PROGRAM} ${path.join(' ')}: unknown subcommand "${word}"`;
      throw new UsageError(`${what} (allowed: ${list(allowed as string[])}; see ${PROGRAM} help)`);
    }
    path.push(word);
    spec = candidates.find((candidate) => candidate.path.length === path.length);
    if (spec) break;
  }
  if (!spec) {
    // A group named alone: show what it holds; not a success unless help was asked for.
    return { kind: 'help', path, requested: false };
  }
  return parseCommand(spec, argv.slice(path.length));
}

function parseCommand(spec: CommandSpec, rest: readonly string[]): CommandLine {
  const name = `${PROGRAM} ${spec.path.join(' ')}`;
  const declared = spec.options ?? {};
  const options: NonNullable<ParseArgsConfig['options']> = { help: HELP_OPTION };
  for (const [option, { type, short, default: fallback, multiple }] of Object.entries(declared)) {
    options[option] = { type, ...(short ? { short } : {}), ...(fallback !== undefined ? { default: fallback } : {}), ...(multiple ? { multiple } : {}) };
  }
  const allowedOptions = ['--help', ...Object.keys(declared).map((option) => `--${option}`)];
  // A repeated option: the last wins, unless it is declared `multiple` (then all of them, in order).
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${name}: ${describeParseError(error, allowedOptions)}`);
  }
  if (parsed.values.help) return { kind: 'help', path: spec.path, requested: true };

  const values: ParsedCommand['options'] = {};
  for (const [option, optionSpec] of Object.entries(declared)) {
    const given = parsed.values[option];
    if (optionSpec.multiple) {
      values[option] = Array.isArray(given) ? given.map(String) : undefined;
      continue;
    }
    const value = Array.isArray(given) ? given.at(-1) : given;
    if (typeof value === 'string' && optionSpec.choices && !optionSpec.choices.includes(value)) {
      throw new UsageError(`${name}: --${option} must be one of ${list(optionSpec.choices)} (got "${value}")`);
    }
    values[option] = value;
  }

  const expected = spec.arguments ?? [];
  const usage = expected.map((argument) => (argument.optional ? `[${argument.name}]` : `<${argument.name}>`)).join(' ');
  const required = expected.filter((argument) => !argument.optional).length;
  if (parsed.positionals.length < required || parsed.positionals.length > expected.length) {
    const extra = parsed.positionals[expected.length];
    const problem = parsed.positionals.length < required ? 'missing arguments' : `unexpected argument "${extra}"`;
    throw new UsageError(`${name}: ${problem} (usage: ${name}${usage ? ` ${usage}` : ''})`);
  }
  const args: ParsedCommand['args'] = {};
  expected.forEach((argument, index) => {
    const value = parsed.positionals[index];
    if (value !== undefined && argument.choices && !argument.choices.includes(value)) {
      throw new UsageError(`${name}: <${argument.name}> must be one of ${list(argument.choices)} (got "${value}")`);
    }
    args[argument.name] = value;
  });
  return { kind: 'run', command: { spec, args, options: values } };
}

function describeParseError(error: unknown, allowed: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
  if (unknown) return `unknown option ${unknown} (allowed: ${list(allowed)})`;
  const missing = /Option '(?:-\w, )?(--[\w-]+)/.exec(message)?.[1];
  if (missing) return `${missing} needs a value`;
  return message.split('\n')[0] ?? message;
}

/** `help user set-tier` names a known command or group; anything else is a mistake. */
function knownPath(commands: readonly CommandSpec[], words: readonly string[]): readonly string[] {
  if (words.length > 0 && commandsUnder(commands, words).length === 0) {
    throw new UsageError(`${PROGRAM} help: unknown command "${words.join(' ')}" (see ${PROGRAM} help)`);
  }
  return words;
}
