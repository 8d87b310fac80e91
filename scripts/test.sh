#!/usr/bin/env bash
# npm test: unit, integration (real PostgreSQL + Redis) and browser (Debian Chromium) tests with
# vitest, several files at a time (vitest.config.ts), while lint and the type-check run beside
# them. The last line is the runner's summary; the slowest files are listed above it.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh --chromium || exit 1
mkdir -p .data
echo "Building the web app for the browser tests..."
npm run build -w @tradebot/web --silent || exit 1
echo "Lint and type-check run beside the tests (their output follows the tests')..."
bash scripts/static-checks.sh >.data/static-checks.log 2>&1 &
checks=$!
npx vitest run "$@" 2>&1 | tee .data/test-run.log
tests=${PIPESTATUS[0]}
checked=0
if wait "$checks"; then
  echo "Lint and type-check: passed."
else
  checked=1
  cat .data/static-checks.log
  echo "Lint and type-check: FAILED (above)."
fi
# The runner's count again, as the last line (servers stopping may have printed after it).
grep '^tests: ' .data/test-run.log | tail -n 1
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
