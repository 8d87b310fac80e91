#!/usr/bin/env bash
# npm test: lint, type-check, then unit, integration (real PostgreSQL + Redis) and browser
# (Debian Chromium) tests with vitest. The last line is the runner's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh --chromium
echo "Lint (layers, cycles, formatting)..."
bash scripts/lint.sh
echo "Type-check..."
TURBO_TELEMETRY_DISABLED=1 npx turbo run typecheck --output-logs=errors-only
npx tsc -p e2e/tsconfig.json
echo "Building the web app for the browser tests..."
npm run build -w @tradebot/web --silent
npx vitest run "$@"
