// The outgoing-mail outbox: a message is recorded in the transaction that causes it and
// sent from the record, so a crash neither loses it nor sends it twice.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { MailOutboxRow } from '../db/schema.ts';

export interface OutboxMail {
  /** What the message is for; a second message for the same cause is never recorded. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** The new message's id, or undefined when one with this dedupe key already exists. */
export async function insertOutgoingMail(trx: Trx, mail: OutboxMail): Promise<string | undefined> {
  const row = await trx
    .insertInto('mail_outbox')
    .values({ dedupe_key: mail.dedupeKey, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : undefined;
}

export async function selectOutgoingMail(db: Executor, id: string): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a message sent and drops its bodies: they may hold single-use links that must not linger. */
export async function updateMailSent(db: Executor, id: string, messageId: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: sql`now()`, message_id: messageId, text_body: '', html_body: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
