// If-Match against a content ETag: absent or `*` goes ahead, a current tag goes ahead,
// anything else (a stale tag, a weak tag) is 412 in the spec's error format.
import t from 'tap';
import type { AppError } from '@castwright/core/errors';
import { contentEtag, requireIfMatch } from '../src/http/preconditions.ts';

t.test('a content ETag is strong, quoted and follows the content', async (t) => {
  const tag = contentEtag('one');
  t.match(tag, /^"[A-Za-z0-9_-]{32}"$/);
  t.equal(contentEtag('one'), tag);
  t.not(contentEtag('two'), tag);
});

t.test('If-Match: absent, *, or one of the listed tags goes ahead; others are 412', async (t) => {
  const current = contentEtag('now');
  t.doesNotThrow(() => requireIfMatch(undefined, current, 'script'));
  t.doesNotThrow(() => requireIfMatch('*', current, 'script'));
  t.doesNotThrow(() => requireIfMatch(`"old", ${current}`, current, 'script'));
  for (const stale of [contentEtag('before'), `W/${current}`, '', 'garbage']) {
    const error = t.throws(() => requireIfMatch(stale, current, 'playlist')) as AppError;
    t.equal(error.status, 412, `refused: ${JSON.stringify(stale)}`);
    t.same(error.toBody(), { success: false, error: 'Precondition failed', message: error.message });
    t.match(error.message, /playlist changed since you read it/);
  }
});
