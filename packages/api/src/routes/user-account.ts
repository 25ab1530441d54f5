// Account-level actions: data export, password change, and deleting the account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import { revokeUserSessions } from '@castwright/core/repositories/refresh-tokens';
import { deleteUser, updatePasswordHash } from '@castwright/core/repositories/users';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { episodeStorageKeys } from '../episodes/episode-storage-keys.ts';
import { currentUser } from '../plugins/authentication.ts';
import { NewPassword } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';
import { buildAccountExport } from '../users/account-export.ts';
import { assertStrongPassword } from './auth.ts';

export function userAccountRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.get('/api/user/export', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Download all your data as a JSON file',
        description: 'Served with `Content-Disposition: attachment`. Holds your profile, every episode with its script, and your usage.',
        security: bearer,
        response: { ...errorResponses(401, 429) },
      },
    }, async (request, reply) => {
      const user = currentUser(request);
      const document = await buildAccountExport(db, user);
      const date = document.exportDate.slice(0, 10);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="castwright-export-${date}.json"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(document, null, 2));
    });

    app.post('/api/user/change-password', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Change your password',
        description: 'Ends your other sessions: every refresh token except the one of the login making the change is revoked.',
        security: bearer,
        body: Type.Object({ currentPassword: Type.String({ maxLength: 256 }), newPassword: NewPassword }),
        response: { 200: MessageBody, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      const user = currentUser(request);
      if (!(await verifyPassword(user.password_hash, request.body.currentPassword))) {
        throw new AppError('invalidCredentials', 'The current password is incorrect');
      }
      assertStrongPassword(request.body.newPassword);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, user.id, passwordHash);
        await revokeUserSessions(trx, user.id, request.sessionId);
      });
      return { success: true as const, message: 'Password changed; your other sessions have been signed out' };
    });

    app.delete('/api/user/account', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Delete your account and everything in it, irreversibly',
        description: 'Needs your `password` and `confirm` set to the literal string `DELETE`. Removes the account, episodes with their audio and uploaded documents, tokens and keys; every credential stops working at once.',
        security: bearer,
        body: Type.Object({ password: Type.String({ maxLength: 256 }), confirm: Type.String({ maxLength: 32 }) }),
        response: { 200: MessageBody, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      const user = currentUser(request);
      if (request.body.confirm !== 'DELETE') {
        throw new AppError('validation', 'Set confirm to the literal string DELETE to delete your account', { extras: { errors: ['confirm must be "DELETE"'] } });
      }
      if (!(await verifyPassword(user.password_hash, request.body.password))) throw new AppError('invalidCredentials', 'The password is incorrect');
      const episodes = await db.selectFrom('episodes').select(['id', 'audio_key', 'source_key']).where('user_id', '=', user.id).execute();
      // Rows first (one cascading delete); files after, so a storage hiccup never leaves
      // an account half-deleted — at worst an orphan file, which is logged.
      await deleteUser(db, user.id);
      for (const key of episodes.flatMap(episodeStorageKeys)) {
        await storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'could not delete a stored file of a deleted account'));
      }
      return { success: true as const, message: 'Your account and all its data have been deleted' };
    });
  };
}
