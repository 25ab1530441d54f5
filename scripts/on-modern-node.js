// Runs a TypeScript script (`node scripts/on-modern-node.js scripts/run-tests.ts …`) on a
// Node that strips types: this one when it is new enough, else a cached Node 24 from the
// npm registry (see packages/cli/bin/modern-node.js). Plain JavaScript for old Nodes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runOnModernNode } from '../packages/cli/bin/modern-node.js';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/on-modern-node.js <script.ts> [arguments…]');
  process.exit(2);
}
if (!(await runOnModernNode(script, args))) {
  // The script sees the command line it would have had if started directly.
  process.argv.splice(1, 2, path.resolve(script));
  await import(pathToFileURL(path.resolve(script)).href);
}
