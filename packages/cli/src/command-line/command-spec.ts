// The shape of one command of the `castwright` program: what help prints and what the
// parser accepts. Every command, subcommand and option is declared once, in command-table.ts.

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help after the option, e.g. `<role>`. */
  value?: string;
  description: string;
  /** The only values a string option takes. */
  choices?: readonly string[];
  /** May be given more than once: the values come as an array, in order. */
  multiple?: boolean;
  default?: string;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  choices?: readonly string[];
  optional?: boolean;
}

export interface CommandSpec {
  /** The words that name it: `['user', 'set-tier']`. */
  path: readonly string[];
  summary: string;
  /** A longer explanation for `castwright help <command>`. */
  details?: string;
  arguments?: readonly ArgumentSpec[];
  options?: Readonly<Record<string, OptionSpec>>;
}

/** A user mistake on the command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ParsedCommand {
  spec: CommandSpec;
  /** The arguments by name (absent optional ones are undefined). */
  args: Record<string, string | undefined>;
  options: Record<string, string | boolean | string[] | undefined>;
}
