#!/usr/bin/env bash
# npm run typecheck (and part of npm test): three TypeScript programs, side by side. Every
# server-side workspace shares one program (tsconfig.check.json: same compiler settings), so
# the packages they all import are checked once; the web app and the browser tests have their
# own settings (DOM, JSX, vite and vitest types).
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc -p tsconfig.check.json & server=$!
npx tsc -p apps/web/tsconfig.json & web=$!
npx tsc -p e2e/tsconfig.json & e2e=$!
status=0
for job in "$server" "$web" "$e2e"; do wait "$job" || status=1; done
exit "$status"
