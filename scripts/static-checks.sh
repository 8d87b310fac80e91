#!/usr/bin/env bash
# npm run lint and npm run typecheck together, as npm test runs them beside the tests.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
bash scripts/typecheck.sh || status=1
bash scripts/lint.sh || status=1
exit "$status"
