// E-mail addresses are stored and compared lower-cased and trimmed.

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
