// A real SMTP server on loopback (smtp-server, from the nodemailer project) that keeps
// every message it receives, parsed with mailparser, for tests of outgoing e-mail.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
}

export async function startSmtpSink(t: TestContext): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(predicate, timeoutMs = 30_000) {
      return until('a matching e-mail', () => messages.find(predicate), timeoutMs, 50);
    },
  };
}

/** The token in a Castwright e-mail's link. */
export function tokenFrom(mail: ParsedMail): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('no token in the e-mail');
  return match[1];
}
