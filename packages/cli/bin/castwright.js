#!/usr/bin/env node
// Entry point of the `castwright` command. Plain JavaScript so that an old Node can read
// it: the program itself is TypeScript, run by Node's native type stripping (Node >= 22.18;
// Node 24 LTS recommended). On an older Node, modern-node.js runs it on a cached Node 24.
import { fileURLToPath } from 'node:url';
import { runOnModernNode } from './modern-node.js';

if (!(await runOnModernNode(fileURLToPath(import.meta.url), process.argv.slice(2)))) await import('../src/main.ts');
