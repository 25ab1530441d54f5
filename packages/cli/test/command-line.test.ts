// The command line as a user meets it: version, help for every command, and every
// mistake answered with one line naming what is allowed and exit code 2, never a stack trace.
import t from 'tap';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMANDS } from '@castwright/cli/command-line/command-table';
import { runCastwright } from '#test-helpers/castwright-cli';
import { freePort } from '#test-helpers/free-port';

const STACK = /\n\s+at |Error:|undefined/;

t.test('--version and -V print the package version', async (t) => {
  for (const flag of ['--version', '-V', 'version']) {
    const result = await runCastwright([flag]);
    t.equal(result.code, 0);
    t.equal(result.stdout, 'castwright 0.1.0\n');
  }
});

t.test('help lists every command and the exit codes', async (t) => {
  const result = await runCastwright(['help']);
  t.equal(result.code, 0);
  for (const spec of COMMANDS) t.match(result.stdout, spec.path.join(' '));
  t.match(result.stdout, /Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 /);
  t.same(await runCastwright(['--help']), result);
});

t.test('every command and group answers --help, -h and `help <command>` on stdout with exit 0', async (t) => {
  const paths = [...new Set(COMMANDS.flatMap((spec) => spec.path.map((_, index) => spec.path.slice(0, index + 1).join(' '))))];
  t.ok(paths.includes('user') && paths.includes('user set-tier'));
  for (const words of paths.map((joined) => joined.split(' '))) {
    const viaFlag = await runCastwright([...words, '--help']);
    t.equal(viaFlag.code, 0, `${words.join(' ')} --help`);
    t.match(viaFlag.stdout, `Usage: castwright ${words.join(' ')}`);
    t.equal(viaFlag.stderr, '');
    t.same(await runCastwright([...words, '-h']), viaFlag);
    t.same(await runCastwright(['help', ...words]), viaFlag);
  }
  const worker = await runCastwright(['worker', '--help']);
  t.match(worker.stdout, /--role <role> +which jobs this process takes \(general, media, all; default general\)/);
});

const MISTAKES: [string[], RegExp][] = [
  [['frob'], /^castwright: unknown command "frob" \(allowed: start, api, worker, migrate, user, login, logout, episode, models, voicing; see castwright help\)$/],
  [['--frob'], /^castwright: unknown option --frob before the command \(allowed: --help, --version\)$/],
  [['user', 'frob'], /^castwright user: unknown subcommand "frob" \(allowed: set-tier; see castwright help\)$/],
  [['worker', '--rol', 'media'], /^castwright worker: unknown option --rol \(allowed: --help, --role\)$/],
  [['worker', '--role'], /^castwright worker: --role needs a value$/],
  [['worker', '--role', 'gpu'], /^castwright worker: --role must be one of general, media, all \(got "gpu"\)$/],
  [['api', '--port', '1'], /^castwright api: unknown option --port \(allowed: --help\)$/],
  [['migrate', 'now'], /^castwright migrate: unexpected argument "now" \(usage: castwright migrate\)$/],
  [['user', 'set-tier', 'a@example.com'], /^castwright user set-tier: missing arguments \(usage: castwright user set-tier <email> <tier>\)$/],
  [['user', 'set-tier', 'a@example.com', 'gold'], /^castwright user set-tier: <tier> must be one of free, creator, professional, enterprise \(got "gold"\)$/],
  [['models', 'pull', 'whisper'], /^castwright models pull: <model> must be one of kokoro \(got "whisper"\)$/],
  [['help', 'frob'], /^castwright help: unknown command "frob" \(see castwright help\)$/],
  [['voicing', 'measure', '--engine', 'whisper'], /^castwright voicing measure: --engine must be one of kokoro, offline \(got "whisper"\)$/],
  [['voicing', 'measure', '--slots', '1,0'], /^castwright voicing measure: --slots must be whole numbers from 1 to 64, separated by commas \(got "1,0"\)$/],
  [['voicing', 'measure', '--minutes', 'many'], /^castwright voicing measure: --minutes must be a number from 0.1 to 60 \(got "many"\)$/],
];

t.test('a mistake is one line on stderr naming what is allowed, exit 2, nothing on stdout', async (t) => {
  for (const [args, expected] of MISTAKES) {
    const result = await runCastwright(args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr.trimEnd(), expected);
    t.equal(result.stderr.trimEnd().split('\n').length, 1, 'one line');
    t.notMatch(result.stderr, STACK, 'no stack trace');
    t.equal(result.stdout, '');
  }
});

t.test('no command, or a group alone, prints the help on stderr and exits 2', async (t) => {
  for (const args of [[], ['user'], ['models']]) {
    const result = await runCastwright(args);
    t.equal(result.code, 2, args.join(' ') || '(nothing)');
    t.match(result.stderr, /^Usage: castwright/);
    t.equal(result.stdout, '');
  }
});

t.test('admin commands refuse to create an embedded database where there is none', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-no-db-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  for (const args of [['migrate'], ['user', 'set-tier', 'ada@example.com', 'creator']]) {
    const result = await runCastwright(args, { DATA_DIR: dataDir, DATABASE_URL: '' });
    t.equal(result.code, 1, args.join(' '));
    t.equal(result.stderr.trim(), `There is no database in ${dataDir}: run \`castwright start\` there first, point DATA_DIR at the directory that holds it, or set DATABASE_URL.`);
  }
  t.same(await readdir(dataDir), [], 'nothing was created there');
});

t.test('a failure while running is one line on stderr and exit 1', async (t) => {
  const result = await runCastwright(['migrate'], { DATABASE_URL: `postgresql://nobody:nothing@127.0.0.1:${await freePort()}/none`, LOG_LEVEL: 'silent' });
  t.equal(result.code, 1);
  t.match(result.stderr.trim(), /^castwright: .*ECONNREFUSED.*\(LOG_LEVEL=debug shows where\)$/);
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line');
});
