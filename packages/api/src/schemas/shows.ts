// Request and response shapes of the show endpoints: a show's fields, the defaults its
// episodes and briefings start from (named as POST /api/episodes names them: length,
// language, hosts and voices, format and reactions), the levels of its mix,
// its audio parts and cover, and its feed switch.
import Type from 'typebox';
import { FORMATS, HOST_MODES, REACTION_LEVELS, TTS_ENGINES, VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-options';
import { LANGUAGES } from '@castwright/core/languages';
import { DEFAULT_SHOW_LEVELS, SHOW_ARTWORK, SHOW_CATEGORIES, SHOW_LEVEL_BOUNDS, SHOW_LIMITS, SHOW_PART_MAX_BYTES, SHOW_PART_SECONDS, SHOW_PARTS } from '@castwright/core/shows/show-options';
import { MAX_DURATION_MINUTES, PRESETS } from '@castwright/core/tiers';
import { Nullable, Pagination, Timestamp } from './common.ts';
import { Format, Reactions } from './episodes.ts';
import { Hosts, HostView } from './voices.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: SHOW_LIMITS.nameMaxLength, description: 'Trimmed; must not be blank' });
const Part = Type.Enum([...SHOW_PARTS], { description: '`intro` first, `outro` last, `bed` under the conversation, `sting` between sections' });

const level = (key: keyof typeof SHOW_LEVEL_BOUNDS, description: string) =>
  Type.Number({ minimum: SHOW_LEVEL_BOUNDS[key].min, maximum: SHOW_LEVEL_BOUNDS[key].max, description: `${description} (default ${DEFAULT_SHOW_LEVELS[key]})` });

const levelFields = {
  bedSpeechDb: level('bedSpeechDb', 'The bed while someone speaks, in dB against the voices\' loudness'),
  bedGapDb: level('bedGapDb', 'The bed in pauses and around sections, in dB against the voices\' loudness; at least bedSpeechDb'),
  duckAttackMs: level('duckAttackMs', 'How fast the bed dips as speech starts (it starts dipping this long before), in ms'),
  duckReleaseMs: level('duckReleaseMs', 'How fast the bed comes back up once speech stops, in ms'),
  partsDb: level('partsDb', 'The intro, outro and sting, in dB against the voices\' loudness'),
};

const Levels = Type.Object(levelFields, { description: 'The levels of the mix' });
const LevelsInput = Type.Object(
  Object.fromEntries(Object.entries(levelFields).map(([key, schema]) => [key, Type.Optional(schema)])) as { [K in keyof typeof levelFields]: ReturnType<typeof Type.Optional<(typeof levelFields)[K]>> },
  { additionalProperties: false, description: 'Any of the levels; the others keep their values' },
);

const Language = Type.String({
  minLength: 1,
  maxLength: 35,
  description: `The show's language, a BCP 47 tag: ${LANGUAGES.join(', ')} (any case; shown canonical). Its episodes are in it unless they ask for another; its feed says it.`,
  examples: ['en'],
});
const Category = Type.Enum([...SHOW_CATEGORIES], { description: "The feed's `itunes:category` (Apple Podcasts' top-level categories)" });
const DurationMinutes = Type.Integer({ minimum: 1, maximum: MAX_DURATION_MINUTES, description: 'The episodes\' length in minutes, instead of `preset` (setting one clears the other)' });

/** The fields a show has besides its name; in a change, null clears a default. */
const showFields = {
  description: Type.String({ maxLength: SHOW_LIMITS.descriptionMaxLength }),
  author: Type.String({ maxLength: SHOW_LIMITS.authorMaxLength, description: "The feed's `itunes:author`" }),
  language: Nullable(Language),
  category: Nullable(Category),
  hostMode: Nullable(Type.Enum([...HOST_MODES])),
  hosts: Nullable(Hosts),
  voiceStyle: Nullable(Type.Enum([...VOICE_STYLES])),
  voicePair: Nullable(Type.Enum([...VOICE_PAIRS])),
  ttsEngine: Nullable(Type.Enum([...TTS_ENGINES])),
  preset: Nullable(Type.Enum([...PRESETS], { description: 'The episodes\' length as a preset, instead of `durationMinutes` (setting one clears the other)' })),
  durationMinutes: Nullable(DurationMinutes),
  format: Nullable(Format),
  reactions: Nullable(Reactions),
  levels: LevelsInput,
};

const optional = <T extends Record<string, Parameters<typeof Type.Optional>[0]>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, Type.Optional(schema)])) as { [K in keyof T]: ReturnType<typeof Type.Optional<T[K]>> };

