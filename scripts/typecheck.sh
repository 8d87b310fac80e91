#!/usr/bin/env bash
# npm run typecheck (and part of npm test): three TypeScript programs, side by side. Every
# server-side workspace shares one program (tsconfig.check.json: same compiler settings), so
# the packages they all import are checked once; the web app and the browser tests have their
# own settings (DOM, JSX, vite and vitest types).
set -uo pipefail
cd "$(dirname "$0")/.."
# With --without-server, the server program is left to check-server-code.mjs (static-checks.sh).
jobs=()
if [ "${1:-}" != --without-server ]; then
  npx tsc -p tsconfig.check.json & jobs+=($!)
fi
npx tsc -p apps/web/tsconfig.json & jobs+=($!)
npx tsc -p e2e/tsconfig.json & jobs+=($!)
status=0
for job in "${jobs[@]}"; do wait "$job" || status=1; done
exit "$status"
