// Shapes of the user endpoints.
import Type from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { NewPassword } from './auth.ts';

const UserView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Nullable(Type.String()),
  bio: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  tier: Type.String(),
  emailVerified: Type.Boolean(),
  subscription: Type.Object({ status: Nullable(Type.String()), periodEnd: Nullable(Timestamp) }),
  createdAt: Timestamp,
});

export const Profile = Type.Object({ success: Type.Literal(true), user: UserView });

export const ProfileUpdate = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  bio: Type.Optional(Type.String({ maxLength: 500 })),
  // An https address with a host; nothing but https is ever stored.
  avatarUrl: Type.Optional(Type.String({ format: 'uri', pattern: '^https://[^/?#\\s@]+([/?#]\\S*)?$', maxLength: 2048 })),
}, { additionalProperties: false });

const QuotaUserView = Type.Object({
  tier: Type.String(),
  episodesLimit: Nullable(Type.Integer({ description: 'null: unlimited' })),
  episodesUsed: Type.Integer(),
  episodesRemaining: Nullable(Type.Integer({ description: 'null: unlimited' })),
  quotaPercentage: Type.Number({ description: 'Percent of the monthly limit used; 0 when unlimited' }),
});

export const QuotaReply = Type.Object({ success: Type.Literal(true), quota: QuotaUserView });

const COST_DESCRIPTION =
  'USD: LLM tokens at LLM_INPUT_PRICE_PER_MTOK / LLM_OUTPUT_PRICE_PER_MTOK plus render time at RENDER_PRICE_PER_HOUR; ' +
  '0 when nothing priced was used (the built-in writer on an unpriced worker)';

const UsageRecord = Type.Object({
  month: Type.String({ format: 'date' }),
  episodesCreated: Type.Integer(),
  totalAudioDuration: Type.Integer({ description: 'seconds' }),
  totalCharacters: Type.Integer(),
  costTotal: Type.Number({ description: COST_DESCRIPTION }),
});

export const UsageQuery = Type.Object({ months: Type.Integer({ minimum: 1, maximum: 24, default: 12 }) });

export const UsageReply = Type.Object({
  success: Type.Literal(true),
  usage: Type.Array(UsageRecord),
  // snake_case, as the interface lists it.
  thisMonth: Type.Object({ episodes_created: Type.Integer(), total_audio_duration: Type.Integer() }),
});

export const StatsReply = Type.Object({
  success: Type.Literal(true),
  stats: Type.Object({
    totalEpisodes: Type.Integer(),
    completedEpisodes: Type.Integer(),
    totalCost: Type.Number({ description: COST_DESCRIPTION }),
    currentMonth: Type.Object({
      episodesUsed: Type.Integer(),
      episodesLimit: Nullable(Type.Integer()),
      quotaPercentage: Type.Number(),
    }),
  }),
});

export const ChangePasswordBody = Type.Object({ currentPassword: Type.String({ maxLength: 256 }), newPassword: NewPassword });

export const DeleteAccountBody = Type.Object({ password: Type.String({ maxLength: 256 }), confirm: Type.String({ maxLength: 32 }) });

export const ApiKeyReply = Type.Object({ success: Type.Literal(true), apiKey: Type.String({ pattern: '^svc_', examples: ['svc_3q8ZkV0m2nLr7wYtB1xHc5dFgJ4sPa6e'] }), warning: Type.String() });

/** `GET /api/user/export`: documented only (the route sends a prepared JSON string). */
export const AccountExportDocument = Type.Object({ exportDate: Timestamp }, { additionalProperties: true, description: 'Your profile, episodes with scripts, playlists, usage, webhooks, pronunciation lexicon and shows' });
