// Password rules and hashing. Argon2id at OWASP's recommended parameters
// (19 MiB memory, 2 iterations, 1 lane); @node-rs/argon2 defaults to Argon2id.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@castwright/core/errors';

const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A hash of a random password, verified against when an e-mail is unknown, so timing does not reveal it. */
const DECOY_HASH = hash(crypto.randomUUID(), ARGON2_OPTIONS);

/** Each unmet rule, in words a user can act on; empty when the password is acceptable. */
function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Password must be at least 8 characters long');
  if (!/[A-Z]/.test(password)) problems.push('Password must contain at least one uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('Password must contain at least one lowercase letter');
  if (!/[0-9]/.test(password)) problems.push('Password must contain at least one number');
  return problems;
}

/** Throws the spec's `Weak password` error, listing each unmet rule in `errors[]`. */
export function assertStrongPassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw new AppError('weakPassword', problems.join('; '), { extras: { errors: problems } });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies a password; with no stored hash it still spends the same work and returns false. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await verify(await DECOY_HASH, password);
    return false;
  }
  return verify(storedHash, password);
}
