// Shapes of the user endpoints.
import Type from 'typebox';
import { Timestamp } from './common.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const UserView = Type.Object({
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

export const ProfileUpdate = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  bio: Type.Optional(Type.String({ maxLength: 500 })),
  // An https address with a host; nothing but https is ever stored.
  avatarUrl: Type.Optional(Type.String({ format: 'uri', pattern: '^https://[^/?#\\s@]+([/?#]\\S*)?$', maxLength: 2048 })),
}, { additionalProperties: false });

export const QuotaUserView = Type.Object({
  tier: Type.String(),
  episodesLimit: Nullable(Type.Integer({ description: 'null: unlimited' })),
  episodesUsed: Type.Integer(),
  episodesRemaining: Nullable(Type.Integer({ description: 'null: unlimited' })),
  quotaPercentage: Type.Number({ description: 'Percent of the monthly limit used; 0 when unlimited' }),
});

export const UsageRecord = Type.Object({
  month: Type.String({ format: 'date' }),
  episodesCreated: Type.Integer(),
  totalAudioDuration: Type.Integer({ description: 'seconds' }),
  totalCharacters: Type.Integer(),
  costTotal: Type.Number({ description: 'USD' }),
});
