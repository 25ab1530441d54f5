// The account e-mails. Links open the studio's pages (served by the api at PUBLIC_BASE_URL,
// never a request's Host), which complete the flow through the API's endpoints.
import type { OutgoingMail } from '@castwright/core/mail/mailer';
import { composeMail } from './compose-mail.ts';

export function passwordResetEmail(to: string, baseUrl: string, token: string): OutgoingMail {
  const link = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return composeMail(to, 'Reset your Castwright password', [
    'Someone asked to reset the password of your Castwright account. If it was you, open the link below within one hour to choose a new password. It works once.',
    `API clients: POST /api/auth/reset-password with {"token": "${token}", "password": "…"}.`,
    'If it was not you, ignore this message: your password stays as it is.',
  ], link);
}

export function verificationEmail(to: string, baseUrl: string, token: string): OutgoingMail {
  const link = `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return composeMail(to, 'Confirm your e-mail address for Castwright', [
    'Welcome to Castwright. Please confirm that this is your e-mail address by opening the link below within 24 hours.',
  ], link);
}
