#!/usr/bin/env node
// Entry point of the `castwright` command. Plain JavaScript so that an old Node gets a
// clear message instead of a syntax error: the program itself is TypeScript, run by
// Node's native type stripping (Node >= 22.18; Node 24 LTS recommended).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`castwright needs Node.js 22.18 or newer (Node 24 LTS recommended); this is ${process.version}.`);
  console.error('See the README, "Requirements", for a one-line way to get Node 24 from the npm registry.');
  process.exit(1);
}
await import('../src/main.ts');
