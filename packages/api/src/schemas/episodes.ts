// Request and response shapes of the episode endpoints.
import Type from 'typebox';
import { FORMATS, HOST_MODES, MAX_SOURCE_CHARACTERS, REACTION_LEVELS, TTS_ENGINES, VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-options';
import { EPISODE_STATUSES } from '@castwright/core/episode-states';
import { LANGUAGES } from '@castwright/core/languages';
import { MAX_DURATION_MINUTES, PRESETS } from '@castwright/core/tiers';
import { Nullable, Pagination, Timestamp } from './common.ts';
import { Hosts, HostView } from './voices.ts';
import { SourceItems, SourceRefs, SourceView } from './sources.ts';

const Status = Type.Enum([...EPISODE_STATUSES]);
const Preset = Type.Enum([...PRESETS]);
const HostMode = Type.Enum([...HOST_MODES]);
const DurationMinutes = Type.Integer({
  minimum: 1,
  maximum: MAX_DURATION_MINUTES,
  description:
    'Length in minutes, instead of `preset` (400 when both are given): 1 up to the tier\'s maximum (free 3, creator 15, professional 30, ' +
    'enterprise 120; beyond it 403). The script is planned to it at the voice\'s measured pace; the audio lands within ±15 % when the source holds enough.',
});
/** A language asked for: any BCP 47 spelling, matched case-insensitively (the service answers 400 with the supported list). */
const LanguageInput = Type.String({
  minLength: 1,
  maxLength: 35,
  description:
    `The episode's language, a BCP 47 tag: ${LANGUAGES.join(', ')} (any case; a region is dropped where no variant exists, so es-MX is es and pt is pt-BR). ` +
    'Left out, it is detected from the source (typed content now, a web page or document once read); too short or mixed to tell is en. ' +
    'Any other language is a 400 listing the supported ones.',
  examples: ['es'],
});
const LanguageView = Type.Enum([...LANGUAGES], { description: "The episode's language (canonical BCP 47); null only while it waits to be detected from a web page or document" });
const LanguageDetected = Type.Boolean({
  description: 'true when the language was detected from the source; false when it was asked for, or is en because the source was too short or mixed to tell',
});

const ShowId = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    'One of your shows (GET /api/shows): the episode is in it (its feed, its intro, outro, bed and stings) and starts from its defaults; any field given here wins ' +
    '(a preset or durationMinutes replaces the show\'s length; hosts, hostMode or ttsEngine replace its hosts). Another account\'s show is a 404.',
});

/** How an episode is built; shared with briefings (and shows). */
export const Format = Type.Enum([...FORMATS], {
  description:
    'How the episode is built: `deep_dive` (default: one host explains, the other asks), `brief` (one host, the main points only), ' +
    '`debate` (the hosts take opposite positions on the source\'s claims, each with its evidence), `critique` (what the source does well, ' +
    'then what it misses) or `interview` (one host interviews the other as an expert on the source). A brief needs one host, a debate and an interview two or more (400 otherwise).',
});
/** How much the listening hosts react; shared with briefings (and shows). */
export const Reactions = Type.Enum([...REACTION_LEVELS], {
  description:
    'How much a listening host reacts while another speaks: `none` (strict turns with the voice style\'s fixed pauses), `some` (default: a short ' +
    'reaction now and then, mixed under the speaking host, and natural pauses) or `lively` (more reactions, and cut-ins). Reactions are script lines of their own.',
});

/** The minutes an episode is planned for: those asked for, or its preset's. */
const TargetMinutes = Type.Integer({ minimum: 1, description: 'The length the episode is planned for, in minutes: `durationMinutes` as asked, or the preset\'s minutes' });

export const CreateEpisodeBody = Type.Object({
  content: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_CHARACTERS })),
  url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
  sources: Type.Optional(SourceItems),
  preset: Type.Optional(Preset),
  durationMinutes: Type.Optional(DurationMinutes),
  hostMode: Type.Optional(HostMode),
  voiceStyle: Type.Optional(Type.Enum([...VOICE_STYLES])),
  voicePair: Type.Optional(Type.Enum([...VOICE_PAIRS])),
  ttsEngine: Type.Optional(Type.Enum([...TTS_ENGINES])),
  reviewScript: Type.Optional(Type.Boolean()),
  hosts: Type.Optional(Hosts),
  language: Type.Optional(LanguageInput),
  showId: Type.Optional(ShowId),
  format: Type.Optional(Format),
  reactions: Type.Optional(Reactions),
});

