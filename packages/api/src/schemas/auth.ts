// Request and response shapes of the authentication endpoints.
import Type from 'typebox';
import { Nullable } from './common.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });
/** The length bound keeps hashing cost bounded; the strength rules are checked in code for the `errors[]` list. */
export const NewPassword = Type.String({ maxLength: 256 });
const Token = Type.String({ minLength: 1, maxLength: 256 });

const TokenSet = Type.Object({
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

export const PasswordResetRequestBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export const PasswordResetBody = Type.Object({ token: Token, password: NewPassword });
export const TokenBody = Type.Object({ token: Token });
export const TokenQuery = Type.Object({ token: Token });

/** The user as register and login show it. */
const AuthUser = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Nullable(Type.String()),
  tier: Type.String(),
  emailVerified: Type.Boolean(),
});

export const Registered = Type.Object({ success: Type.Literal(true), message: Type.String(), user: AuthUser, tokens: TokenSet });
export const LoggedIn = Type.Object({ success: Type.Literal(true), user: AuthUser, tokens: TokenSet });
export const TokensReply = Type.Object({ success: Type.Literal(true), tokens: TokenSet });

/** The studio's answers: the access token only; the refresh token travels in an httpOnly cookie. */
const AccessToken = {
  accessToken: Type.String({ description: 'A JWT access token; keep it in memory only' }),
  expiresIn: Type.Integer({ description: 'Access token lifetime in seconds (900)' }),
};
export const BrowserSession = Type.Object({ success: Type.Literal(true), user: AuthUser, ...AccessToken });
export const BrowserRegistered = Type.Object({ success: Type.Literal(true), message: Type.String(), user: AuthUser, ...AccessToken });
