#!/usr/bin/env bash
# Set-up step of `npm test`: a PostgreSQL the API tests can reach, trusting local connections, with a
# database `test`.
#
#   scripts/setup/postgres.sh ensure
#       TEST_DATABASE_URL set: only checks that it answers (nothing is started or installed for it).
#       Otherwise, for 127.0.0.1:PORT (PORT = TEST_POSTGRES_PORT, default 5432), the first that works:
#        1. it answers: make sure database `test` exists;
#        2. this machine has a cluster configured on PORT (pg_lsclusters): let pg_hba.conf trust
#           127.0.0.1 and ::1, start it with pg_ctlcluster (root or the cluster's owner);
#           PostgreSQL not installed at all: install `postgresql` from Debian's packages (root) first;
#        3. a throwaway cluster of the installed binaries: initdb -A trust into /tmp/linkloom-pg-*,
#           on a free port, as the postgres user when root (postgres refuses to run as root).
#       Prints `env: TEST_DATABASE_URL=…` (and `env: LINKLOOM_PG_THROWAWAY=DIR` for step 3, which
#       the caller hands to `stop` when the run ends). Throwaway clusters whose run died are swept.
#   scripts/setup/postgres.sh stop DIR
#       Stops a throwaway cluster made by `ensure` and removes its directory.
#
# See scripts/setup/lib.sh for the output protocol.
set -euo pipefail
SETUP_NAME=postgres.sh
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PORT=${TEST_POSTGRES_PORT:-5432}
OWNER_PID=${LINKLOOM_SETUP_OWNER_PID:-$PPID}
HOW_ELSE="point TEST_DATABASE_URL at a PostgreSQL with trust auth, or skip the PostgreSQL half of the API tests on purpose with SKIP_POSTGRES=1"

# Newest installed server binaries (Debian: /usr/lib/postgresql/<version>/bin).
pg_bin() {
  local dir found=""
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
    [ -x "$dir/postgres" ] && [ -x "$dir/initdb" ] && found=$dir
  done
  echo "$found"
}

BIN=""
PSQL=$(command -v psql || true)
PG_ISREADY=$(command -v pg_isready || true)
use_binaries() {
  BIN=$(pg_bin)
  if [ -n "$BIN" ]; then PSQL=$BIN/psql; PG_ISREADY=$BIN/pg_isready; fi
}
use_binaries

answers() { [ -n "$PG_ISREADY" ] && "$PG_ISREADY" -h 127.0.0.1 -p "$1" -q -t 3 >/dev/null 2>&1; }
wait_answers() {
  local i
  for i in $(seq 1 60); do answers "$1" && return 0; sleep 0.5; done
  return 1
}
sql() { "$PSQL" -X -q -w -h 127.0.0.1 -p "$1" -U postgres -d postgres -tAc "$2" 2>&1; }

# Makes sure database `test` exists on 127.0.0.1:$1; on failure leaves the reason in $REASON.
REASON=""
ensure_test_database() {
  local out
  if ! out=$(sql "$1" "SELECT 1 FROM pg_database WHERE datname = 'test'"); then REASON=$(echo "$out" | head -n 2 | tr '\n' ' '); return 1; fi
  [ "$out" = 1 ] && return 0
  note "creating database test on 127.0.0.1:$1"
  # A parallel run may create it between the check and here.
  out=$(sql "$1" 'CREATE DATABASE test') || [ "$(sql "$1" "SELECT 1 FROM pg_database WHERE datname = 'test'")" = 1 ] \
    || { REASON=$(echo "$out" | head -n 2 | tr '\n' ' '); return 1; }
}

url_for() { echo "postgres://postgres@127.0.0.1:$1/test"; }

# "<version> <name> <owner>" of this machine's cluster configured on port $1, if any.
cluster_on_port() {
  command -v pg_lsclusters >/dev/null 2>&1 || return 0
  pg_lsclusters -h 2>/dev/null | awk -v port="$1" '$3 == port { print $1, $2, $5; exit }'
}