const QuotaView = Type.Object({
  used: Type.Integer(),
  limit: Nullable(Type.Integer({ description: 'null when the tier is unlimited' })),
  remaining: Nullable(Type.Integer({ description: 'null when the tier is unlimited' })),
});

export const CreatedEpisode = Type.Object({
  success: Type.Literal(true),
  episode: Type.Object({
    id: Type.String(),
    status: Status,
    preset: Preset,
    durationMinutes: TargetMinutes,
    hostMode: HostMode,
    format: Format,
    reactions: Reactions,
    language: Nullable(Type.Enum([...LANGUAGES], { description: "The episode's language (canonical BCP 47); null while it waits to be detected from a web page or document" })),
    languageDetected: LanguageDetected,
    createdAt: Timestamp,
  }),
  quota: QuotaView,
  warnings: Type.Array(Type.String(), { description: "What to know about the episode as asked for: named hosts whose voices speak another language than the episode's" }),
});

const EpisodeListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: Status,
  preset: Preset,
  hostMode: HostMode,
  sourceType: Type.String(),
  audioUrl: Nullable(Type.String()),
  audioDuration: Nullable(Type.Integer()),
  createdAt: Timestamp,
});

const EpisodeDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Status,
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  progressNote: Nullable(Type.String({
    description: 'What processing is waiting on while its progress stands still, e.g. "Waiting for the Chatterbox server to load its model (…)"; null while it makes progress',
  })),
  preset: Preset,
  durationMinutes: TargetMinutes,
  hostMode: HostMode,
  format: Format,
  reactions: Reactions,
  language: Nullable(LanguageView),
  languageDetected: LanguageDetected,
  sourceType: Type.String(),
  scriptText: Nullable(Type.String()),
  audioUrl: Nullable(Type.String()),
  audioDuration: Nullable(Type.Integer()),
  previewUrl: Nullable(Type.String({
    description:
      'While the first audio is made (`generating_audio`) and its first lines can be heard: the live stream, a progressive MP3 that plays from the ' +
      'start and grows as lines are voiced until the finished file (`audioUrl`, at `ready`) replaces it. Same access rules as the episode; for an ' +
      '`<audio>` element, GET /api/episodes/{id}/listen gives it signed. Null when there is nothing to hear yet, and after `ready`',
  })),
  previewDurationMs: Nullable(Type.Integer({ minimum: 0, description: 'How long the live stream plays so far (ms); null with previewUrl' })),
  publishedRevision: Nullable(Type.Integer({
    minimum: 1,
    description: 'The revision whose audio, transcript and show notes are served (GET /api/episodes/{id}/revisions); null before the first ready',
  })),
  lengthNote: Nullable(Type.String({
    description:
      'Set when the episode is not the length asked for, saying how long it runs and why (a source too short is read whole, never padded ' +
      'with repetition); before the audio exists, what the source holds. Null when the audio is within ±15 % of `durationMinutes`.',
  })),
  languageNote: Nullable(Type.String({
    description:
      "What became of the source's passages in another language than the episode's: long runs left out (the hosts would read them in the wrong voice), " +
      'short ones (quotes) kept and said in their own language by a voice of it (those script lines carry `language`). Null when the source was all in the episode\'s language.',
  })),
  error: Nullable(Type.String({ description: 'Why processing failed, when status is error' })),
  sources: Type.Array(SourceView, {
    description: 'What the episode is made from, in order, each with how it was read (GET /api/episodes/{id}/sources adds where each is discussed)',
  }),
  isPublic: Type.Boolean({ description: 'Public episodes are readable without credentials (set with PATCH /api/episodes/{id})' }),
  isOwner: Type.Boolean({
    description: "Whether the caller owns the episode: false for someone else's public episode and for a caller without credentials, who may read it but not change, render, export or clip it",
  }),
  hosts: Nullable(Type.Array(HostView, {
    description: 'The named hosts the episode was created with, in speaking order; null when its voices come from hostMode and voicePair',
  })),
  voice: Type.Object(
    {
      ttsEngine: Type.Enum([...TTS_ENGINES], { description: 'The engine asked for' }),
      voiceStyle: Type.Enum([...VOICE_STYLES]),
      voicePair: Type.Enum([...VOICE_PAIRS]),
      engineUsed: Nullable(Type.String({ description: 'The engine that voiced the audio (kokoro, chatterbox or offline); null until rendered' })),
      fallbackReason: Nullable(Type.String({ description: 'Why the asked-for engine was not used, when it was not (and which voices named hosts got instead)' })),
    },
    { description: 'How the episode is voiced (the mapping of voiceStyle/voicePair is in the README)' },
  ),
  show: Nullable(Type.Object({ id: Type.String(), name: Type.String() }, { description: 'The show the episode is in; null for none' })),
  createdAt: Timestamp,
});

