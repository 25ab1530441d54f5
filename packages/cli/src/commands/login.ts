// `castwright login` and `castwright logout`: a saved login per server, so the client
// commands work without CASTWRIGHT_TOKEN in the environment. The password (or API key) is
// read from stdin when it is piped, as in `docker login --password-stdin`, and asked for
// without echo in a terminal; it is never an argument, where `ps` and shell history see it.
import { text } from 'node:stream/consumers';
import { read } from 'read';
import { createCastwrightClient, type ClientOptions } from '@castwright/client/castwright-client';
import type { Config } from '@castwright/core/config';
import { UsageError, type ParsedCommand } from '../command-line/command-spec.ts';
import { check, withOneLineApiErrors } from './api-answers.ts';
import { apiConnection, apiServer, sessionTokens } from './api-connection.ts';
import { credentialsFile, readSavedLogin, saveLogin, type SavedLogin } from './saved-logins.ts';

/** A piped stdin's first line, or a prompt in a terminal (`silent` for secrets). */
async function ask(prompt: string, options: { silent: boolean; piped?: string }): Promise<string> {
  const answer = process.stdin.isTTY ? await read({ prompt, silent: options.silent, replace: '', output: process.stderr }) : options.piped;
  if (!answer?.trim()) throw new UsageError(`castwright login: no ${prompt.replace(/:\s*$/, '').toLowerCase()} given (pipe it to stdin, or run in a terminal to be asked)`);
  return answer.trim();
}

/** Reads stdin once when it is piped (a terminal is prompted instead). */
async function pipedLine(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  return (await text(process.stdin)).split(/\r?\n/, 1)[0];
}

async function logIn(server: ClientOptions, values: ParsedCommand['options']): Promise<SavedLogin> {
  const client = createCastwrightClient(server);
  const piped = await pipedLine();
  if (values['api-key']) {
    const apiKey = await ask('API key:', { silent: true, piped });
    const { user } = check(await createCastwrightClient({ ...server, token: apiKey }).GET('/api/user/profile'));
    return { kind: 'api-key', apiKey, email: user.email };
  }
  const email = typeof values.email === 'string' ? values.email : await ask('E-mail:', { silent: false });
  const password = await ask('Password:', { silent: true, piped });
  const { user, tokens } = check(await client.POST('/api/auth/login', { body: { email, password } }));
  return { kind: 'session', email: user.email, ...sessionTokens(tokens) };
}

export async function loginCommand(config: Config, values: ParsedCommand['options']): Promise<void> {
  const server = apiServer(config);
  const login = await withOneLineApiErrors(() => logIn(server, values));
  const file = credentialsFile();
  await saveLogin(file, server.baseUrl, login);
  console.error(`Logged in to ${server.baseUrl} as ${login.email} (saved in ${file})`);
}

export async function logoutCommand(config: Config): Promise<void> {
  const server = apiServer(config);
  const file = credentialsFile();
  const login = await readSavedLogin(file, server.baseUrl);
  if (!login) {
    console.error(`Not logged in to ${server.baseUrl}`);
    return;
  }
  let note = '';
  if (login.kind === 'session') {
    // Revoke the refresh token on the server too, so a copy of the file is worth nothing.
    const connection = await apiConnection(config, { ...process.env, CASTWRIGHT_TOKEN: '' }).catch(() => undefined);
    const latest = await readSavedLogin(file, server.baseUrl);
    if (connection && latest?.kind === 'session') {
      const answer = await createCastwrightClient(connection)
        .POST('/api/auth/logout', { body: { refreshToken: latest.refreshToken } })
        .then(({ response }) => `${response.status}`, (error: unknown) => (error instanceof Error ? error.message : String(error)));
      // Forgotten here either way: the server's copy ends by itself within 7 days unused.
      if (answer !== '200') note = ` (the server could not revoke the session: ${answer}; it expires within 7 days unused)`;
    }
  } else {
    note = '; the API key itself stays valid until you revoke it (DELETE /api/user/api-key)';
  }
  await saveLogin(file, server.baseUrl, undefined);
  console.error(`Logged out of ${server.baseUrl}${note}`);
}
