// Access tokens: what verifies, and that remembering verified tokens never outlives them.
import t from 'tap';
import { AccessTokens, ACCESS_TOKEN_SECONDS } from '@castwright/api/auth/access-tokens';
import { until } from '#test-helpers/until';

const tokens = new AccessTokens('a-test-secret-that-is-long-enough-0123456789');

t.test('a token verifies, again from memory, and a tampered one never does', async (t) => {
  const token = await tokens.issue('00000000-0000-4000-8000-000000000001', 'rf_test');
  t.same(await tokens.verify(token), { userId: '00000000-0000-4000-8000-000000000001', sessionId: 'rf_test' });
  t.same(await tokens.verify(token), { userId: '00000000-0000-4000-8000-000000000001', sessionId: 'rf_test' }, 'the second time too');
  const [header, payload, signature] = token.split('.');
  t.equal(await tokens.verify(`${header}.${payload}.${signature?.slice(0, -2)}AA`), null);
  t.equal(await new AccessTokens('another-secret-that-is-long-enough-0123456789').verify(token), null);
});

t.test('a remembered token stops verifying when it expires', async (t) => {
  // Issued long enough ago that it has a few seconds left: valid at once, on any machine.
  const token = await tokens.issue('00000000-0000-4000-8000-000000000002', 'rf_test', Date.now() - (ACCESS_TOKEN_SECONDS - 5) * 1000);
  t.ok(await tokens.verify(token), 'valid now, and remembered');
  // Waits for the expiry itself, however long the machine took to get here.
  await until('the token to expire', async () => (await tokens.verify(token)) === null, 30_000, 250);
  t.equal(await tokens.verify(token), null, 'expired: refused, although it was remembered');
});
