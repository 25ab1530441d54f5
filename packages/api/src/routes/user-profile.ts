// The signed-in user's profile, quota, usage and statistics.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import { episodeCounts, monthlyUsage, usageTotals } from '@castwright/core/repositories/usage-reports';
import { updateProfile } from '@castwright/core/repositories/users';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { ProfileUpdate, QuotaUserView, UsageRecord, UserView } from '../schemas/user.ts';
import type { ApiServices } from '../services.ts';
import { quotaView, usageRecordView, userView } from '../users/user-views.ts';

export function userProfileRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['user'], security: bearer };
  return async (app) => {
    app.get('/api/user/profile', {
      preHandler: auth.requireUser,
      schema: { ...common, summary: 'Your profile', response: { 200: Type.Object({ success: Type.Literal(true), user: UserView }), ...errorResponses(401, 429) } },
    }, async (request) => ({ success: true as const, user: userView(currentUser(request)) }));

    app.put('/api/user/profile', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Update name, bio and avatar',
        description: 'Any subset of `name` (≤ 100), `bio` (≤ 500) and `avatarUrl` (an https URL). An empty string clears a field.',
        body: ProfileUpdate,
        response: { 200: Type.Object({ success: Type.Literal(true), user: UserView }), ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      const { name, bio, avatarUrl } = request.body;
      const clean = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
      const updated = await updateProfile(db, currentUser(request).id, {
        ...(name !== undefined && { name: clean(name) }),
        ...(bio !== undefined && { bio: clean(bio) }),
        ...(avatarUrl !== undefined && { avatar_url: avatarUrl }),
      });
      if (!updated) throw new AppError('notFound', 'Account not found');
      return { success: true as const, user: userView(updated) };
    });

    app.get('/api/user/quota', {
      preHandler: auth.requireUser,
      schema: { ...common, summary: 'This month’s episode quota', response: { 200: Type.Object({ success: Type.Literal(true), quota: QuotaUserView }), ...errorResponses(401, 429) } },
    }, async (request) => {
      const user = currentUser(request);
      const [thisMonth] = await monthlyUsage(db, user.id, 1);
      return { success: true as const, quota: quotaView(user, thisMonth?.episodes_created ?? 0) };
    });

    app.get('/api/user/usage', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Monthly usage, newest first',
        description: 'One record per calendar month (UTC) for the last `months` months, including months without activity.',
        querystring: Type.Object({ months: Type.Integer({ minimum: 1, maximum: 24, default: 12 }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            usage: Type.Array(UsageRecord),
            thisMonth: Type.Object({ episodes_created: Type.Integer(), total_audio_duration: Type.Integer() }),
          }),
          ...errorResponses(400, 401, 429),
        },
      },
    }, async (request) => {
      const rows = await monthlyUsage(db, currentUser(request).id, request.query.months);
      const current = rows[0];
      return {
        success: true as const,
        usage: rows.map(usageRecordView),
        thisMonth: { episodes_created: current?.episodes_created ?? 0, total_audio_duration: current?.total_audio_duration ?? 0 },
      };
    });

    app.get('/api/user/stats', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Totals across your account',
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            stats: Type.Object({
              totalEpisodes: Type.Integer(),
              completedEpisodes: Type.Integer(),
              totalCost: Type.Number(),
              currentMonth: Type.Object({
                episodesUsed: Type.Integer(),
                episodesLimit: Type.Union([Type.Integer(), Type.Null()]),
                quotaPercentage: Type.Number(),
              }),
            }),
          }),
          ...errorResponses(401, 429),
        },
      },
    }, async (request) => {
      const user = currentUser(request);
      const [counts, totals, [thisMonth]] = await Promise.all([episodeCounts(db, user.id), usageTotals(db, user.id), monthlyUsage(db, user.id, 1)]);
      const quota = quotaView(user, thisMonth?.episodes_created ?? 0);
      return {
        success: true as const,
        stats: {
          totalEpisodes: counts.total,
          completedEpisodes: counts.completed,
          totalCost: totals.costTotal,
          currentMonth: { episodesUsed: quota.episodesUsed, episodesLimit: quota.episodesLimit, quotaPercentage: quota.quotaPercentage },
        },
      };
    });
  };
}
