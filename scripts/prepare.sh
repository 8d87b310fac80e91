#!/usr/bin/env bash
# Shared set-up for `npm start` and `npm test`: node check, install, services, Prisma client.
set -euo pipefail
cd "$(dirname "$0")/.."

required="20.19.0"
current="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
if [ "$(printf '%s\n%s\n' "$required" "$current" | sort -V | head -n 1)" != "$required" ]; then
  echo "Node.js $required or newer is needed (found $current). Install it from your package manager or nodejs.org." >&2
  exit 1
fi

# A fresh clone installs exactly the lockfile (npm ci: no resolution, about 20 % less CPU); a
# checkout whose lockfile changed since updates what it has.
if [ ! -d node_modules ]; then
  echo "Installing dependencies..."
  npm ci --no-audit --no-fund --loglevel=error
elif [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Updating dependencies..."
  npm install --no-audit --no-fund --loglevel=error
fi
bash scripts/services.sh "$@"
npm run generate -w @tradebot/db --silent
