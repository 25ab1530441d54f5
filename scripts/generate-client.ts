// `npm run generate:client`: writes the typed client's types (see client-types.ts).
import { writeFile } from 'node:fs/promises';
import { CLIENT_TYPES_FILE, generateClientTypes } from './client-types.ts';

await writeFile(CLIENT_TYPES_FILE, await generateClientTypes());
console.log(`wrote ${CLIENT_TYPES_FILE}`);
