// POST /api/briefing-webhooks/email/:webhookId: newsletters posted by an inbound-mail
// provider. No credentials but the webhook id in the path. In a plugin of its own for
// its body parsers: raw MIME is kept as bytes, provider form fields are parsed here,
// and every body is capped (attachments travel inside it and are never read).
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '@castwright/core/errors';
import { inboundKey, receiveNewsletter } from '../briefings/receive-newsletter.ts';
import { inboundPayload, INBOUND_CONTENT_TYPES, MAX_INBOUND_BYTES } from '../briefings/inbound-payload.ts';
import { INBOUND_EMAIL_LIMITS } from '../rate-limit/rules.ts';
import { InboundEmailParams, InboundEmailReply } from '../schemas/briefings.ts';
import { errorResponses } from '../schemas/common.ts';
import type { ApiServices } from '../services.ts';

export function briefingWebhookRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, limiter } = services;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: MAX_INBOUND_BYTES }, (_request, body, done) => done(null, body));
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_INBOUND_BYTES }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(AppError.validation('The body is not valid JSON'));
      }
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: MAX_INBOUND_BYTES }, (_request, body, done) => done(null, parseQueryString(body.toString('utf8'))));
    // Anything else is refused before its body is read, naming what is accepted.
    app.addContentTypeParser('*', (request, _payload, done) =>
      done(new AppError('unsupportedMediaType', `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted; send one of: ${INBOUND_CONTENT_TYPES.join(', ')}`)),
    );

    app.post('/api/briefing-webhooks/email/:webhookId', {
      bodyLimit: MAX_INBOUND_BYTES,
      preHandler: async (request, reply) => {
        await limiter.enforce(INBOUND_EMAIL_LIMITS.perClient, request.ip);
        reply.headers(await limiter.enforce(INBOUND_EMAIL_LIMITS.perAddress, inboundKey((request.params as { webhookId: string }).webhookId)));
      },
      schema: {
        tags: ['briefings'],
        summary: "Receives a newsletter for a briefing's e-mail source (called by an inbound-mail provider)",
        description:
          'No credentials: the webhook id issued with the e-mail source is the credential (unknown ids: 404). ' +
          `Bodies: raw MIME as \`message/rfc822\` (Cloudflare Email Workers, SES, SendGrid raw), Postmark's inbound JSON (\`HtmlBody\`/\`TextBody\`), ` +
          "or Mailgun's parsed message as JSON or form fields (`body-html`/`body-plain`). " +
          `At most ${MAX_INBOUND_BYTES / 1024 / 1024} MiB (413); attachments are ignored. The newsletter's text (HTML to text, quoted replies, signatures and footers dropped) ` +
          "is stored for the briefing's next run; the same Message-ID twice is stored once. 60 messages per hour per address, 600 per client.",
        params: InboundEmailParams,
        response: { 200: InboundEmailReply, ...errorResponses(400, 404, 413, 415, 429) },
      },
    }, async (request) => {
      const received = await receiveNewsletter(db, request.params.webhookId, inboundPayload(request.body));
      return {
        success: true as const,
        message: received.stored ? `Newsletter "${received.title}" stored for the next run` : `Newsletter "${received.title}" was already stored`,
        briefingSource: received.sourceName,
      };
    });
  };
}
