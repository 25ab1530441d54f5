// The signed-in user's profile, quota, usage and statistics.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../plugins/authentication.ts';
import { viewEtag } from '../http/preconditions.ts';
import { errorResponses, IfMatchHeaders } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { Profile, ProfileUpdate, QuotaReply, StatsReply, UsageQuery, UsageReply } from '../schemas/user.ts';
import type { ApiServices } from '../services.ts';
import { editProfile } from '../users/edit-profile.ts';
import { readQuota, readStats, readUsage } from '../users/usage-report.ts';
import { userView } from '../users/user-views.ts';

export function userProfileRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['user'], security: bearer };
  return async (app) => {
    app.get('/api/user/profile', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Your profile',
        description: 'The account\'s profile: e-mail, name, bio, avatar, tier, verification and subscription state. `ETag` names this state: send it back in `If-Match` to change the profile only if nothing changed since.',
        response: { 200: Profile, ...errorResponses(401, 429) },
      },
    }, async (request, reply) => {
      const user = userView(currentUser(request));
      return reply.header('etag', viewEtag(user)).send({ success: true as const, user });
    });

    app.put('/api/user/profile', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Update name, bio and avatar',
        description: 'Any subset of `name` (≤ 100), `bio` (≤ 500) and `avatarUrl` (an https URL). An empty string clears a field. With `If-Match`, 412 when the profile changed since that `ETag`.',
        headers: IfMatchHeaders,
        body: ProfileUpdate,
        response: { 200: Profile, ...errorResponses(400, 401, 412, 429) },
      },
    }, async (request) => ({ success: true as const, user: userView(await editProfile(db, currentUser(request).id, request.body, request.headers['if-match'])) }));

    app.get('/api/user/quota', {
      preHandler: auth.requireUser,
      schema: { ...common, summary: 'This month’s episode quota', description: 'Episodes created this calendar month (UTC) against the tier\'s monthly limit; `null` limit means unlimited.', response: { 200: QuotaReply, ...errorResponses(401, 429) } },
    }, async (request) => ({ success: true as const, quota: await readQuota(db, currentUser(request)) }));

    app.get('/api/user/usage', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Monthly usage, newest first',
        description: 'One record per calendar month (UTC) for the last `months` months, including months without activity.',
        querystring: UsageQuery,
        response: { 200: UsageReply, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await readUsage(db, currentUser(request), request.query.months)) }));

    app.get('/api/user/stats', {
      preHandler: auth.requireUser,
      schema: { ...common, summary: 'Totals across your account', description: 'Episode counts by status, total audio minutes and spending across the account\'s life.', response: { 200: StatsReply, ...errorResponses(401, 429) } },
    }, async (request) => ({ success: true as const, stats: await readStats(db, currentUser(request)) }));
  };
}
