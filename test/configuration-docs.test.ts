// docs/configuration.md is generated from the configuration schema and its template:
// regenerating it changes nothing, every variable has a description and a table, and the
// check itself finds a variable without either. When this fails, describe the variable in
// EnvSchema (packages/core/src/config-schema.ts), place it in scripts/configuration-docs.template.md,
// run `npm run generate:docs` and commit the result.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import {
  CONFIGURATION_DOCS_FILE, configurationProblems, generateConfigurationDocs, readConfigurationTemplate,
  renderConfigurationDocs, schemaVariables,
} from '../scripts/configuration-docs.ts';

t.test('docs/configuration.md is generated from the current schema and template', async (t) => {
  const committed = await readFile(CONFIGURATION_DOCS_FILE, 'utf8');
  t.ok(committed === await generateConfigurationDocs(), 'the committed page is current (else: npm run generate:docs)');
});

t.test('every variable of the schema has a description and exactly one table', async (t) => {
  const variables = schemaVariables();
  t.ok(Object.keys(variables).length >= 50, `${Object.keys(variables).length} variables read`);
  t.same(configurationProblems(variables, await readConfigurationTemplate()), []);
});

t.test('a table row shows the default, the allowed values and the description', async (t) => {
  const page = await readFile(CONFIGURATION_DOCS_FILE, 'utf8');
  t.match(page, /^\| `PORT` \| `8443` \| integer 0–65,535 \| TCP port .+ \|$/m);
  t.match(page, /^\| `LOG_FORMAT` \| unset \| `json`, `pretty` \| .+ \|$/m);
  t.match(page, /^\| `WORKER_DEAD_AFTER_MS` \| `30000` \| integer 1000–3,600,000 \| Milliseconds .+ \|$/m);
  t.match(page, /^\| `CORS_ORIGINS` \| unset \| matches `\^\(\\\*\\\|https/m, 'a pipe inside a cell is escaped');
  t.notMatch(page, /<!-- variables:/, 'every table marker was replaced');
});

t.test('the check finds a variable without a description, one in no table and a table naming no variable', async (t) => {
  const variables = { DESCRIBED: { type: 'string', description: 'Set.' }, UNDESCRIBED: { type: 'integer', default: 1 }, BLANK: { type: 'string', description: '  ' } };
  const template = '# Title\n\n<!-- variables: DESCRIBED BLANK DESCRIBED MISSING -->\n';
  const problems = configurationProblems(variables, template);
  t.same(problems.map((problem) => problem.split(' ').slice(0, 4).join(' ')).sort(), [
    'BLANK has no description',
    'DESCRIBED is in 2',
    'MISSING is in a',
    'UNDESCRIBED has no description',
    'UNDESCRIBED is in no',
  ]);
  t.throws(() => renderConfigurationDocs(variables, template), /UNDESCRIBED has no description/);
});
