// Request and response shapes of the pronunciation lexicon.
import Type from 'typebox';
import { PRONUNCIATION_LIMITS } from '@castwright/core/pronunciations';
import { DEFAULT_PRONUNCIATION_SAMPLE_VOICE } from '@castwright/core/pronunciation-sample';
import { IdParams, Nullable, Timestamp } from './common.ts';
import { VoiceId } from './voices.ts';

const Term = Type.String({
  minLength: 1,
  maxLength: PRONUNCIATION_LIMITS.termMaxLength,
  description: 'The word or words as they appear in scripts (whole words only; may be several words, as "New York"); whitespace is collapsed',
});
const SayAs = Type.String({
  minLength: 1,
  maxLength: PRONUNCIATION_LIMITS.sayAsMaxLength,
  description: 'A respelling in plain text, said instead of the term ("sequel" for SQL, "koo-ber-net-eez")',
});
const Ipa = Type.String({
  minLength: 1,
  maxLength: PRONUNCIATION_LIMITS.ipaMaxLength,
  description: 'The term in IPA, without slashes ("ˈsiːkwəl"); only symbols Kokoro can say (ASCII g is read as ɡ)',
});
const CaseSensitive = Type.Boolean({ description: 'Match only this exact capitalisation (default false: any capitalisation)' });

export const CreatePronunciationBody = Type.Object(
  {
    term: Term,
    sayAs: Type.Optional(Nullable(SayAs)),
    ipa: Type.Optional(Nullable(Ipa)),
    caseSensitive: Type.Optional(CaseSensitive),
  },
  { additionalProperties: false, description: 'At least one of sayAs and ipa' },
);

export const UpdatePronunciationBody = Type.Object(
  {
    term: Type.Optional(Term),
    sayAs: Type.Optional(Nullable(SayAs)),
    ipa: Type.Optional(Nullable(Ipa)),
    caseSensitive: Type.Optional(CaseSensitive),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the fields given change; null removes sayAs or ipa, and at least one of them must remain' },
);

export const PronunciationParams = IdParams;

const Pronunciation = Type.Object({
  id: Type.String(),
  term: Type.String(),
  sayAs: Nullable(Type.String()),
  ipa: Nullable(Type.String()),
  caseSensitive: Type.Boolean(),
  sampleUrl: Type.String({ description: 'GET it (with `?voice=` a catalog id) for an MP3 of a short phrase that says the term as this entry does' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PronunciationReply = Type.Object({ success: Type.Literal(true), pronunciation: Pronunciation });

export const PronunciationList = Type.Object({
  success: Type.Literal(true),
  pronunciations: Type.Array(Pronunciation, { description: 'Every entry of the account, by term' }),
  count: Type.Integer({ minimum: 0 }),
  maxEntries: Type.Integer({ description: 'How many entries an account may hold' }),
});

export const PronunciationSampleQuery = Type.Object({
  voice: Type.Optional(Type.String({ ...VoiceId, description: `The catalog voice to say it in (GET /api/voices); default \`${DEFAULT_PRONUNCIATION_SAMPLE_VOICE}\`, the built-in voice` })),
});