export const CreateShowBody = Type.Object({ name: Name, ...optional(showFields) }, { additionalProperties: false });

export const UpdateShowBody = Type.Object(
  { name: Type.Optional(Name), ...optional(showFields) },
  { additionalProperties: false, minProperties: 1, description: 'Any subset of the fields; null clears a default (the interface\'s default applies again)' },
);

export const ListShowsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
}, { additionalProperties: false });

export const ShowParams = Type.Object({ id: Id });
export const ShowPartParams = Type.Object({ id: Id, part: Part });

const PartView = Type.Object({
  part: Part,
  durationMs: Type.Integer(),
  sampleRate: Type.Integer({ description: 'The kept file\'s rate (mono FLAC)' }),
  channels: Type.Integer({ description: 'The uploaded file\'s channels (it is kept mono, as episodes are)' }),
  bytes: Type.Integer({ description: 'The kept file\'s size' }),
  filename: Type.String({ description: 'The uploaded file\'s name' }),
  url: Type.String({ description: 'Where to hear it: GET, with your credentials' }),
  uploadedAt: Timestamp,
});

const ShowView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  author: Type.String(),
  language: Nullable(Type.Enum([...LANGUAGES])),
  category: Nullable(Category),
  artworkUrl: Nullable(Type.String({ description: 'The cover you uploaded (GET, with your credentials); null: the feed draws one from the name' })),
  hostMode: Nullable(Type.Enum([...HOST_MODES])),
  hosts: Nullable(Type.Array(HostView)),
  voiceStyle: Nullable(Type.Enum([...VOICE_STYLES])),
  voicePair: Nullable(Type.Enum([...VOICE_PAIRS])),
  ttsEngine: Nullable(Type.Enum([...TTS_ENGINES])),
  preset: Nullable(Type.Enum([...PRESETS])),
  durationMinutes: Nullable(Type.Integer()),
  format: Nullable(Type.Enum([...FORMATS], { description: "Its episodes' and briefings' format unless they choose one; null: the interface's default (`deep_dive`)" })),
  reactions: Nullable(Type.Enum([...REACTION_LEVELS], { description: "Its episodes' and briefings' reactions unless they choose them; null: the interface's default (`some`)" })),
  levels: Levels,
  parts: Type.Object(
    { intro: Nullable(PartView), outro: Nullable(PartView), bed: Nullable(PartView), sting: Nullable(PartView) },
    { description: 'The uploaded audio parts; null where the show has none' },
  ),
  episodeCount: Type.Integer({ minimum: 0 }),
  feedEnabled: Type.Boolean({ description: 'Whether the show has a private feed (POST /api/shows/{id}/feed)' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ShowReply = Type.Object({ success: Type.Literal(true), show: ShowView });
export const ShowList = Type.Object({ success: Type.Literal(true), shows: Type.Array(ShowView), pagination: Pagination });

/** The multipart form of an upload (the route reads the stream itself). */
export const ShowPartForm = Type.Object({
  file: Type.String({
    contentMediaType: 'application/octet-stream',
    description:
      `WAV, MP3 or FLAC, at least 16 kHz, up to ${SHOW_PART_MAX_BYTES / 1024 / 1024} MB (larger is 413). Lengths: ` +
      SHOW_PARTS.map((part) => `${part} ${SHOW_PART_SECONDS[part].min}–${SHOW_PART_SECONDS[part].max} s`).join(', '),
  }),
});

export const ShowArtworkForm = Type.Object({
  file: Type.String({
    contentMediaType: 'application/octet-stream',
    description: `A square PNG or JPEG, ${SHOW_ARTWORK.minPixels}–${SHOW_ARTWORK.maxPixels} pixels on a side, up to ${SHOW_ARTWORK.maxBytes / 1024 / 1024} MB`,
  }),
});

export const ShowFeedReply = Type.Object({
  success: Type.Literal(true),
  feedUrl: Type.String({ description: 'The private feed address: only shown here, once' }),
  createdAt: Timestamp,
  warning: Type.String(),
});
