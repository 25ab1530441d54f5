// `npm run generate:docs`: writes docs/configuration.md (see configuration-docs.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIGURATION_DOCS_FILE, generateConfigurationDocs } from './configuration-docs.ts';

await writeFile(CONFIGURATION_DOCS_FILE, await generateConfigurationDocs());
console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_DOCS_FILE)}`);
