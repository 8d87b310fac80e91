#!/usr/bin/env bash
# npm start: install, generate, migrate, build, then serve web + API + websocket on :3000
# with the worker beside it. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
npm run migrate -w @tradebot/db --silent
echo "Building the web app, the API and the worker..."
npm run build -w @tradebot/web --silent
node scripts/build-server.mjs

pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap stop EXIT INT TERM
(cd apps/worker && exec node --enable-source-maps dist/main.js) & pids+=($!)
(cd apps/api && exec node --enable-source-maps dist/main.js) & pids+=($!)
echo "Tradebot is starting at http://localhost:${PORT:-3000} (Ctrl-C to stop)."
wait -n "${pids[@]}"
