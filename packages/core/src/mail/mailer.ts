// Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise every
// message is written as an RFC 822 `.eml` file under DATA_DIR/outbox, where a
// developer can open it (the default on a fresh machine).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** A fixed Message-ID: a message sent again after a crash is the same message to mail providers. */
  messageId?: string | undefined;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written, for the outbox transport. */
  file?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        const info = await transporter.sendMail({ from: config.mailFrom, ...mail });
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(mail) {
      const info = await transporter.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
