// The text `castwright help [command]` and `<command> --help` print, from the table.
import type { CommandSpec } from './command-spec.ts';
import { PROGRAM } from './command-table.ts';
import { commandsUnder } from './parse-command-line.ts';

const EXIT_CODES = `Exit codes:
  0  done
  1  it failed while running (a database, a file or a download it needed); the message says which
  2  a mistake on the command line or in the configuration; nothing was done`;

function usageLine(spec: CommandSpec): string {
  const args = (spec.arguments ?? []).map((argument) => (argument.optional ? `[${argument.name}]` : `<${argument.name}>`));
  const options = Object.keys(spec.options ?? {}).length > 0 ? ['[options]'] : [];
  return [PROGRAM, ...spec.path, ...args, ...options].join(' ');
}

function commandList(specs: readonly CommandSpec[]): string {
  const rows = specs.map((spec) => [[...spec.path, ...(spec.arguments ?? []).map((argument) => `<${argument.name}>`)].join(' '), spec.summary] as const);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`).join('\n');
}

export function helpText(commands: readonly CommandSpec[], path: readonly string[]): string {
  const exact = commands.find((spec) => spec.path.length === path.length && spec.path.every((word, index) => word === path[index]));
  if (!exact) {
    const under = commandsUnder(commands, path);
    const head = path.length === 0 ? `Usage: ${PROGRAM} <command> [options]` : `Usage: ${PROGRAM} ${path.join(' ')} <subcommand>`;
    return [
      head,
      '',
      'Commands:',
      commandList(under),
      '',
      `Run \`${PROGRAM} help <command>\` or \`${PROGRAM} <command> --help\` for a command's arguments and options.`,
      path.length === 0 ? `\`${PROGRAM} --version\` prints the version. Configuration comes from the environment; see the README.\n\n${EXIT_CODES}` : '',
    ].join('\n').trimEnd();
  }
  const rows: (readonly [string, string])[] = [];
  for (const argument of exact.arguments ?? []) {
    rows.push([`<${argument.name}>`, `${argument.description}${argument.choices ? `: ${argument.choices.join(', ')}` : ''}`]);
  }
  const argumentCount = rows.length;
  for (const [name, option] of Object.entries(exact.options ?? {})) {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    const choices = option.choices ? ` (${option.choices.join(', ')}${option.default ? `; default ${option.default}` : ''})` : '';
    rows.push([flag, `${option.description}${choices}`]);
  }
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const table = (part: (readonly [string, string])[]) => part.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
  const lines = [`Usage: ${usageLine(exact)}`, '', exact.details ?? `${exact.summary[0]?.toUpperCase()}${exact.summary.slice(1)}.`];
  if (argumentCount > 0) lines.push('', 'Arguments:', ...table(rows.slice(0, argumentCount)));
  lines.push('', 'Options:', ...table(rows.slice(argumentCount)), '', EXIT_CODES);
  return lines.join('\n');
}
