#!/usr/bin/env bash
# npm run lint and npm run typecheck together, as npm test runs them: the server code's
# type-check and eslint share one TypeScript program (check-server-code.mjs), then the rest of
# each (formatting, import cycles, build-history words; the web app's and browser tests' types).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_OPTIONS="--max-old-space-size=8192 ${NODE_OPTIONS:-}" node scripts/check-server-code.mjs
bash scripts/lint.sh --without-eslint
bash scripts/typecheck.sh --without-server