# Lets a cluster's pg_hba.conf trust TCP connections from 127.0.0.1 and ::1 (test machines only).
trust_local_connections() {
  local conf=/etc/postgresql/$1/$2/pg_hba.conf
  [ -w "$conf" ] || return 0
  grep -Eq '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust\s*$' "$conf" && return 0
  note "letting $conf trust connections from 127.0.0.1 and ::1"
  sed -i -E 's#^(host\s+all\s+all\s+(127\.0\.0\.1/32|::1/128)\s+)\S+\s*$#\1trust#' "$conf"
  grep -Eq '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust\s*$' "$conf" || sed -i '1i host all all 127.0.0.1/32 trust' "$conf"
  return 1 # changed: a running cluster must reload
}

ready() {
  export_env TEST_DATABASE_URL "$(url_for "$1")"
  result "$2"
}

# --- throwaway clusters --------------------------------------------------------------------------

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

run_as() { # user command...
  local user=$1; shift
  if [ "$user" = "$(id -un)" ]; then "$@"; else runuser -u "$user" -- "$@"; fi
}

stop_throwaway() {
  local dir=$1 user
  case "$dir" in /tmp/linkloom-pg-*) ;; *) die "$dir is not a throwaway cluster of ours" ;; esac
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ]; then
    user=$(stat -c %U "$dir/data")
    run_as "$user" "$BIN/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 || note "could not stop the cluster in $dir"
  fi
  rm -rf "$dir"
}

sweep_stale_throwaways() {
  local dir owner
  for dir in /tmp/linkloom-pg-*; do
    [ -d "$dir" ] || continue
    # Only root may stop another user's cluster; a run still alive keeps its own.
    is_root || [ -O "$dir" ] || continue
    owner=$(cat "$dir/owner.pid" 2>/dev/null || true)
    [ -n "$owner" ] && [ -d "/proc/$owner" ] && continue
    note "removing the throwaway cluster of a run that ended without stopping it ($dir)"
    stop_throwaway "$dir"
  done
}

start_throwaway() { # why
  local why=$1 user dir port attempt version
  version=$("$BIN/postgres" --version | awk '{ print $3 }')
  user=$(id -un)
  if is_root; then
    user=postgres
    getent passwd postgres >/dev/null || user=nobody
  fi
  dir=$(mktemp -d /tmp/linkloom-pg-XXXXXX)
  echo "$OWNER_PID" >"$dir/owner.pid"
  chown "$user" "$dir"
  note "$why: starting a throwaway cluster of PostgreSQL $version's binaries in $dir as $user"
  run_as "$user" "$BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync --no-instructions >"$dir/initdb.log" 2>&1 \
    || { local log; log=$(tail -n 3 "$dir/initdb.log" | tr '\n' ' '); rm -rf "$dir"; die "initdb failed: $log"; }
  for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 30000))
    port_in_use "$port" && continue
    # fsync off: the data lives only as long as the test run.
    if run_as "$user" "$BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >>"$dir/pg_ctl.log" 2>&1 && wait_answers "$port"; then
      ensure_test_database "$port" || { stop_throwaway "$dir"; die "the throwaway cluster answers but: $REASON"; }
      export_env LINKLOOM_PG_THROWAWAY "$dir"
      ready "$port" "throwaway cluster of PostgreSQL $version's binaries on 127.0.0.1:$port ($why)"
      return 0
    fi
    run_as "$user" "$BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  done
  local log; log=$(tail -n 3 "$dir/postgres.log" 2>/dev/null | tr '\n' ' ')
  rm -rf "$dir"
  die "the throwaway cluster did not start: $log"
}

# --- ensure --------------------------------------------------------------------------------------

