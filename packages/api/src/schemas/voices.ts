// Request and response shapes of the voice endpoints, and the `hosts` of an episode.
import Type from 'typebox';
import { CLIP_BOUNDS, CUSTOM_VOICE_STATUSES, MAX_CUSTOM_VOICES_PER_ACCOUNT, VOICE_NAME_MAX_CHARACTERS } from '@castwright/core/voices/custom-voices';
import { HOST_NAME_MAX_CHARACTERS, HOST_ROLE_MAX_CHARACTERS, VOICE_GENDERS } from '@castwright/core/voices/episode-hosts';
import { MAX_HOSTS } from '@castwright/core/script-lines';
import { MAX_BLEND_PARTS } from '@castwright/core/voices/voice-blend';
import { VOICE_ENGINES } from '@castwright/core/voices/voice-ids';
import { Nullable } from './common.ts';

export const VoiceId = Type.String({
  minLength: 1,
  maxLength: 120,
  description: 'A catalog id: `<engine>:<name>` for built-in voices (`kokoro:af_heart`, `offline:slt`, `chatterbox:default`), `voice_…` for custom voices',
  examples: ['kokoro:af_heart'],
});
const Language = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
  description: 'A BCP 47 tag such as en-US, en-GB, es, fr, hi, it, ja, pt-BR, zh',
  examples: ['en-US'],
});

const VoiceView = Type.Object({
  id: VoiceId,
  engine: Type.Enum([...VOICE_ENGINES]),
  name: Type.String(),
  language: Language,
  gender: Type.Enum([...VOICE_GENDERS]),
  description: Type.String(),
  custom: Type.Boolean({ description: 'A voice cloned from your own clip (POST /api/voices); only you see it' }),
  available: Type.Boolean({ description: 'A live media worker can speak it now; only available voices are accepted in hosts' }),
  unavailableReason: Nullable(Type.String({ description: 'Why it is not available, when it is not' })),
  status: Type.Enum([...CUSTOM_VOICE_STATUSES], {
    description: 'Built-in voices are always ready. A custom voice is processing (being registered with the Chatterbox server), ready, waiting (no Chatterbox server is configured yet) or rejected (`unavailableReason` says why)',
  }),
  sampleUrl: Type.String({ description: 'GET it for an MP3 of one fixed sentence in this voice' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const VoiceList = Type.Object({ success: Type.Literal(true), voices: Type.Array(VoiceView) });

export const VoicesQuery = Type.Object({
  engine: Type.Optional(Type.Enum([...VOICE_ENGINES], { description: 'Only this engine\'s voices' })),
  language: Type.Optional(Type.String({ ...Language, description: 'Only voices in this language: `en` matches en-US and en-GB, `en-GB` only en-GB' })),
});

export const VoiceParams = Type.Object({ id: VoiceId });

export const VoiceReply = Type.Object({ success: Type.Literal(true), voice: VoiceView });

export const SamplePending = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  retryAfter: Type.Integer({ description: 'Seconds to wait before asking again (also the Retry-After header)' }),
});

/** `POST /api/voices`'s multipart form (the route reads the stream itself). */
export const CreateVoiceForm = Type.Object({
  name: Type.String({ minLength: 1, maxLength: VOICE_NAME_MAX_CHARACTERS, description: 'What the voice is called in the catalog' }),
  file: Type.String({
    contentMediaType: 'application/octet-stream',
    description: `WAV, MP3 or FLAC: ${CLIP_BOUNDS.minSeconds} to ${CLIP_BOUNDS.maxSeconds} s of one speaker, at least ${CLIP_BOUNDS.minSampleRate / 1000} kHz, not silent, not clipped, at most ${CLIP_BOUNDS.maxBytes / 1024 / 1024} MB (larger is 413)`,
  }),
  consent: Type.Literal('true', { description: 'Your statement that you have the right to use this voice (your own, or its speaker agreed to this use)' }),
  gender: Type.Optional(Type.Enum(['female', 'male'], { description: 'Used to cast the closest voice when another engine has to voice the episode' })),
  language: Type.Optional(Type.String({ ...Language, description: 'The language spoken in the clip (default en)' })),
  description: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false, description: `Creator tier and up; at most ${MAX_CUSTOM_VOICES_PER_ACCOUNT} custom voices an account` });

/** One named host of an episode. */
const HostInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: HOST_NAME_MAX_CHARACTERS, description: 'How the other hosts address this one', examples: ['Ada'] }),
  voice: Type.String({
    minLength: 1,
    maxLength: 200,
    description: `A catalog id from GET /api/voices, or a blend of 2 to ${MAX_BLEND_PARTS} Kokoro voices: \`kokoro:af_heart*0.7+kokoro:af_bella*0.3\` (weights above 0 that add up to 1, or none for equal shares)`,
    examples: ['kokoro:af_heart'],
  }),
  role: Type.Optional(Type.String({ minLength: 1, maxLength: HOST_ROLE_MAX_CHARACTERS, description: 'What this host is on the show, e.g. host, expert, guest, skeptic', examples: ['expert'] })),
}, { additionalProperties: false });

export const Hosts = Type.Array(HostInput, {
  minItems: 1,
  maxItems: MAX_HOSTS,
  description:
    `1 to ${MAX_HOSTS} named hosts, speaking as Host 1 … Host ${MAX_HOSTS} in this order, all with voices of one engine. Replaces hostMode (one host: single, more: multi) ` +
    'and the voicePair casting; voiceStyle still sets pace and pauses. An unknown or unavailable voice is a 400.',
});

export const HostView = Type.Object({
  speaker: Type.String({ description: 'The label the host speaks under in the script: Host 1 … Host 4' }),
  name: Type.String(),
  voice: Type.String(),
  role: Nullable(Type.String()),
});
