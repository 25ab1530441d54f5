// Lint rule castwright/package-surface: code in one package imports another package only
// through its public surface, the modules its package.json `exports` names. Every package
// also maps `./*` under the `castwright-internals` condition, which only tests and tooling
// run with (tap's node-arg, the npm scripts), so a package's own tests can still import
// its internals by name; production runs without it and Node refuses those imports too.
// This rule says so at lint time, with the module's name, in the file that does it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.dirname(import.meta.dirname);
const SCOPE = '@castwright/';
/** The conditions production resolves with; a target reached only under others is private. */
const PUBLIC_CONDITIONS = new Set(['default', 'import', 'node', 'types']);

const manifests = new Map();
/** The package.json of workspace package `name` (`@castwright/core` → packages/core), or undefined. */
function manifest(name) {
  if (!manifests.has(name)) {
    let found;
    try {
      found = JSON.parse(readFileSync(path.join(ROOT, 'packages', name.slice(SCOPE.length), 'package.json'), 'utf8'));
    } catch {
      found = undefined;
    }
    manifests.set(name, found?.name === name ? found : undefined);
  }
  return manifests.get(name);
}

/** Node's choice among `exports` keys for a subpath: the exact key, else the pattern with the longest prefix. */
export function matchExport(exports, subpath) {
  if (typeof exports !== 'object' || exports === null) return undefined;
  if (Object.hasOwn(exports, subpath) && !subpath.includes('*')) return exports[subpath];
  let best;
  for (const key of Object.keys(exports)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length < key.length - 1 || !subpath.startsWith(prefix) || !subpath.endsWith(suffix)) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, target: exports[key] };
  }
  return best?.target;
}

/** Whether a target resolves without the internals condition. */
function isPublic(target) {
  if (typeof target === 'string') return true;
  if (Array.isArray(target)) return target.some(isPublic);
  if (typeof target !== 'object' || target === null) return false;
  return Object.entries(target).some(([condition, value]) => PUBLIC_CONDITIONS.has(condition) && isPublic(value));
}

/** The package a file belongs to (`packages/api/src/x.ts` → `@castwright/api`), or undefined outside packages/. */
function ownerOf(filename) {
  const [top, name] = path.relative(ROOT, filename).split(path.sep);
  return top === 'packages' && name ? `${SCOPE}${name}` : undefined;
}

export const packageSurface = {
  meta: {
    type: 'problem',
    docs: { description: "Another package's modules are imported only through its public surface (its package.json `exports`)." },
    schema: [],
    messages: {
      private:
        "'{{specifier}}' is private to {{pkg}}: its package.json `exports` does not make it public. Import one of its public modules, or, if other packages truly need this one, add it to {{pkg}}'s `exports`.",
    },
  },
  create(context) {
    const owner = ownerOf(context.filename);
    const check = (source) => {
      const specifier = source?.type === 'Literal' ? source.value : source?.type === 'TSLiteralType' ? source.literal.value : undefined;
      if (typeof specifier !== 'string' || !specifier.startsWith(SCOPE)) return;
      const [, scopedName, ...rest] = specifier.split('/');
      const pkg = `@castwright/${scopedName}`;
      if (pkg === owner) return; // a package's own modules, its tests included
      const target = manifest(pkg);
      if (!target) return; // not a workspace package (or not one whose surface we know)
      const subpath = rest.length === 0 ? '.' : `./${rest.join('/')}`;
      if (!isPublic(matchExport(target.exports, subpath))) context.report({ node: source, messageId: 'private', data: { specifier, pkg } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument),
    };
  },
};