export const UpdateEpisodeBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Trimmed; must not be blank' })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    isPublic: Type.Optional(Type.Boolean({ description: 'true: anyone may read the episode without credentials' })),
  },
  { additionalProperties: false, minProperties: 1, description: 'Any of title, description and isPublic' },
);

export const EpisodeReply = Type.Object({ success: Type.Literal(true), episode: EpisodeDetail });

export const ListEpisodesQuery = Type.Object({
  status: Type.Optional(Status),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

export const EpisodeList = Type.Object({
  success: Type.Literal(true),
  episodes: Type.Array(EpisodeListItem),
  pagination: Pagination,
});

const Transcript = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  language: Type.Enum([...LANGUAGES], { description: "The episode's language, which the text is in (also sent as Content-Language)" }),
  segments: Type.Array(
    Type.Object({
      id: Type.String(),
      speaker: Type.String({ description: 'The host label: Host 1 … Host 4' }),
      speakerName: Type.Optional(Type.String({ description: "The host's name, for an episode with named hosts" })),
      text: Type.String(),
      startTimeMs: Type.Integer(),
      endTimeMs: Type.Integer(),
      sourceRefs: SourceRefs,
      confidence: Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'Always 1: the text is the script the voice read, known exactly rather than recognised from the audio',
      }),
    }),
  ),
  stats: Type.Object({
    totalSegments: Type.Integer(),
    totalWords: Type.Integer(),
    totalDurationMs: Type.Integer(),
    speakers: Type.Array(Type.String()),
  }),
});

export const TranscriptQuery = Type.Object({
  format: Type.Optional(Type.Enum(['json', 'vtt', 'srt'], { description: 'json (default), vtt (WebVTT) or srt (SubRip)' })),
});

/** The transcript's 200 in each format: JSON is checked against Transcript, the files are text. */
export const transcriptFiles = {
  description: 'The transcript in the requested format',
  content: {
    'application/json': { schema: Transcript },
    'text/vtt': { schema: Type.String({ description: "WebVTT with <v Speaker> voice tags (the host's name for named hosts) around <lang> spans of the episode's language" }) },
    'application/x-subrip': { schema: Type.String({ description: 'SubRip' }) },
  },
};

/** Documents a binary MP3 body; typed loosely so the handler may send a stream. */
export function binaryAudio(description: string): object {
  return { description, content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } } } };
}

/** `POST /api/episodes/upload`'s multipart form, for the document (the route reads the stream itself). */
export const UploadEpisodeForm = Type.Object({
  file: Type.String({
    contentMediaType: 'application/octet-stream',
    description: 'The document: PDF, DOCX, DOC, TXT or MD (UTF-8), up to the tier\'s upload limit. Send several `file` parts (up to the tier\'s `maxSources`) to make one episode of them all',
  }),
  preset: Type.Optional(Preset),
  durationMinutes: Type.Optional(DurationMinutes),
  hostMode: Type.Optional(HostMode),
  voiceStyle: Type.Optional(Type.Enum([...VOICE_STYLES])),
  voicePair: Type.Optional(Type.Enum([...VOICE_PAIRS])),
  hosts: Type.Optional(Type.String({ contentMediaType: 'application/json', description: 'The named hosts as a JSON array, as POST /api/episodes takes them' })),
  language: Type.Optional(LanguageInput),
  showId: Type.Optional(ShowId),
  format: Type.Optional(Format),
  reactions: Type.Optional(Reactions),
}, { additionalProperties: false });