# A server answers on the port: database `test` on it, after letting this machine's own cluster trust
# local connections when it refuses them (root).
use_answering() { # prefix of the result
  if ensure_test_database "$PORT"; then ready "$PORT" "${1}answers on 127.0.0.1:$PORT"; return 0; fi
  local cluster
  cluster=$(cluster_on_port "$PORT")
  if [ -n "$cluster" ] && is_root; then
    set -- "$1" $cluster
    if ! trust_local_connections "$2" "$3"; then
      pg_ctlcluster --skip-systemctl-redirect "$2" "$3" reload >/dev/null 2>&1 || true
      sleep 1
      if ensure_test_database "$PORT"; then ready "$PORT" "${1}answers on 127.0.0.1:$PORT (its pg_hba.conf now trusts local connections)"; return 0; fi
    fi
  fi
  die "PostgreSQL on 127.0.0.1:$PORT answers but refuses the tests: $REASON. Let its pg_hba.conf trust host 127.0.0.1 (npm test does this as root for this machine's own clusters), or $HOW_ELSE"
}

cmd_ensure() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    local shown out
    shown=$(echo "$TEST_DATABASE_URL" | sed -E 's#//([^:/@]*):[^@]*@#//\1:***@#')
    [ -n "$PSQL" ] || die "psql is missing to check TEST_DATABASE_URL: run 'apt-get install postgresql-client' as root"
    out=$("$PSQL" -X -q -w "$TEST_DATABASE_URL" -tAc 'SELECT 1' 2>&1) \
      || die "TEST_DATABASE_URL=$shown does not answer ($(echo "$out" | head -n 1)): unset it to let npm test set up a local PostgreSQL, or fix it"
    result "TEST_DATABASE_URL answers ($shown)"
    return 0
  fi

  sweep_stale_throwaways

  # 1. Something answers on the port.
  if answers "$PORT"; then use_answering ""; return 0; fi

  # 2. This machine's cluster on the port, installing PostgreSQL first when there is none at all.
  local installed=""
  if [ -z "$BIN" ]; then
    is_root || die "PostgreSQL is not installed and nothing answers on 127.0.0.1:$PORT: run 'apt-get install postgresql' as root, or $HOW_ELSE"
    note "installing postgresql from Debian's packages"
    apt_install postgresql
    use_binaries
    [ -n "$BIN" ] || die "the postgresql package is installed but no server binaries were found under /usr/lib/postgresql"
    installed="installed from Debian's packages; "
    # Its package scripts may have started the new cluster already.
    if answers "$PORT"; then use_answering "$installed"; return 0; fi
  fi
  local cluster why
  cluster=$(cluster_on_port "$PORT")
  if [ -n "$cluster" ]; then
    set -- $cluster
    if is_root || [ "$(id -un)" = "$3" ]; then
      trust_local_connections "$1" "$2" || true
      note "starting cluster $1/$2 on port $PORT"
      local log=/tmp/linkloom-setup-pg_ctlcluster.log started=yes
      # pg_ctlcluster waits for the start; a parallel run may have started it meanwhile.
      pg_ctlcluster --skip-systemctl-redirect "$1" "$2" start >"$log" 2>&1 || answers "$PORT" || started=
      if [ -n "$started" ] && wait_answers "$PORT" && ensure_test_database "$PORT"; then
        ready "$PORT" "${installed}cluster $1/$2 started on 127.0.0.1:$PORT"
        return 0
      fi
      local said
      said=$(grep -E 'FATAL|ERROR|could not' "$log" 2>/dev/null | grep -v '^pg_ctl: could not start server' | sed -E 's/^.*\] //; s/ +/ /g' | head -n 2 | paste -sd ';' || true)
      why="cluster $1/$2 on port $PORT did not start or does not let the tests in (${said:-see $log}${REASON:+; $REASON})"
    else
      why="cluster $1/$2 on port $PORT is down and only root or $3 may start it"
    fi
  else
    why="nothing answers on 127.0.0.1:$PORT and no cluster of this machine is configured there"
  fi

  # 3. A throwaway cluster for this run.
  start_throwaway "$why"
}

case "${1:-}" in
  ensure) cmd_ensure ;;
  stop) [ $# -eq 2 ] || die "usage: $0 stop DIR"; stop_throwaway "$2" ;;
  *) die "usage: $0 ensure | stop DIR" ;;
esac
