// Progress notifications cross a trust boundary (anything with database access can NOTIFY):
// only well-formed events reach the streams.
import t from 'tap';
import { parseProgressEvent } from '@castwright/core/progress';
import { SchemaError } from '@castwright/core/validation';

t.test('a well-formed event parses to itself', async (t) => {
  const event = { id: 'ep_1', status: 'generating_audio', progressPercent: 75, at: 1_700_000_000_000 };
  t.same(parseProgressEvent(JSON.stringify(event)), event);
});

t.test('malformed events are refused, naming what is wrong', async (t) => {
  const bad = [
    [{ id: 'ep_1', status: 'dancing', progressPercent: 75, at: 1 }, /status/],
    [{ id: 'ep_1', status: 'ready', progressPercent: 101, at: 1 }, /progressPercent/],
    [{ id: 'ep_1', status: 'ready', progressPercent: 100 }, /at/],
    ['a string', /value/],
  ] as const;
  for (const [payload, problem] of bad) {
    const error = (() => {
      try {
        parseProgressEvent(JSON.stringify(payload));
      } catch (thrown) {
        return thrown;
      }
    })();
    t.type(error, SchemaError, `refused: ${JSON.stringify(payload)}`);
    t.match((error as Error).message, problem);
  }
  t.throws(() => parseProgressEvent('{not json'), SyntaxError);
});
