// `castwright episode create|list|get|delete`: the API from a terminal, through the typed
// client, authenticated by CASTWRIGHT_TOKEN or a saved login (`castwright login`). A
// failed request is one line (status, error, message) and exit code 1.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCastwrightClient, downloadAudio, followEpisode, type ClientOptions } from '@castwright/client/castwright-client';
import type { Config } from '@castwright/core/config';
import type { Format, ReactionLevel } from '@castwright/core/episode-options';
import type { EpisodeStatus } from '@castwright/core/episode-states';
import type { Preset } from '@castwright/core/tiers';
import { UsageError, type ParsedCommand } from '../command-line/command-spec.ts';
import { apiConnection } from './api-connection.ts';
import { check, withOneLineApiErrors } from './api-answers.ts';
import { progressDisplay } from './episode-progress.ts';

async function create(options: ClientOptions, values: ParsedCommand['options'], connect: () => Promise<ClientOptions>): Promise<void> {
  const sources = (['text', 'url', 'file'] as const).filter((name) => typeof values[name] === 'string');
  if (sources.length !== 1) throw new UsageError('castwright episode create: give exactly one of --text, --url and --file');
  // Checked against PRESETS by the command table.
  const preset = values.preset as Preset | undefined;
  const minutes = typeof values.minutes === 'string' ? Number(values.minutes) : undefined;
  if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 1)) throw new UsageError('castwright episode create: --minutes must be a whole number of minutes');
  if (minutes !== undefined && preset) throw new UsageError('castwright episode create: give --preset or --minutes, not both');
  const length = preset ? { preset } : minutes !== undefined ? { durationMinutes: minutes } : {};
  // Checked against FORMATS and REACTION_LEVELS by the command table.
  const choices = {
    ...(typeof values.language === 'string' ? { language: values.language } : {}),
    ...(typeof values.format === 'string' ? { format: values.format as Format } : {}),
    ...(typeof values.reactions === 'string' ? { reactions: values.reactions as ReactionLevel } : {}),
    ...(typeof values.show === 'string' ? { showId: values.show } : {}),
  };
  const hosts = parseHosts(values.host);
  const client = createCastwrightClient(options);
  let episodeId: string;
  if (typeof values.file === 'string') {
    const filePath = values.file;
    const bytes = await readFile(filePath).catch(() => {
      throw new UsageError(`castwright episode create: cannot read --file ${filePath}`);
    });
    const created = await client.POST('/api/episodes/upload', {
      body: { file: filePath, ...length, ...choices },
      bodySerializer: () => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ ...length, ...choices })) form.append(name, String(value));
        if (hosts) form.append('hosts', JSON.stringify(hosts));
        form.append('file', new Blob([bytes]), path.basename(filePath));
        return form;
      },
    });
    episodeId = check(created).episode.id;
  } else {
    const source = typeof values.text === 'string' ? { content: values.text } : { url: String(values.url) };
    episodeId = check(await client.POST('/api/episodes', { body: { ...source, ...length, ...choices, ...(hosts ? { hosts } : {}) } })).episode.id;
  }
  console.log(episodeId);
  const out = typeof values.out === 'string' ? values.out : undefined;
  if (!values.follow && !out) return;
  const display = progressDisplay(process.stderr.isTTY);
  let last: { status: string; error?: string } | undefined;
  try {
    for await (const event of followEpisode(options, episodeId)) {
      display.update(event);
      last = event;
    }
  } finally {
    display.stop();
  }
  if (last?.status !== 'ready') throw new Error(`episode ${episodeId} failed: ${last?.error ?? 'the progress stream ended early'}`);
  if (out) {
    // Connected again: a long render can outlast a saved login's access token (15 minutes).
    const bytes = await downloadAudio(await connect(), episodeId, out);
    console.error(`saved ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
  }
}

/** `--host Ada=kokoro:af_heart[=expert]`, repeated: the hosts in speaking order (the API checks the voices). */
function parseHosts(given: ParsedCommand['options'][string]): { name: string; voice: string; role?: string }[] | undefined {
  if (!Array.isArray(given) || given.length === 0) return undefined;
  return given.map((host) => {
    const [name, voice, role, ...rest] = host.split('=').map((part) => part.trim());
    if (!name || !voice || rest.length > 0 || role === '') throw new UsageError(`castwright episode create: --host must be name=voice or name=voice=role (got "${host}")`);
    return { name, voice, ...(role ? { role } : {}) };
  });
}

export async function episodeCommand(config: Config, command: ParsedCommand): Promise<void> {
  await withOneLineApiErrors(() => runEpisodeCommand(config, command));
}

async function runEpisodeCommand(config: Config, { spec, args, options: values }: ParsedCommand): Promise<void> {
  const connect = () => apiConnection(config);
  const options = await connect();
  const client = createCastwrightClient(options);
  switch (spec.path[1]) {
    case 'create':
      return create(options, values, connect);
    case 'list': {
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('castwright episode list: --limit must be a whole number from 1 to 100');
      // Checked against EPISODE_STATUSES by the command table.
      const status = values.status as EpisodeStatus | undefined;
      const page = check(await client.GET('/api/episodes', { params: { query: { limit, ...(status ? { status } : {}) } } }));
      for (const episode of page.episodes) {
        console.log([episode.id, episode.status.padEnd(17), episode.createdAt.slice(0, 16).replace('T', ' '), episode.title ?? '(untitled)'].join('  '));
      }
      console.error(`${page.episodes.length} of ${page.pagination.total}`);
      return;
    }
    case 'get':
      console.log(JSON.stringify(check(await client.GET('/api/episodes/{id}', { params: { path: { id: String(args.id) } } })).episode, null, 2));
      return;
    case 'delete':
      check(await client.DELETE('/api/episodes/{id}', { params: { path: { id: String(args.id) } } }));
      console.error(`deleted ${args.id}`);
      return;
  }
}
