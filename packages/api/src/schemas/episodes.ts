// Request and response shapes of the episode endpoints.
import Type from 'typebox';
import { EPISODE_STATUSES, HOST_MODES, TTS_ENGINES, VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-states';
import { PRESETS } from '@castwright/core/tiers';
import { Pagination, Timestamp } from './common.ts';

/** Longest text accepted in `content`: about four hours of speech, far past the longest preset. */
export const MAX_CONTENT_CHARACTERS = 200_000;

const Status = Type.Enum([...EPISODE_STATUSES]);
const Preset = Type.Enum([...PRESETS]);
const HostMode = Type.Enum([...HOST_MODES]);

export const CreateEpisodeBody = Type.Object({
  content: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CONTENT_CHARACTERS })),
  url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
  preset: Type.Optional(Preset),
  hostMode: Type.Optional(HostMode),
  voiceStyle: Type.Optional(Type.Enum([...VOICE_STYLES])),
  voicePair: Type.Optional(Type.Enum([...VOICE_PAIRS])),
  ttsEngine: Type.Optional(Type.Enum([...TTS_ENGINES])),
  reviewScript: Type.Optional(Type.Boolean()),
});

export const QuotaView = Type.Object({
  used: Type.Integer(),
  limit: Type.Union([Type.Integer(), Type.Null()], { description: 'null when the tier is unlimited' }),
  remaining: Type.Union([Type.Integer(), Type.Null()], { description: 'null when the tier is unlimited' }),
});

export const CreatedEpisode = Type.Object({
  success: Type.Literal(true),
  episode: Type.Object({ id: Type.String(), status: Status, preset: Preset, hostMode: HostMode, createdAt: Timestamp }),
  quota: QuotaView,
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const EpisodeListItem = Type.Object({
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

export const EpisodeDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Status,
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  preset: Preset,
  hostMode: HostMode,
  sourceType: Type.String(),
  scriptText: Nullable(Type.String()),
  audioUrl: Nullable(Type.String()),
  audioDuration: Nullable(Type.Integer()),
  error: Nullable(Type.String({ description: 'Why processing failed, when status is error' })),
  voice: Type.Object(
    {
      ttsEngine: Type.Enum([...TTS_ENGINES], { description: 'The engine asked for' }),
      voiceStyle: Type.Enum([...VOICE_STYLES]),
      voicePair: Type.Enum([...VOICE_PAIRS]),
      engineUsed: Nullable(Type.String({ description: 'The engine that voiced the audio (kokoro, chatterbox or offline); null until rendered' })),
      fallbackReason: Nullable(Type.String({ description: 'Why the asked-for engine was not used, when it was not' })),
    },
    { description: 'How the episode is voiced (the mapping of voiceStyle/voicePair is in the README)' },
  ),
  createdAt: Timestamp,
});

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

export const Transcript = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  segments: Type.Array(
    Type.Object({
      id: Type.String(),
      speaker: Type.String(),
      text: Type.String(),
      startTimeMs: Type.Integer(),
      endTimeMs: Type.Integer(),
      confidence: Type.Number({ minimum: 0, maximum: 1 }),
    }),
  ),
  stats: Type.Object({
    totalSegments: Type.Integer(),
    totalWords: Type.Integer(),
    totalDurationMs: Type.Integer(),
    speakers: Type.Array(Type.String()),
  }),
});
