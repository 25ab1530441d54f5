// The studio's errors in words: what a person reads for each kind of refusal the API gives.
import t from 'tap';
import { describeFailure, toStudioError } from '../src/api/errors.ts';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

t.test('a quota refusal says how much was used and links to the plans', async (t) => {
  const error = describeFailure(answer(429), {
    success: false, error: 'Monthly quota exceeded', message: 'You have used all episodes of your monthly quota',
    quota: { tier: 'free', limit: 3, used: 3, remaining: 0 }, upgrade: { message: 'Upgrade your plan for more episodes each month', url: '/api/billing/pricing' },
  });
  t.equal(error.message, 'You have used all episodes of your monthly quota. You have made 3 of 3 episodes this month on the free tier.');
  t.same(error.upgrade, { message: 'Upgrade your plan for more episodes each month', href: '/account#plans' }, 'a studio page, not the JSON pricing endpoint');
});

t.test('a rate-limit refusal says when to try again', async (t) => {
  t.match(describeFailure(answer(429, { 'retry-after': '2460' }), { error: 'Rate limit exceeded', message: 'Too many requests; try again later' }).message,
    /^Too many requests; try again later\. Try again in 41 minutes \(at \d{1,2}:\d{2}.*\)\.$/);
  t.equal(describeFailure(answer(429, { 'retry-after': '30' }), { message: 'Too many login attempts' }).message, 'Too many login attempts. Try again in 30 seconds.');
  t.equal(describeFailure(answer(429), { message: 'Slow down' }).message, 'Slow down. Try again later.');
});

t.test('each unmet rule once, never JSON; a tier refusal links to the plans', async (t) => {
  const weak = describeFailure(answer(400), {
    success: false, error: 'Weak password', message: 'Password must contain at least one uppercase letter; Password must contain at least one number',
    errors: ['Password must contain at least one uppercase letter', 'Password must contain at least one number'],
  });
  t.equal(weak.message, 'Weak password:');
  t.same(weak.details, ['Password must contain at least one uppercase letter', 'Password must contain at least one number']);
  const tier = describeFailure(answer(403), { error: 'Upgrade required', message: 'Briefings need the creator tier or higher' });
  t.match(tier, { message: 'Briefings need the creator tier or higher', upgrade: { href: '/account#plans' } });
  const bare = describeFailure(new Response(null, { status: 502, statusText: 'Bad Gateway' }), undefined);
  t.equal(bare.message, 'The server answered 502 Bad Gateway');
});

t.test('failures before any answer', async (t) => {
  t.equal(toStudioError(new TypeError('Failed to fetch')).message, 'Could not reach the server. Check your connection and try again.');
  t.equal(toStudioError(new DOMException('stop', 'AbortError')).message, 'Cancelled.');
});

t.test('a rule names its field as a person would, not by its place in the request body', async (t) => {
  const refused = describeFailure(answer(400), {
    success: false, error: 'Validation failed',
    message: 'body.sayAs must contain a letter or a digit; body.ipa has characters that are not IPA symbols Kokoro can say: "/" (U+002F)',
    errors: ['body.sayAs must contain a letter or a digit', 'body.ipa has characters that are not IPA symbols Kokoro can say: "/" (U+002F)'],
  });
  t.equal(refused.message, 'Validation failed:');
  t.same(refused.details, ['“say it as” must contain a letter or a digit', 'IPA has characters that are not IPA symbols Kokoro can say: "/" (U+002F)']);
  const one = describeFailure(answer(400), { error: 'Validation failed', message: 'body.voicePair must be one of: debate, interview', errors: ['body.voicePair must be one of: debate, interview'] });
  t.equal(one.message, 'voice pair must be one of: debate, interview', 'an unnamed field in words');
  t.same(one.details, [], 'said once');
  const clip = describeFailure(answer(400), { error: 'Validation failed', message: 'The clip is 2.0 s long', errors: ['file: The clip is 2.0 s long'] });
  t.same([clip.message, clip.details], ['The clip is 2.0 s long', []], 'a rule that only names the field of the message is said once');
  const tooLong = describeFailure(answer(403), {
    error: 'Duration not allowed', message: 'Episodes on the free tier may be up to 3 minutes long; 5 were asked for',
    tier: 'free', maxDurationMinutes: 3, upgrade: { message: 'Upgrade for longer episodes', url: '/api/billing/pricing' },
  });
  t.same(tooLong.upgrade, { message: 'Upgrade for longer episodes', href: '/account#plans' }, 'a length beyond the tier links to the plans');
});

t.test('a 409 naming what exists keeps its id for the page to offer; others carry none', async (t) => {
  const duplicate = describeFailure(answer(409), { error: 'Conflict', message: 'The lexicon already has an entry for "SQL"', existing: { id: 'pr_abc', term: 'SQL' } });
  t.equal(duplicate.existingId, 'pr_abc');
  t.equal(duplicate.message, 'The lexicon already has an entry for "SQL"');
  t.equal(describeFailure(answer(409), { error: 'Conflict', message: 'Busy' }).existingId, undefined);
  t.equal(describeFailure(answer(409), { existing: { id: 42 } }).existingId, undefined, 'only a string id');
});
