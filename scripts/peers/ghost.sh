#!/usr/bin/env bash
# Real Ghost blogs on 127.0.0.1 for integration tests, from the `ghost` package of the npm registry.
#
#   scripts/peers/ghost.sh install
#       Installs Ghost $GHOST_VERSION into GHOST_HOME (default /var/cache/linkloom-peers/ghost-VERSION,
#       outside the checkout, so every checkout and run of this machine shares it) if it is not there
#       yet: `npm pack` of the release, its development dependencies dropped (one of them is a git
#       tarball no registry serves, and a blog never needs them), `npm install --omit=dev`, and
#       sqlite3's native binding compiled with node-gyp against this Node's headers (and Debian's
#       libsqlite3 when libsqlite3-dev is installed) when the package's own install left none (its
#       prebuilt binaries are not reachable here). Minutes the
#       first time, instant after. Refuses with SKIP_GHOST=1, so the Ghost tests are skipped on
#       purpose.
#   scripts/peers/ghost.sh start N BASEPORT STATE_DIR
#       Starts N independent blogs on 127.0.0.1:BASEPORT, BASEPORT+1, ... each `node index.js` of the
#       installation (in its own process group) with its own SQLite database and content folder in
#       STATE_DIR/site-I, configured by environment only (development mode, no mail sent, nothing
#       fetched from outside, staff device verification off). Each blog is set up as its owner does
#       it: the owner account (authentication/setup), a staff session, and a custom integration
#       whose Admin API key the tests publish with. Prints one JSON line per blog on stdout:
#       {"url","adminApiKey","email","password"}
#   scripts/peers/ghost.sh stop STATE_DIR
#       Stops the blogs (their files go with STATE_DIR).
#
# Environment: GHOST_HOME (the installation), GH_PEERS_HOSTS (space-separated loopback addresses,
# blog i on the i-th, 127.0.0.1 past the list).
# See more-platforms-on-this-machine.md (Ghost) in the shared notes for the facts this script is
# built on.
set -euo pipefail

GHOST_VERSION=5.130.4
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GHOST_HOME=${GHOST_HOME:-/var/cache/linkloom-peers/ghost-$GHOST_VERSION}
read -ra SITE_HOSTS <<<"${GH_PEERS_HOSTS:-}"
# The loopback address blog $1 listens on.
site_host() { echo "${SITE_HOSTS[$1]:-127.0.0.1}"; }
# One file per started run (its state dir and servers), so that 'install' can sweep runs that died without 'stop'.
RUNS_DIR=/var/tmp/linkloom-ghost-peers
INSTALL_LOG=/tmp/ghost-peers-install.log
OWNER_EMAIL=owner@blog.test

