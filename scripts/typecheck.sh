#!/usr/bin/env bash
# npm run typecheck (and part of npm test): three TypeScript programs, side by side, checked by
# TypeScript's native compiler (typescript-native, TypeScript 7: about a fifth of the CPU of the
# JavaScript compiler on these programs). Every server-side workspace shares one program
# (tsconfig.check.json: same compiler settings), so the packages they all import are checked
# once; the web app and the browser tests have their own settings (DOM, JSX, vite and vitest
# types). The `typescript` package (5.x) stays for typescript-eslint, whose type-aware rules read
# its JavaScript API.
set -uo pipefail
cd "$(dirname "$0")/.."
tsc() { node node_modules/typescript-native/bin/tsc --singleThreaded "$@"; }
jobs=()
tsc -p tsconfig.check.json & jobs+=($!)
tsc -p apps/web/tsconfig.json & jobs+=($!)
tsc -p e2e/tsconfig.json & jobs+=($!)
status=0
for job in "${jobs[@]}"; do wait "$job" || status=1; done
exit "$status"
