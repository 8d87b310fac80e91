#!/usr/bin/env bash
# npm run lint (and part of npm test): the layer and type-aware rules (eslint), formatting
# (prettier), and import cycles, type-only imports included (dpdm: a cycle of types still ties
# two modules' designs together).
set -euo pipefail
cd "$(dirname "$0")/.."
# Type-aware rules hold a TypeScript program of all the server code (~3.3 GB at the peak): close
# to node's default heap.
NODE_OPTIONS="--max-old-space-size=8192 ${NODE_OPTIONS:-}" npx eslint . --max-warnings=0
npx prettier --check . --log-level=warn
npx dpdm --no-warning --no-tree --exit-code circular:1 --exclude 'node_modules|generated' \
  '{apps,packages}/*/{src,test}/**/*.{ts,tsx}' 'bench/**/*.ts' 'e2e/**/*.ts' 'scripts/**/*.ts' \
  >/tmp/tradebot-cycles.log \
  || { grep -A50 'Circular Dependencies' /tmp/tradebot-cycles.log >&2; echo 'Import cycles found (above).' >&2; exit 1; }
# Code, docs and READMEs speak of the product, not of its build history or the spec's sections
# (applied migrations keep their text: their checksums are recorded).
if git grep -nI --untracked -e 'Step [0-9]' -e '[Ss]pec §' -- . ':!**/prisma/migrations/**' ':!scripts/lint.sh'; then
  echo 'Build-history words above ("Step N", "spec §"): say what the code does for the product.' >&2
  exit 1
fi
