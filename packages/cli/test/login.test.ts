// `castwright login` / `logout` against a real api, as a person in a terminal or a script
// uses them: the saved file, the episode commands without CASTWRIGHT_TOKEN, renewal of an
// expired access token (also by two commands at once), revocation, and mistakes.
import t from 'tap';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { spawn, spawnSync } from 'node:child_process';
import { CASTWRIGHT_BIN, runCastwright } from '#test-helpers/castwright-cli';
import { creator, json, randomClientIp, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-login-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const caFile = path.join(scratch, 'ca.pem');
await writeFile(caFile, (await loadTlsCredentials(api.config)).cert);
/** A fresh config directory and account per test: each starts logged out, under its own login limit. */
async function terminal() {
  const user = await creator(api);
  const configDir = path.join(await mkdtemp(path.join(scratch, 'config-')), 'castwright');
  const env = { CASTWRIGHT_URL: api.baseUrl, CASTWRIGHT_TOKEN: '', CASTWRIGHT_CA_FILE: caFile, DATA_DIR: scratch, CASTWRIGHT_CONFIG_DIR: configDir };
  const file = path.join(configDir, 'credentials.json');
  return {
    user,
    file,
    env,
    run: (args: string[], input = '') => runCastwright(args, env, 60_000, input),
    saved: async () => JSON.parse(await readFile(file, 'utf8'))[api.baseUrl],
    edit: async (change: Record<string, string>) => {
      const all = JSON.parse(await readFile(file, 'utf8'));
      Object.assign(all[api.baseUrl], change);
      await writeFile(file, JSON.stringify(all));
    },
  };
}

/** Whether the server still takes this refresh token (spending it: only for tokens that should be dead). */
async function refreshAccepted(refreshToken: string): Promise<boolean> {
  const response = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken }, clientIp: randomClientIp() });
  return response.status === 200;
}

t.test('login with the password on stdin: saved for this server only, owner-readable, and the episode commands use it', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  const login = await cli.run(['login', '--email', user.email], `${user.password}\n`);
  t.equal(login.code, 0, login.stderr);
  t.match(login.stderr, `Logged in to ${api.baseUrl} as ${user.email}`);
  t.equal((await stat(cli.file)).mode & 0o777, 0o600, 'the file is its owner\'s alone');
  t.equal((await stat(path.dirname(cli.file))).mode & 0o777, 0o700);
  const contents = await readFile(cli.file, 'utf8');
  t.notMatch(contents, user.password, 'the password is never saved');
  t.match(await cli.saved(), { kind: 'session', email: user.email, accessToken: String, refreshToken: String });
  t.ok(Date.parse((await cli.saved()).accessTokenExpiresAt) > Date.now() + 10 * 60_000, 'the access token is good for ~15 minutes');

  const listed = await cli.run(['episode', 'list']);
  t.equal(listed.code, 0, listed.stderr);
  t.match(listed.stderr, /^0 of 0/);
});

t.test('an expired access token is renewed with the refresh token, once, even by two commands at the same moment', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  t.equal((await cli.run(['login', '--email', user.email], user.password)).code, 0);
  const first = await cli.saved();
  await cli.edit({ accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() });

  const [one, two] = await Promise.all([cli.run(['episode', 'list']), cli.run(['episode', 'list'])]);
  t.equal(one.code, 0, one.stderr);
  t.equal(two.code, 0, two.stderr);
  const renewed = await cli.saved();
  t.not(renewed.refreshToken, first.refreshToken, 'a new pair was saved');
  t.ok(Date.parse(renewed.accessTokenExpiresAt) > Date.now() + 10 * 60_000);
  // Had both commands spent the old refresh token, the server would have revoked the login.
  t.equal((await cli.run(['episode', 'list'])).code, 0, 'the login is still good afterwards');
  t.notOk(await refreshAccepted(first.refreshToken), 'the old refresh token is spent');
});

