// The committed typed client matches the API: regenerating it changes nothing. When this
// fails, run `npm run generate:client` and commit the result.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { CLIENT_TYPES_FILE, generateClientTypes } from '../scripts/client-types.ts';

t.test('packages/client/src/generated/openapi.ts is generated from the current OpenAPI document', async (t) => {
  const committed = await readFile(CLIENT_TYPES_FILE, 'utf8');
  const fresh = await generateClientTypes();
  t.ok(committed === fresh, 'the committed client is current (else: npm run generate:client)');
});