die() { echo "ghost.sh: $*" >&2; exit 1; }
note() { echo "ghost.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

# ---------------------------------------------------------------------------------------------
# install

# Whether sqlite3's native binding is in the installation.
has_sqlite_binding() {
  [ -n "$(find "$GHOST_HOME/node_modules/sqlite3/build" -name node_sqlite3.node 2>/dev/null | head -1)" ]
}

cmd_install() {
  [ "${SKIP_GHOST:-}" = 1 ] && die "skipped on purpose (SKIP_GHOST=1)"
  local result="installation present"
  if [ ! -e "$GHOST_HOME/.installed" ]; then
    command -v npm >/dev/null 2>&1 || die "npm is missing"
    command -v make >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 \
      || die "building sqlite3 for Ghost needs python3, make and g++ (apt-get install python3 make g++)"
    local partial="$GHOST_HOME.partial"
    rm -rf "$partial"
    mkdir -p "$partial"
    note "installing Ghost $GHOST_VERSION into $GHOST_HOME (minutes; log in $INSTALL_LOG)"
    : >"$INSTALL_LOG"
    (cd "$partial" && npm pack "ghost@$GHOST_VERSION" --silent >>"$INSTALL_LOG" 2>&1) || die "npm pack ghost@$GHOST_VERSION failed; see $INSTALL_LOG"
    tar xzf "$partial/ghost-$GHOST_VERSION.tgz" -C "$partial" --strip-components=1
    rm -f "$partial/ghost-$GHOST_VERSION.tgz"
    node -e '
      const fs = require("fs");
      const file = process.argv[1];
      const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
      delete pkg.devDependencies;
      fs.writeFileSync(file, JSON.stringify(pkg, null, 2));
    ' "$partial/package.json"
    # sqlite3's binding is compiled here (its prebuilt download cannot be reached). Against Debian's
    # libsqlite3 when its headers are installed (libsqlite3-dev): 10 s of compiling, where its own
    # copy of SQLite takes a minute of a core that the test stages running meanwhile need.
    local sqlite_from=()
    [ -e /usr/include/sqlite3.h ] && sqlite_from=(npm_config_sqlite=/usr)
    (cd "$partial" && env "${sqlite_from[@]}" npm install --omit=dev --legacy-peer-deps --no-audit --no-fund --loglevel=error >>"$INSTALL_LOG" 2>&1) \
      || die "npm install of Ghost's dependencies failed; see $INSTALL_LOG"
    if ! GHOST_HOME=$partial has_sqlite_binding; then
      note "compiling sqlite3's binding"
      (cd "$partial/node_modules/sqlite3" && env "${sqlite_from[@]}" npx --yes node-gyp rebuild >>"$INSTALL_LOG" 2>&1) || die "building sqlite3 failed; see $INSTALL_LOG"
    fi
    GHOST_HOME=$partial has_sqlite_binding || die "sqlite3's binding is missing after the build; see $INSTALL_LOG"
    touch "$partial/.installed"
    rm -rf "$GHOST_HOME"
    mv "$partial" "$GHOST_HOME"
    result="installed Ghost $GHOST_VERSION from the npm registry"
  fi
  sweep_stale
  echo "result: $result"
}

# Whether $1 is the pid of a Ghost server of run $2 (not a pid reused by another process since).
is_our_server() {
  local pid=$1 run=$2
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  { tr '\0' '\n' <"/proc/$pid/environ"; } 2>/dev/null | grep -qx "LINKLOOM_GHOST_RUN=$run"
}

stop_server() {
  local pid=$1 run=$2 i
  is_our_server "$pid" "$run" || return 0
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for i in $(seq 1 100); do is_our_server "$pid" "$run" || return 0; sleep 0.05; done
  kill -KILL -- "-$pid" 2>/dev/null || true
}

# Servers of runs that died without 'stop' (their STATE_DIR is gone, or they are a day old).
sweep_stale() {
  local file run state pid
  mkdir -p "$RUNS_DIR"
  for file in "$RUNS_DIR"/llgh-*.env; do
    [ -e "$file" ] || continue
    run=${file##*/}; run=${run%.env}
    state=$(sed -n 's/^STATE=//p' "$file")
    if [ -n "$state" ] && [ -f "$state/run.env" ] && grep -qx "RUN=$run" "$state/run.env"; then
      [ -n "$(find "$file" -mmin +1440)" ] || continue
      note "stopping stale blogs of $run in $state"
      cmd_stop "$state" || true
    else
      note "stopping the servers of $run (its state folder is gone)"
      for pid in $(sed -n 's/^PID=//p' "$file"); do stop_server "$pid" "$run"; done
      rm -f "$file"
    fi
  done
}

# ---------------------------------------------------------------------------------------------
# start

check_ghost_start() {
  [ $# -eq 3 ] || die "usage: $0 start N BASEPORT STATE_DIR"
  local n=$1 base=$2 state=$3 i
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$n'"
  [[ "$base" =~ ^[0-9]+$ ]] && ((base >= 1024 && base + n <= 65535)) || die "BASEPORT must be a port in 1024..65535, got '$base'"
  [ -e "$GHOST_HOME/.installed" ] || die "Ghost is not installed: run '$0 install' first"
  [ -e "$state/run.env" ] && die "$state already holds running blogs: stop them first"
  for ((i = 0; i < n; i++)); do
    port_in_use $((base + i)) && die "port $((base + i)) on 127.0.0.1 is already in use"
  done
  return 0
}

# Starts blog $2 of run $1 in the background (its own process group); prints its pid.
launch_blog() {
  local run=$1 i=$2 port=$3 dir=$4 host
  host=$(site_host "$i")
  mkdir -p "$dir/content"
  # The content folder as a fresh installation has it; the themes are read only, so linked.
  cp -r "$GHOST_HOME/content/." "$dir/content/"
  rm -rf "$dir/content/themes"
  mkdir -p "$dir/content/themes"
  ln -s "$GHOST_HOME/content/themes/casper" "$dir/content/themes/casper"
  ln -s "$GHOST_HOME/content/themes/source" "$dir/content/themes/source"
  (
    cd "$GHOST_HOME"
    export LINKLOOM_GHOST_RUN=$run NODE_ENV=development
    export url="http://$host:$port" server__host=$host server__port=$port
    export database__client=sqlite3 database__connection__filename="$dir/ghost.db" database__useNullAsDefault=true
    export paths__contentPath="$dir/content"
    export security__staffDeviceVerification=false privacy__useTinfoil=true mail__transport=stub
    export logging__level=warn logging__transports='["stdout"]'
    exec setsid node index.js >"$dir/ghost.log" 2>&1 </dev/null
  ) &
  echo $!
}

# JSON of the owner's setup, for POST authentication/setup/.
setup_body() {
  node -e 'console.log(JSON.stringify({ setup: [{ name: "Blog Owner", email: process.argv[1], password: process.argv[2], blogTitle: process.argv[3] }] }))' "$@"
}

# Sets up blog $1 (its url) as its owner does, and prints its JSON line.
configure_blog() {
  local url=$1 dir=$2 i=$3 password jar answer key
  password="pw-$(random_hex 12)"
  jar="$dir/cookies.txt"
  curl -fsS --max-time 60 -o /dev/null -H 'Content-Type: application/json' -H "Origin: $url" \
    -d "$(setup_body "$OWNER_EMAIL" "$password" "Test blog $((i + 1))")" "$url/ghost/api/admin/authentication/setup/" \
    || die "the owner's setup of $url failed; see $dir/ghost.log"
  curl -fsS --max-time 60 -o /dev/null -c "$jar" -H 'Content-Type: application/json' -H "Origin: $url" \
    -d "{\"username\":\"$OWNER_EMAIL\",\"password\":\"$password\"}" "$url/ghost/api/admin/session/" \
    || die "signing in to $url failed; see $dir/ghost.log"
  answer=$(curl -fsS --max-time 60 -b "$jar" -H 'Content-Type: application/json' -H "Origin: $url" \
    -d '{"integrations":[{"name":"LinkLoom tests"}]}' "$url/ghost/api/admin/integrations/?include=api_keys") \
    || die "creating the integration of $url failed; see $dir/ghost.log"
  # The admin key's secret is already "id:secret", as the Admin API key field shows it.
  key=$(node -e '
    const answer = JSON.parse(process.argv[1]);
    const key = answer.integrations[0].api_keys.find((k) => k.type === "admin");
    if (!key) process.exit(1);
    console.log(key.secret.includes(":") ? key.secret : `${key.id}:${key.secret}`);
  ' "$answer") || die "the integration of $url has no Admin API key"
  node -e 'console.log(JSON.stringify({ url: process.argv[1], adminApiKey: process.argv[2], email: process.argv[3], password: process.argv[4] }))' \
    "$url" "$key" "$OWNER_EMAIL" "$password"
}

cmd_start() {
  check_ghost_start "$@"
  local n=$1 base=$2 state=$3 run i pid pids=() port url
  run="llgh-$(random_hex 6)"
  mkdir -p "$state" "$RUNS_DIR"
  echo "STATE=$state" >"$RUNS_DIR/$run.env"
  for ((i = 0; i < n; i++)); do
    port=$((base + i))
    pid=$(launch_blog "$run" "$i" "$port" "$state/site-$i")
    pids+=("$pid")
    echo "PID=$pid" >>"$RUNS_DIR/$run.env"
  done
  { echo "RUN=$run"; printf 'PID=%s\n' "${pids[@]}"; } >"$state/run.env"
  for ((i = 0; i < n; i++)); do
    url="http://$(site_host "$i"):$((base + i))"
    # The first start creates the database: tens of seconds on two cores.
    wait_http "$url/ghost/api/admin/site/" 240 || die "Ghost at $url did not answer in 240 s; see $state/site-$i/ghost.log"
  done
  for ((i = 0; i < n; i++)); do
    configure_blog "http://$(site_host "$i"):$((base + i))" "$state/site-$i" "$i"
  done
}

# ---------------------------------------------------------------------------------------------
# stop

cmd_stop() {
  [ $# -eq 1 ] || die "usage: $0 stop STATE_DIR"
  local state=$1 run pid
  [ -f "$state/run.env" ] || return 0
  run=$(sed -n 's/^RUN=//p' "$state/run.env")
  for pid in $(sed -n 's/^PID=//p' "$state/run.env"); do stop_server "$pid" "$run"; done
  rm -f "$state/run.env" "$RUNS_DIR/$run.env"
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start N BASEPORT STATE_DIR | stop STATE_DIR" ;;
esac
