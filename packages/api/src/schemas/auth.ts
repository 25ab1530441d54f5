// Request and response shapes of the authentication endpoints.
import Type from 'typebox';

export const Email = Type.String({ format: 'email', maxLength: 254 });
/** The length bound keeps hashing cost bounded; the strength rules are checked in code for the `errors[]` list. */
export const NewPassword = Type.String({ maxLength: 256 });

export const TokenSet = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer({ description: 'Access token lifetime in seconds (900)' }),
});

export const RegisterBody = Type.Object({
  email: Email,
  password: NewPassword,
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });

export const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 512 }) });

export const AuthUser = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  tier: Type.String(),
  emailVerified: Type.Optional(Type.Boolean()),
});
