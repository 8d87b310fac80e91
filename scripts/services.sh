#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer (and, with --chromium, that Chromium is installed).
# Starts a local server when one is installed; otherwise stops with the exact fix.
set -euo pipefail

PG_HOST=${PG_HOST:-127.0.0.1}; PG_PORT=${PG_PORT:-5432}
REDIS_HOST=${REDIS_HOST:-127.0.0.1}; REDIS_PORT=${REDIS_PORT:-6379}

answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
wait_for() { for _ in $(seq 1 30); do answers "$1" "$2" && return 0; sleep 1; done; return 1; }
fail() { printf '\n\033[31m%s\033[0m\n\n' "$1" >&2; exit 1; }

if ! answers "$PG_HOST" "$PG_PORT"; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "Starting the local PostgreSQL server..."
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    echo "Starting PostgreSQL and Redis with docker compose..."
    docker compose up -d postgres redis
  fi
  wait_for "$PG_HOST" "$PG_PORT" || fail "PostgreSQL is not reachable at $PG_HOST:$PG_PORT.
Fix: run 'docker compose up -d' in this folder (PostgreSQL 16 + Redis 7 from docker-compose.yml),
or install PostgreSQL: 'sudo apt-get install -y postgresql' (Debian/Ubuntu) or 'brew install postgresql@16 && brew services start postgresql@16' (macOS),
then set DATABASE_URL if it does not listen on 127.0.0.1:5432 as user postgres."
fi

if ! answers "$REDIS_HOST" "$REDIS_PORT"; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "Starting the local Redis server..."
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
      --dir "$( [ -w /var/lib/redis ] && echo /var/lib/redis || echo /tmp )" \
      --logfile "$( [ -w /var/log/redis ] && echo /var/log/redis/ci.log || echo /tmp/redis.log )"
  elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    docker compose up -d redis
  fi
  wait_for "$REDIS_HOST" "$REDIS_PORT" || fail "Redis is not reachable at $REDIS_HOST:$REDIS_PORT.
Fix: run 'docker compose up -d' in this folder, or install Redis: 'sudo apt-get install -y redis-server' (Debian/Ubuntu)
or 'brew install redis && brew services start redis' (macOS), then set REDIS_URL if it is elsewhere."
fi

# The browser tests run Debian's headless shell of Chromium: the same engine without the
# browser's own interface, whose processes the tests do not need.
if [ "${1:-}" = "--chromium" ] && [ -z "${CHROMIUM_PATH:-}" ] && ! [ -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium's headless shell for the browser tests (Debian package)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell) >/tmp/chromium-install.log 2>&1 \
      || fail "Installing Chromium failed (see /tmp/chromium-install.log). Fix: 'sudo apt-get install -y chromium-headless-shell', or set CHROMIUM_PATH to a Chromium/Chrome binary."
  else
    fail "The browser tests need Chromium. Fix: 'sudo apt-get install -y chromium-headless-shell' (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium/Chrome binary."
  fi
fi
echo "PostgreSQL ($PG_HOST:$PG_PORT) and Redis ($REDIS_HOST:$REDIS_PORT) answer."
