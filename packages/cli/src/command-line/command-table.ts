// Every command of the `castwright` program, its arguments and its options.
import { FORMATS, REACTION_LEVELS } from '@castwright/core/episode-options';
import { EPISODE_STATUSES } from '@castwright/core/episode-states';
import { PRESETS, TIERS } from '@castwright/core/tiers';
import type { CommandSpec } from './command-spec.ts';

export const PROGRAM = 'castwright';

export const COMMANDS: readonly CommandSpec[] = [
  {
    path: ['start'],
    summary: 'run everything on this machine (embedded PostgreSQL unless DATABASE_URL is set)',
    details: 'Starts the database (embedded under DATA_DIR unless DATABASE_URL is set), migrates it, and supervises the api, general worker and media worker as child processes. Ctrl-C stops them, the database last.',
  },
  { path: ['api'], summary: 'run the HTTPS API' },
  {
    path: ['worker'],
    summary: 'run a job worker',
    options: {
      role: { type: 'string', value: '<role>', description: 'which jobs this process takes', choices: ['general', 'media', 'all'], default: 'general' },
    },
  },
  {
    path: ['migrate'],
    summary: 'bring the database schema up to date',
    details: 'Applies the pending migrations (ours and graphile-worker\'s). Needs DATABASE_URL, or an embedded database that `castwright start` created under DATA_DIR; it never creates one.',
  },
  {
    path: ['user', 'set-tier'],
    summary: "change a user's tier",
    details: 'Sets the tier of the account with this e-mail address; its limits follow at once. Needs DATABASE_URL, or an embedded database that `castwright start` created under DATA_DIR; it never creates one.',
    arguments: [
      { name: 'email', description: "the account's e-mail address" },
      { name: 'tier', description: 'the new tier', choices: TIERS },
    ],
  },
  {
    path: ['login'],
    summary: 'save a login for the episode commands',
    details:
      'Logs in to the API at CASTWRIGHT_URL (default https://127.0.0.1:8443) and saves the session (or, with --api-key, the key) for that address in ~/.config/castwright/credentials.json (CASTWRIGHT_CONFIG_DIR or XDG_CONFIG_HOME move it), readable by you alone. The password or key is read from stdin when piped and asked for without echo in a terminal. The session renews itself and lasts 7 days unused.',
    options: {
      email: { type: 'string', value: '<email>', description: 'the account (asked for in a terminal when left out)' },
      'api-key': { type: 'boolean', description: 'save an API key (svc_…) instead of logging in with a password' },
    },
  },
  {
    path: ['logout'],
    summary: 'forget the saved login (and revoke its session)',
    details: 'Revokes the saved session on the server and deletes it from the credentials file. A saved API key is only forgotten here; revoke the key itself with DELETE /api/user/api-key.',
  },
  {
    path: ['episode', 'create'],
    summary: 'create an episode from text, a web page or a document',
    details:
      'Talks to the API at CASTWRIGHT_URL (default https://127.0.0.1:8443) as CASTWRIGHT_TOKEN (an API key or an access token) or, when that is unset, the login saved by castwright login. Give exactly one of --text, --url and --file.',
    options: {
      text: { type: 'string', value: '<text>', description: 'the text to turn into an episode' },
      url: { type: 'string', value: '<url>', description: 'a web page to turn into an episode' },
      file: { type: 'string', value: '<path>', description: 'a PDF, DOCX, DOC, TXT or MD document' },
      preset: { type: 'string', value: '<preset>', description: 'the length', choices: PRESETS },
      minutes: { type: 'string', value: '<n>', description: 'the length in minutes, instead of --preset (up to your tier\'s longest episode)' },
      language: { type: 'string', value: '<tag>', description: 'the language, a BCP 47 tag (en, en-GB, es, fr, it, pt-BR, hi, ja, zh); left out, it is detected from the source' },
      host: {
        type: 'string',
        multiple: true,
        value: '<name=voice[=role]>',
        description: 'a named host with a voice from GET /api/voices or a Kokoro blend (Ada=kokoro:af_heart=expert); repeat for up to four, in speaking order',
      },
      format: { type: 'string', value: '<format>', description: 'how the episode is built (default deep_dive, or the show\'s)', choices: FORMATS },
      reactions: { type: 'string', value: '<level>', description: 'how much the listening hosts react (default some, or the show\'s)', choices: REACTION_LEVELS },
      show: { type: 'string', value: '<id>', description: 'make it in one of your shows (show_…), starting from the show\'s defaults' },
      follow: { type: 'boolean', description: 'show progress until the episode is ready (or fails)' },
      out: { type: 'string', value: '<file.mp3>', description: 'when ready, save the audio here (implies --follow)' },
    },
  },
  {
    path: ['episode', 'list'],
    summary: 'list your episodes, newest first',
    options: {
      status: { type: 'string', value: '<status>', description: 'only episodes in this state', choices: EPISODE_STATUSES },
      limit: { type: 'string', value: '<n>', description: 'at most this many (1-100; default 20)' },
    },
  },
  { path: ['episode', 'get'], summary: 'show one episode as JSON', arguments: [{ name: 'id', description: 'the episode id (ep_…)' }] },
  { path: ['episode', 'delete'], summary: 'delete an episode, its audio and its document', arguments: [{ name: 'id', description: 'the episode id (ep_…)' }] },
  {
    path: ['models', 'pull'],
    summary: 'download a voice model (checksum-pinned) into its directory',
    details: 'Resumes an interrupted download from its .part file; every file is checked against its pinned size and SHA-256 before it is kept.',
    arguments: [{ name: 'model', description: 'the model', choices: ['kokoro'] }],
  },
  {
    path: ['voicing', 'measure'],
    summary: 'measure how fast this machine voices lines on 1 to N voicing slots',
    details:
      'Voices the same script (about --minutes of audio, distinct lines of 5 to 15 seconds) once per slot count, through the path a render takes, and prints audio seconds voiced per second in all and per slot, the gain over one slot and the memory the slots hold (GPU memory from nvidia-smi where there is one). Kokoro is read from KOKORO_MODEL_DIR (`castwright models pull kokoro`) on KOKORO_DEVICE, or --device. Run it on a GPU node before sizing a fleet: docs/capacity.md plans from its table, and VOICING_SLOTS sets what it finds best.',
    options: {
      engine: { type: 'string', value: '<engine>', description: 'the engine to measure', choices: ['kokoro', 'offline'], default: 'kokoro' },
      device: { type: 'string', value: '<device>', description: "where Kokoro runs (default: KOKORO_DEVICE's)", choices: ['auto', 'cuda', 'cpu'] },
      slots: { type: 'string', value: '<n,n,…>', description: 'the slot counts to measure (default: 1,2,4,8,16 on CUDA; 1, 2 and the number of cores on CPU)' },
      minutes: { type: 'string', value: '<n>', description: 'minutes of audio voiced per slot count (0.1-60; default 5)', default: '5' },
    },
  },
];
