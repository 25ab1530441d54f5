// Account-level actions: data export, password change, and deleting the account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { AccountExportDocument, ChangePasswordBody, DeleteAccountBody } from '../schemas/user.ts';
import type { ApiServices } from '../services.ts';
import { buildAccountExport } from '../users/account-export.ts';
import { changePassword } from '../users/change-password.ts';
import { closeAccount } from '../users/close-account.ts';

export function userAccountRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.get('/api/user/export', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Download all your data as a JSON file',
        description: 'Served with `Content-Disposition: attachment`. Holds your profile, every episode with its script, your playlists (episode ids in order), your webhooks (never their secrets), and your usage.',
        security: bearer,
        response: { ...errorResponses(401, 429) },
      },
      // Sent as a prepared string: the schema documents the file and validates nothing.
      config: { documented: { responses: { 200: AccountExportDocument } } },
    }, async (request, reply) => {
      const document = await buildAccountExport(db, currentUser(request));
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
        body: ChangePasswordBody,
        response: { 200: MessageBody, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      await changePassword(db, currentUser(request), { ...request.body, keepSessionId: request.sessionId });
      return { success: true as const, message: 'Password changed; your other sessions have been signed out' };
    });

    app.delete('/api/user/account', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Delete your account and everything in it, irreversibly',
        description: 'Needs your `password` and `confirm` set to the literal string `DELETE`. Removes the account, episodes with their audio and uploaded documents, tokens and keys; every credential stops working at once.',
        security: bearer,
        body: DeleteAccountBody,
        response: { 200: MessageBody, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      await closeAccount({ db, storage, logger: request.log, queueing: { fair: services.config.fairScheduling } }, currentUser(request), request.body);
      return { success: true as const, message: 'Your account and all its data have been deleted' };
    });
  };
}
