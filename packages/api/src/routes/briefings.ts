// The briefing endpoints: creator tier and up (403 `Upgrade required` otherwise), every
// briefing owner-scoped (another user's is a 404). Briefing resources are snake_case.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BRIEFING_LIMITS, BRIEFING_SOURCE_TYPES, SCHEDULE_FREQUENCIES, TEMPLATE_TYPES } from '@castwright/core/briefing-options';
import { listBriefingRuns, runBriefingNow, type StartedRun } from '../briefings/briefing-runs.ts';
import { addBriefingSource, removeBriefingSource, type SourceView } from '../briefings/briefing-sources.ts';
import { createBriefing, type CreatedBriefing } from '../briefings/create-briefing.ts';
import { editBriefing } from '../briefings/edit-briefing.ts';
import { listBriefings, readBriefing } from '../briefings/read-briefings.ts';
import { removeBriefing } from '../briefings/remove-briefing.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { requireTier } from '../plugins/require-tier.ts';
import {
  BriefingDetailReply,
  BriefingList,
  BriefingParams,
  BriefingReply,
  BriefingSourceParams,
  CreateBriefingBody,
  CreatedBriefingReply,
  CreatedSourceReply,
  CreateSourceBody,
  ListBriefingsQuery,
  ListRunsQuery,
  RunList,
  RunStartedReply,
  UpdateBriefingBody,
} from '../schemas/briefings.ts';
import { viewEtag } from '../http/preconditions.ts';
import { errorResponses, IfMatchHeaders, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const SCHEDULE_RULES =
  `Schedules: \`daily\` every day; \`weekdays\` Monday to Friday; \`weekly\` on the day names in \`schedule_days\`; \`custom\` on the days of the month in \`schedule_days\` (a day the month lacks means its last day), ` +
  'all at `schedule_time` in `schedule_timezone` (IANA). A local time skipped by a DST change runs at the moment the clocks jump; one that happens twice runs once, at the first.';

export function briefingRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, config } = services;
  const common = { tags: ['briefings'], security: bearer };
  const preHandler = [auth.requireUser, requireTier('creator', 'Briefings')];
  return async (app) => {
    app.get('/api/briefings', {
      preHandler,
      schema: {
        ...common,
        summary: "The caller's briefings, newest first",
        description: 'With `last_run_at`, `next_run_at`, `source_count`, `completed_runs` and `failed_runs`; `active` keeps only active (true) or inactive (false) ones.',
        querystring: ListBriefingsQuery,
        response: { 200: BriefingList, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listBriefings(db, currentUser(request), request.query)) }));

    app.get('/api/briefings/:id', {
      preHandler,
      schema: {
        ...common,
        summary: 'One briefing with its sources and schedule',
        description: 'E-mail sources show their inbound URL (`source_url`) and `webhook_id`. `ETag` names this state (run counts included): send it back in `If-Match` to change the briefing only if nothing changed since.',
        params: BriefingParams,
        response: { 200: BriefingDetailReply, ...errorResponses(401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      const briefing = await readBriefing(db, config, currentUser(request), request.params.id);
      return reply.header('etag', viewEtag(briefing)).send({ success: true as const, briefing });
    });

    app.post('/api/briefings', {
      preHandler,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Create a briefing',
        description:
          `Only \`name\` is required; defaults: template_type general, preset standard, host_mode single, schedule_frequency daily, schedule_time 07:00:00, schedule_timezone UTC, ` +
          `max_sources_per_briefing 5, content_freshness_hours 24, is_active true. template_type: ${TEMPLATE_TYPES.join(', ')}; schedule_frequency: ${SCHEDULE_FREQUENCIES.join(', ')}. ` +
          `${SCHEDULE_RULES} The preset must be allowed on your tier (403). An account holds at most ${BRIEFING_LIMITS.briefingsPerAccount} briefings (409).`,
        body: CreateBriefingBody,
        response: { 201: CreatedBriefingReply, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (briefing: CreatedBriefing) => ({ success: true as const, message: 'Briefing created', briefing }));
      await createBriefing(db, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.patch('/api/briefings/:id', {
      preHandler,
      schema: {
        ...common,
        summary: 'Change any subset of a briefing\'s fields',
        description: `Checked together with the stored fields (a new frequency needs fitting \`schedule_days\`). A change to the schedule or \`is_active\` recomputes \`next_run_at\` from now (null while inactive). With \`If-Match\`, 412 when the briefing changed since that \`ETag\`. ${SCHEDULE_RULES}`,
        params: BriefingParams,
        headers: IfMatchHeaders,
        body: UpdateBriefingBody,
        response: { 200: BriefingReply, ...errorResponses(400, 401, 403, 404, 412, 429) },
      },
    }, async (request) => ({ success: true as const, briefing: await editBriefing(db, config, currentUser(request), request.params.id, request.body, request.headers['if-match']) }));

    app.delete('/api/briefings/:id', {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a briefing with its sources, runs and stored items',
        description: 'The episodes its runs created are kept. With `If-Match`, 412 when the briefing changed since that `ETag`.',
        params: BriefingParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404, 412, 429) },
      },
    }, async (request) => {
      await removeBriefing(db, config, currentUser(request), request.params.id, request.headers['if-match']);
      return { success: true as const, message: 'Briefing deleted with its sources; its episodes were kept' };
    });

    app.post('/api/briefings/:id/run', {
      preHandler,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Run a briefing now, whatever its schedule and is_active',
        description:
          '202 with `jobId` (`job_…`, the queued job; the run carries it too: its `job_id`: GET /api/briefings/{id}/runs?job_id=… finds it). 409 while a run of this briefing is queued or running. ' +
          'The run fetches the active sources, keeps items from the last `content_freshness_hours` not used before, ranks them (priority keywords, then newest), ' +
          'takes at most `max_sources_per_briefing`, and creates one episode (counted against the monthly quota; over it, the run fails with that reason).',
        params: BriefingParams,
        response: { 202: RunStartedReply, ...errorResponses(401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 202, (started: StartedRun) => ({ success: true as const, message: 'Briefing run queued', ...started }));
      await runBriefingNow(db, currentUser(request), request.params.id, answer, { fair: config.fairScheduling });
      return answer.send();
    });

    app.get('/api/briefings/:id/runs', {
      preHandler,
      schema: {
        ...common,
        summary: "A briefing's runs, newest first",
        description: '`status`: queued, running, completed or failed (with `error`); `source_errors` names each source that failed in the run and why. `job_id` keeps only the run of that job (the `jobId` POST /api/briefings/{id}/run answered).',
        params: BriefingParams,
        querystring: ListRunsQuery,
        response: { 200: RunList, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listBriefingRuns(db, currentUser(request), request.params.id, request.query)) }));

    app.post('/api/briefings/:id/sources', {
      preHandler,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Add a source to a briefing',
        description:
          `source_type: ${BRIEFING_SOURCE_TYPES.join(', ')}. \`rss\` needs \`source_url\`, an RSS 2.0 or Atom feed over http(s). ` +
          '`email` takes no `source_url`: it is issued an inbound URL (`source_url` in the reply, with its `webhook_id`) that newsletters are posted to. ' +
          `A briefing holds at most ${BRIEFING_LIMITS.sourcesPerBriefing} sources (409).`,
        params: BriefingParams,
        body: CreateSourceBody,
        response: { 201: CreatedSourceReply, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (source: SourceView) => ({ success: true as const, message: 'Source added', source }));
      await addBriefingSource(db, config, currentUser(request), request.params.id, request.body, answer);
      return answer.send();
    });

    app.delete('/api/briefings/:id/sources/:sourceId', {
      preHandler,
      schema: {
        ...common,
        summary: 'Remove a source from a briefing',
        description: "An e-mail source's inbound URL stops working at once. `If-Match` takes the briefing's `ETag` (412 when it changed since).",
        params: BriefingSourceParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404, 412, 429) },
      },
    }, async (request) => {
      await removeBriefingSource(db, config, currentUser(request), request.params.id, request.params.sourceId, request.headers['if-match']);
      return { success: true as const, message: 'Source removed' };
    });
  };
}