t.test('logout revokes the session on the server and forgets it here', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  t.equal((await cli.run(['login', '--email', user.email], user.password)).code, 0);
  const { refreshToken } = await cli.saved();
  const out = await cli.run(['logout']);
  t.equal(out.code, 0, out.stderr);
  t.match(out.stderr, `Logged out of ${api.baseUrl}`);
  t.equal(await cli.saved(), undefined);
  t.notOk(await refreshAccepted(refreshToken), 'the refresh token no longer works');
  const after = await cli.run(['episode', 'list']);
  t.equal(after.code, 2);
  t.match(after.stderr, /^Not logged in to /);
  t.match((await cli.run(['logout'])).stderr, /^Not logged in to /, 'logging out twice is harmless');
});

t.test('a login that has expired on the server asks for a new one and is forgotten', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  t.equal((await cli.run(['login', '--email', user.email], user.password)).code, 0);
  await cli.edit({ accessTokenExpiresAt: new Date(0).toISOString(), refreshToken: 'rt_not-a-real-token' });
  const listed = await cli.run(['episode', 'list']);
  t.equal(listed.code, 2);
  t.match(listed.stderr, /has expired or was revoked .*run castwright login/);
  t.equal(await cli.saved(), undefined);
});

t.test('--api-key saves a key from stdin after checking it', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  const created = await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }));
  const saved = await cli.run(['login', '--api-key'], `${created.apiKey}\n`);
  t.equal(saved.code, 0, saved.stderr);
  t.match(await cli.saved(), { kind: 'api-key', apiKey: created.apiKey, email: user.email });
  t.equal((await cli.run(['episode', 'list'])).code, 0);
  const out = await cli.run(['logout']);
  t.match(out.stderr, /stays valid until you revoke it/);

  const wrong = await cli.run(['login', '--api-key'], 'svc_wrong\n');
  t.equal(wrong.code, 1);
  t.match(wrong.stderr, /^castwright: 401 /);
  t.equal(wrong.stderr.trim().split('\n').length, 1, 'one line');
});

t.test('mistakes: a wrong password, nothing on stdin, an unreadable file: one line each, nothing saved', async (t) => {
  const cli = await terminal();
  const { user } = cli;
  const wrong = await cli.run(['login', '--email', user.email], 'Not-the-password1\n');
  t.equal(wrong.code, 1);
  t.match(wrong.stderr, /^castwright: 401 /);
  await t.rejects(stat(cli.file), 'nothing saved');

  const empty = await cli.run(['login', '--email', user.email]);
  t.equal(empty.code, 2);
  t.match(empty.stderr, /no password given \(pipe it to stdin/);
  const noEmail = await cli.run(['login'], 'x\n');
  t.equal(noEmail.code, 2);
  t.match(noEmail.stderr, /no e-mail given/);

  t.equal((await cli.run(['login', '--email', user.email], user.password)).code, 0);
  await writeFile(cli.file, '{ "half": ');
  const broken = await cli.run(['episode', 'list']);
  t.equal(broken.code, 1);
  t.match(broken.stderr, /is not a Castwright credentials file; delete it and run castwright login again/);
});

// util-linux `script` gives the command a real terminal, as a person at a keyboard has.
const hasScript = spawnSync('script', ['--version']).status === 0;

t.test('in a terminal: asks for the e-mail, then the password without echoing it', { skip: !hasScript && 'util-linux script is not installed' }, async (t) => {
  const cli = await terminal();
  const { user } = cli;
  const command = [process.execPath, CASTWRIGHT_BIN, 'login'].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...cli.env, LOG_LEVEL: 'warn' } });
  let screen = '';
  const shown = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`"${text}" never appeared: ${screen}`)), 30_000);
      const look = () => {
        if (!screen.includes(text)) return;
        clearTimeout(timer);
        child.stdout.off('data', look);
        resolve();
      };
      child.stdout.on('data', look);
      look();
    });
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  await shown('E-mail:');
  child.stdin.write(`${user.email}\r`);
  await shown('Password:');
  child.stdin.write(`${user.password}\r`);
  t.equal(await exited, 0, screen);
  t.match(screen, `Logged in to ${api.baseUrl} as ${user.email}`);
  t.match(screen, user.email, 'the e-mail is echoed as typed');
  t.notMatch(screen, user.password, 'the password is not');
  t.match(await cli.saved(), { kind: 'session', email: user.email });
});
