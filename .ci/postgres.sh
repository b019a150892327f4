#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests (SPEC §3.13): the distribution's package, installed with
# apt-get only when no PostgreSQL 15+ binaries are found; a cluster initdb'd in a new temporary
# folder, started on 127.0.0.1 on a free port, stopped and removed at the end. It is not a server
# to keep data in: fsync, synchronous_commit and full_page_writes are off (a crash of the machine
# may lose it, which a test cluster can afford), and there is no Unix socket, only loopback TCP.
#
#   bash .ci/postgres.sh install              the binaries' folder (installs them when missing)
#   bash .ci/postgres.sh start [--watch PID]  starts a cluster; prints, one per line,
#                                             SLUICE_PG_DIR=<folder> (what `stop` takes),
#                                             SLUICE_PG_URL=<superuser URL to the postgres database>,
#                                             SLUICE_PG_APP_URL=<URL of the role `sluice`, no database>
#                                             With --watch, a watchdog stops the cluster once PID exits.
#   bash .ci/postgres.sh stop DIR             stops that cluster and removes its folder
#
# Users: initdb refuses to run as root, so when this runs as root the cluster's folder is handed to
# the `postgres` user (made by the package) and every server-side binary runs through `runuser -u
# postgres`; as any other user, the cluster is that user's. Inside, two roles with one random
# password (scram-sha-256 over TCP): the superuser `postgres` (creates a database per test server)
# and `sluice`, an ordinary role that owns those databases, so migrations are proved to need no
# superuser rights. The locale is C and the encoding UTF-8 (text compares byte-wise, as SQLite's).
set -euo pipefail
SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

die() { echo "postgres.sh: $*" >&2; exit 1; }

# The newest PostgreSQL 15+ binaries: Debian's /usr/lib/postgresql/N/bin, else initdb on PATH.
find_bin() {
  local d best='' best_v=0 v
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] || continue
    v=${d#/usr/lib/postgresql/}; v=${v%%/*}
    [[ $v =~ ^[0-9]+$ ]] && [ "$v" -ge 15 ] && [ "$v" -gt "$best_v" ] && best=$d best_v=$v
  done
  if [ -z "$best" ] && command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    d=$(dirname "$(command -v initdb)")
    v=$("$d/initdb" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')
    [[ $v =~ ^[0-9]+$ ]] && [ "$v" -ge 15 ] && best=$d
  fi
  echo "$best"
}

install_pg() {
  local bin
  bin=$(find_bin)
  if [ -z "$bin" ]; then
    local sudo=''
    [ "$(id -u)" = 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    echo "postgres.sh: installing PostgreSQL from the distribution's packages" >&2
    $sudo apt-get install -y -qq postgresql >/dev/null 2>&1 \
      || { $sudo apt-get update -qq && $sudo apt-get install -y -qq postgresql >/dev/null; } \
      || die "apt-get install postgresql failed"
    bin=$(find_bin)
    [ -n "$bin" ] || die "PostgreSQL 15 or later is still not found after apt-get install postgresql"
  fi
  echo "$bin"
}

# Runs a server-side binary as the cluster's owner (the postgres user when we are root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

start() {
  local watch=''
  if [ "${1:-}" = --watch ]; then watch=${2:?--watch takes a process id}; fi
  local bin dir pw port tries=0 started=''
  bin=$(install_pg)
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres || die "no postgres user to run the cluster as"
  fi
  dir=$(mktemp -d "${TMPDIR:-/tmp}/sluice-pg.XXXXXX")
  touch "$dir/.sluice-pg"   # what `stop` checks before it removes a folder
  pw=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  (umask 077 && printf '%s\n' "$pw" >"$dir/pwfile")
  [ "$(id -u)" = 0 ] && chown -R postgres: "$dir"
  cd "$dir"   # the postgres user may not be allowed into the caller's folder
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pwfile" --auth=scram-sha-256 \
    -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; rm -rf "$dir"; die "initdb failed"; }
  rm -f "$dir/pwfile"
  cat >>"$dir/data/postgresql.conf" <<'CONF'
# A test cluster (.ci/postgres.sh): loopback only, no Unix socket, durability off for speed.
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 300
CONF
  # The port is free when picked and may be taken before postgres binds it: try another then.
  while [ $tries -lt 5 ] && [ -z "$started" ]; do
    tries=$((tries + 1))
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -o "-p $port" -w -t 60 start >/dev/null 2>&1; then started=1; fi
  done
  if [ -z "$started" ]; then
    tail -20 "$dir/postgres.log" >&2 || true
    rm -rf "$dir"
    die "the cluster did not start"
  fi
  echo "$port" >"$dir/port"
  PGPASSWORD=$pw "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE sluice LOGIN PASSWORD '$pw'" >/dev/null || { stop "$dir"; die "could not create the role sluice"; }
  if [ -n "$watch" ]; then
    # Stops the cluster when the watched process is gone (killed, crashed) and nobody called stop.
    nohup bash -c 'while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done; [ -d "$2" ] && bash "$3" stop "$2"' \
      watchdog "$watch" "$dir" "$SELF" >/dev/null 2>&1 </dev/null &
  fi
  echo "SLUICE_PG_DIR=$dir"
  echo "SLUICE_PG_URL=postgres://postgres:$pw@127.0.0.1:$port/postgres"
  echo "SLUICE_PG_APP_URL=postgres://sluice:$pw@127.0.0.1:$port/"
}

stop() {
  local dir=${1:?stop takes the folder that start printed}
  [ -d "$dir" ] || return 0
  [ -e "$dir/.sluice-pg" ] || die "$dir is not a cluster folder of this script; not removing it"
  local bin
  bin=$(find_bin)
  if [ -f "$dir/data/postmaster.pid" ]; then
    # immediate: no shutdown checkpoint, the folder is removed next anyway.
    (cd "$dir" && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1) || {
      local pid
      pid=$(head -1 "$dir/data/postmaster.pid" 2>/dev/null || true)
      [ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null || true
      sleep 1
    }
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  install) install_pg ;;
  start) shift; start "$@" ;;
  stop) stop "${2:-}" ;;
  *) die "usage: postgres.sh install | start [--watch PID] | stop DIR" ;;
esac
