// Lint rule castwright/graphile-worker-schema: SQL that names graphile-worker's schema
// (`graphile_worker.…`: its private tables, its view, its functions) is written in one
// module only, packages/core/src/db/graphile-worker-schema.ts, which lists what it relies
// on for the contract test. A string or template anywhere else that names the schema is
// reported.
const NAMES_THE_SCHEMA = /\bgraphile_worker\./;

export const graphileWorkerSchema = {
  meta: {
    type: 'problem',
    docs: { description: "graphile-worker's schema is named in SQL only by packages/core/src/db/graphile-worker-schema.ts." },
    schema: [],
    messages: {
      schema:
        "SQL naming graphile-worker's schema belongs in packages/core/src/db/graphile-worker-schema.ts (add what you use to GRAPHILE_WORKER_CONTRACT there, so an upgrade that changes it fails the contract test): call one of its fragments instead.",
    },
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && NAMES_THE_SCHEMA.test(text)) context.report({ node, messageId: 'schema' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
    };
  },
};
