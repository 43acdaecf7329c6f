#!/usr/bin/env bash
# A real SOCKS5 proxy on 127.0.0.1 for the proxy tests and benchmarks: Debian's microsocks (RFC 1928,
# user name and password per RFC 1929 when given, no SOCKS4).
#
#   scripts/peers/microsocks.sh install
#       Installs microsocks if missing (idempotent; fast when present). Refuses with
#       SKIP_MICROSOCKS=1, so the SOCKS5 tests are skipped on purpose.
#   scripts/peers/microsocks.sh run PORT [USER:PASSWORD]
#       Runs one microsocks on 127.0.0.1:PORT (open, or with that login) for as long as this
#       script's stdin stays open: the caller holds a pipe and closing it (or dying) stops the proxy,
#       so no run outlives its test. Prints `{"host","port","pid"}` on stdout once the port accepts;
#       microsocks's log goes to stderr (one `client[N] ADDRESS: connected to HOST:PORT` per tunnel).
#       Exits 1 with "address in use" when the port is taken.
#
# Facts this is built on: proxies-for-tests.md in the shared notes (microsocks 1.0.3: foreground
# only, no config file, SIGTERM ends it in under 10 ms; wrong password answers 1 2).
set -euo pipefail

PACKAGES=(microsocks)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PEER_APT_LOG=/tmp/microsocks-peers-apt.log

die() { echo "microsocks.sh: $*" >&2; exit 1; }
note() { echo "microsocks.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

cmd_install() {
  install_peer_packages SKIP_MICROSOCKS "${PACKAGES[@]}"
  command -v microsocks >/dev/null || die "microsocks is missing after installing"
  echo "result: $PEER_INSTALLED"
}

cmd_run() {
  local port=${1:-} login=${2:-} args i
  [[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || die "usage: $0 run PORT [USER:PASSWORD]"
  command -v microsocks >/dev/null || die "microsocks is not installed (run: $0 install)"
  port_in_use "$port" && die "127.0.0.1:$port: address in use"
  args=(-i 127.0.0.1 -p "$port")
  if [ -n "$login" ]; then
    [[ $login == *:* ]] || die "the login is USER:PASSWORD"
    args+=(-u "${login%%:*}" -P "${login#*:}")
  fi
  microsocks "${args[@]}" &
  MICROSOCKS_PID=$!
  trap 'kill "$MICROSOCKS_PID" 2>/dev/null || true; wait "$MICROSOCKS_PID" 2>/dev/null || true' EXIT
  local pid=$MICROSOCKS_PID
  for i in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || die "microsocks exited at start (127.0.0.1:$port: address in use?)"
    port_in_use "$port" && break
    sleep 0.02
  done
  port_in_use "$port" || die "microsocks does not accept on 127.0.0.1:$port"
  printf '{"host":"127.0.0.1","port":%d,"pid":%d}\n' "$port" "$pid"
  # Until the caller closes our stdin (or goes away); microsocks dying ends the run too.
  while kill -0 "$pid" 2>/dev/null; do
    read -r -t 1 _ || { (($? > 128)) || break; }
  done
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  run) shift; cmd_run "$@" ;;
  *) die "usage: $0 install | run PORT [USER:PASSWORD]" ;;
esac
