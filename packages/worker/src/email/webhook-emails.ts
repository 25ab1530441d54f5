// The webhook e-mails: one when a webhook starts failing, one when it is turned off.
// The link is the webhook's page in the studio: its delivery log (each attempt with its
// status or reason) and the button that sends a test.
import type { OutgoingMail } from '@castwright/core/mail/mailer';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { composeMail } from './compose-mail.ts';

export interface FailedWebhook {
  id: string;
  url: string;
  event: string;
  eventId: string;
  /** The last attempt's status code or reason. */
  lastOutcome: string;
}

const deliveriesLink = (baseUrl: string, webhookId: string) => `${baseUrl}/webhooks/${webhookId}`;

export function webhookFailingEmail(to: string, baseUrl: string, webhook: FailedWebhook): OutgoingMail {
  return composeMail(to, 'Your Castwright webhook is failing', [
    `We could not deliver the ${webhook.event} event ${webhook.eventId} to your webhook ${webhook.url}: all ${WEBHOOK_LIMITS.attemptsPerEvent} attempts failed (the last: ${webhook.lastOutcome}).`,
    `We keep sending new events to it. After ${WEBHOOK_LIMITS.failedEventsBeforeDeactivation} events in a row fail like this, we turn the webhook off. A successful delivery (a test from POST /api/webhooks/${webhook.id}/test counts) clears this state.`,
    'Every attempt, with the status your endpoint answered or why it could not be reached, is listed on the webhook\'s page, where you can also send a test:',
  ], deliveriesLink(baseUrl, webhook.id));
}

export function webhookDeactivatedEmail(to: string, baseUrl: string, webhook: FailedWebhook): OutgoingMail {
  return composeMail(to, 'We turned off your Castwright webhook', [
    `${WEBHOOK_LIMITS.failedEventsBeforeDeactivation} events in a row could not be delivered to your webhook ${webhook.url} (the last: ${webhook.event} ${webhook.eventId}, ${webhook.lastOutcome}), so it is now inactive and receives no events.`,
    `When your endpoint works again, turn it back on with PATCH /api/webhooks/${webhook.id} and {"is_active": true}; POST /api/webhooks/${webhook.id}/test checks it first.`,
    'The attempts are listed on the webhook\'s page, where you can test it and turn it back on:',
  ], deliveriesLink(baseUrl, webhook.id));
}
