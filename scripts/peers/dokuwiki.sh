#!/usr/bin/env bash
# Real DokuWiki wikis on 127.0.0.1 for integration tests and benchmarks, from Debian's packages.
#
#   scripts/peers/dokuwiki.sh install
#       Installs Debian's `dokuwiki` and PHP's command line (with its built-in server) if missing
#       (idempotent; fast when present). No web server and no database: PHP's CGI binary satisfies
#       the package's PHP, so Apache is not pulled in. Refuses with SKIP_DOKUWIKI=1, so the
#       DokuWiki tests are skipped on purpose.
#   scripts/peers/dokuwiki.sh start N BASEPORT STATE_DIR
#       Starts N independent wikis on 127.0.0.1:BASEPORT, BASEPORT+1, ... each its own `php -S`
#       (in its own process group) serving Debian's /usr/share/dokuwiki with its own copy of the
#       package's configuration and data in STATE_DIR/wiki-I (DOKU_MAIN_CONF and DOKU_CONF set by a
#       prepended file, `savedir` in its local.php; /etc/dokuwiki and /var/lib/dokuwiki are only
#       read). The remote API is on (`remote`, `remoteuser` = the groups admin and user), with an
#       admin account (group admin, the superuser) and a plain account (group user, which may
#       create, edit and upload). Prints one JSON line per wiki on stdout:
#       {"url","username","password","userUsername","userPassword"}
#   scripts/peers/dokuwiki.sh stop STATE_DIR
#       Stops the servers (their state stays in STATE_DIR until the caller removes it).
#
# Environment: DW_PEERS_PHP_WORKERS (php -S workers per wiki, default 4),
# DW_PEERS_HOSTS (space-separated loopback addresses, wiki i on the i-th, 127.0.0.1 past the list),
# DW_PEERS_REMOTE (1, the default: remote API on; 0: a wiki whose owner left it off).
# See more-platforms-on-this-machine.md (DokuWiki) in the shared notes for the facts this script is
# built on.
set -euo pipefail

# php-cgi before dokuwiki: it satisfies php8.2's "Apache module | FPM | CGI", so apt does not pick Apache.
PACKAGES=(php-cli php-cgi php-xml php-mbstring curl dokuwiki)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PHP_WORKERS=${DW_PEERS_PHP_WORKERS:-4}
REMOTE=${DW_PEERS_REMOTE:-1}
read -ra WIKI_HOSTS <<<"${DW_PEERS_HOSTS:-}"
# The loopback address wiki $1 listens on.
wiki_host() { echo "${WIKI_HOSTS[$1]:-127.0.0.1}"; }
DW_ROOT=/usr/share/dokuwiki
DW_CONF_DEFAULTS=/etc/dokuwiki
DW_DATA_DEFAULTS=/var/lib/dokuwiki/data
# One file per started run (its state dir and servers), so that 'install' can sweep runs that died without 'stop'.
RUNS_DIR=/var/tmp/linkloom-dokuwiki-peers
PEER_APT_LOG=/tmp/dokuwiki-peers-apt.log
ADMIN=admin
USER_NAME=editor

die() { echo "dokuwiki.sh: $*" >&2; exit 1; }
note() { echo "dokuwiki.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

# ---------------------------------------------------------------------------------------------
# install

cmd_install() {
  [ "${SKIP_DOKUWIKI:-}" = 1 ] && die "skipped on purpose (SKIP_DOKUWIKI=1)"
  local installed="packages present" missing
  missing=$(missing_packages "${PACKAGES[@]}")
  if [ -n "$missing" ]; then
    note "installing $missing"
    # Without recommends: DokuWiki recommends ImageMagick, LDAP, MySQL and PostgreSQL modules, none
    # of which a test wiki uses (and which would cost most of the install's time).
    # Word splitting on purpose: one argument per package, in the order of PACKAGES.
    # shellcheck disable=SC2086
    apt_install --no-install-recommends $missing
    installed="installed from Debian's packages ($(echo $missing | wc -w) packages)"
  fi
  [ -e "$DW_ROOT/doku.php" ] && [ -e "$DW_ROOT/lib/exe/xmlrpc.php" ] || die "$DW_ROOT is incomplete after installing dokuwiki"
  [ -f "$DW_CONF_DEFAULTS/dokuwiki.php" ] && [ -d "$DW_DATA_DEFAULTS" ] || die "dokuwiki's configuration or data defaults are missing"
  command -v php >/dev/null 2>&1 || die "php is missing after installing php-cli"
  sweep_stale
  echo "result: $installed"
}

# Whether $1 is the pid of one of our wiki servers (not a pid reused by another process since).
is_our_server() {
  local pid=$1 marker=$2
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "php .*$marker" 
}

# Servers of runs that died without 'stop' (their STATE_DIR is gone, or they are a day old).
sweep_stale() {
  local file run state pid marker
  mkdir -p "$RUNS_DIR"
  for file in "$RUNS_DIR"/lldw-*.env; do
    [ -e "$file" ] || continue
    run=${file##*/}; run=${run%.env}
    state=$(sed -n 's/^STATE=//p' "$file")
    if [ -n "$state" ] && [ -f "$state/run.env" ] && grep -qx "RUN=$run" "$state/run.env"; then
      [ -n "$(find "$file" -mmin +1440)" ] || continue
      note "stopping stale wikis of $run in $state"
      cmd_stop "$state" || true
    else
      note "stopping the servers of $run, whose state is gone"
      while read -r pid marker; do
        is_our_server "$pid" "$marker" && kill -TERM -- "-$pid" 2>/dev/null || true
      done < <(sed -n 's/^SERVER=//p' "$file")
      rm -f "$file"
    fi
  done
}

# ---------------------------------------------------------------------------------------------
# start

# The start's own checks: its arguments, the installation, no running wikis in STATE_DIR yet, and
# the N ports from BASEPORT free. (peer-lib's check_start also wants MariaDB, which DokuWiki does not use.)
check_dokuwiki_start() {
  [ $# -eq 3 ] || die "usage: $0 start N BASEPORT STATE_DIR"
  local n=$1 base=$2 state=$3 i
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$n'"
  [[ "$base" =~ ^[0-9]+$ ]] && ((base >= 1024 && base + n <= 65535)) || die "BASEPORT must be a port in 1024..65535, got '$base'"
  [ -e "$DW_ROOT/doku.php" ] && command -v php >/dev/null 2>&1 || die "DokuWiki is not installed: run '$0 install' first"
  [ -e "$state/run.env" ] && die "$state already holds running wikis: stop them first"
  for ((i = 0; i < n; i++)); do
    port_in_use $((base + i)) && die "port $((base + i)) on 127.0.0.1 is already in use"
  done
  return 0
}

# bcrypt hashes of the arguments, one a line, as DokuWiki's plain auth stores them (passcrypt
# bcrypt). One PHP process for all: starting PHP costs more than a hash.
password_hashes() {
  php -r 'foreach (array_slice($argv, 1) as $password) echo password_hash($password, PASSWORD_BCRYPT), "\n";' "$@"
}

# Whether the process is alive: a zombie (a server stopped, whose parent is gone and which the
# machine's init has not reaped) is not.
alive() {
  [ -r "/proc/$1/stat" ] && ! sed 's/^.*) //' "/proc/$1/stat" | grep -q '^Z'
}

setup_wiki() {
  local state=$1 i=$2 port=$3 admin_password=$4 admin_hash=$5 user_password=$6 user_hash=$7
  local dir="$state/wiki-$i" host file
  host=$(wiki_host "$i")
  mkdir -p "$dir/conf" "$dir/sessions"
  # The package's configuration defaults as files (its acl.auth.php and users.auth.php are links
  # into /var/lib/dokuwiki: left out, this wiki gets its own below).
  for file in "$DW_CONF_DEFAULTS"/*; do
    [ -f "$file" ] && [ ! -L "$file" ] && cp "$file" "$dir/conf/"
  done
  cp -r "$DW_DATA_DEFAULTS" "$dir/data"
  # A fresh cookie salt per wiki (DokuWiki makes one on first use).
  rm -f "$dir/data/meta/_htcookiesalt" "$dir/data/meta/_htcookiesalt2"

  cat >"$dir/conf/local.php" <<EOF
<?php
// Written by scripts/peers/dokuwiki.sh for a test wiki; removed with its state dir.
\$conf['title'] = 'Test Wiki $port';
\$conf['lang'] = 'en';
\$conf['savedir'] = '$dir/data';
\$conf['useacl'] = 1;
\$conf['authtype'] = 'authplain';
\$conf['superuser'] = '@admin';
\$conf['remote'] = $REMOTE;
\$conf['remoteuser'] = '@admin,@user';
\$conf['updatecheck'] = 0;
\$conf['dnslookups'] = 0;
\$conf['mailfrom'] = 'wiki@127.0.0.1';
EOF
  cat >"$dir/conf/acl.auth.php" <<'EOF'
# acl.auth.php
# <?php exit()?>
# Written by scripts/peers/dokuwiki.sh: everyone reads, members create, edit and upload.
*               @ALL          1
*               @user         8
EOF
  {
    printf '%s\n' '# users.auth.php' '# <?php exit()?>' '# login:passwordhash:Real Name:email:groups'
    printf '%s:%s:Wiki Admin:%s@example.test:admin,user\n' "$ADMIN" "$admin_hash" "$ADMIN"
    printf '%s:%s:Wiki Editor:%s@example.test:user\n' "$USER_NAME" "$user_hash" "$USER_NAME"
  } >"$dir/conf/users.auth.php"
  # Read by PHP before each request's script: this wiki's configuration instead of /etc/dokuwiki
  # (Debian's inc/preload.php defines them only when not yet defined).
  cat >"$dir/prepend.php" <<EOF
<?php
define('DOKU_MAIN_CONF', '$dir/conf/');
define('DOKU_CONF', '$dir/conf/');
EOF
  printf '{"url":"http://%s:%s","username":"%s","password":"%s","userUsername":"%s","userPassword":"%s"}\n' \
    "$host" "$port" "$ADMIN" "$admin_password" "$USER_NAME" "$user_password" >"$dir/site.json"
}

cmd_start() {
  check_dokuwiki_start "$@"
  local n=$1 base=$2 state=$3 i

  mkdir -p "$state/logs" "$RUNS_DIR"
  state=$(cd "$state" && pwd)
  local run
  run="lldw-$(random_hex 4)"
  # Everything needed to undo this run, written before anything is started.
  printf 'RUN=%s\nN=%s\nBASE=%s\n' "$run" "$n" "$base" >"$state/run.env"
  printf 'STATE=%s\nN=%s\n' "$state" "$n" >"$RUNS_DIR/$run.env"
  # Any failure from here on (die, or a failing command under set -e) undoes what was made.
  trap 'status=$?; if [ "$status" != 0 ]; then note "start failed; cleaning up"; cmd_stop "$state" >/dev/null 2>&1 || true; fi' EXIT

  # Two accounts a wiki: their passwords, then all the hashes from one PHP process.
  local passwords=() hashes=()
  for ((i = 0; i < 2 * n; i++)); do passwords+=("Pw-$(random_hex 10)"); done
  mapfile -t hashes < <(password_hashes "${passwords[@]}")
  [ "${#hashes[@]}" -eq $((2 * n)) ] || die "PHP did not hash the accounts' passwords"
  for ((i = 0; i < n; i++)); do
    setup_wiki "$state" "$i" $((base + i)) "${passwords[2 * i]}" "${hashes[2 * i]}" "${passwords[2 * i + 1]}" "${hashes[2 * i + 1]}" \
      || die "wiki $i could not be set up in $state"
  done

  for ((i = 0; i < n; i++)); do
    local port=$((base + i)) dir="$state/wiki-$i"
    # Its own process group (setsid), so that 'stop' ends the server and its workers together.
    env PHP_CLI_SERVER_WORKERS="$PHP_WORKERS" setsid php \
      -d auto_prepend_file="$dir/prepend.php" -d session.save_path="$dir/sessions" \
      -d display_errors=0 -d log_errors=1 -d upload_max_filesize=32M -d post_max_size=48M -d memory_limit=256M \
      -S "$(wiki_host "$i"):$port" -t "$DW_ROOT" </dev/null >"$state/logs/wiki-$i.log" 2>&1 &
    echo $! >"$dir/server.pid"
    printf 'SERVER=%s %s\n' "$!" "$dir/prepend.php" >>"$RUNS_DIR/$run.env"
  done
  for ((i = 0; i < n; i++)); do
    local url
    url="http://$(wiki_host "$i"):$((base + i))"
    wait_http "$url/doku.php" 60 || die "wiki $i at $url does not answer; see $state/logs"
    # The remote API answers as configured: its version when on (a method anyone may call), a fault when off.
    local answer
    answer=$(curl -sS --max-time 10 -H 'content-type: text/xml' \
      --data '<?xml version="1.0"?><methodCall><methodName>wiki.getRPCVersionSupported</methodName><params/></methodCall>' \
      "$url/lib/exe/xmlrpc.php" 2>&1) || die "wiki $i's remote API does not answer: $answer"
    if [ "$REMOTE" = 1 ]; then
      [[ "$answer" == *'<int>'* ]] || die "wiki $i's remote API is not on: $(printf '%s' "$answer" | head -c 200)"
    else
      [[ "$answer" == *faultCode* ]] || die "wiki $i's remote API answers though it should be off: $(printf '%s' "$answer" | head -c 200)"
    fi
  done
  trap - EXIT
  for ((i = 0; i < n; i++)); do cat "$state/wiki-$i/site.json"; done
}

# ---------------------------------------------------------------------------------------------
# stop

cmd_stop() {
  [ $# -eq 1 ] || die "usage: $0 stop STATE_DIR"
  local state=$1
  [ -f "$state/run.env" ] || { note "nothing to stop in $state"; return 0; }
  local RUN N
  RUN=$(sed -n 's/^RUN=//p' "$state/run.env"); N=$(sed -n 's/^N=//p' "$state/run.env")
  [[ "$RUN" =~ ^lldw-[0-9a-f]+$ ]] || die "$state/run.env is not one of ours"
  local i pid pids=()
  for ((i = 0; i < N; i++)); do
    [ -s "$state/wiki-$i/server.pid" ] || continue
    pid=$(cat "$state/wiki-$i/server.pid")
    # The server leads its own process group: TERM the group (the server and its workers).
    kill -TERM -- "-$pid" 2>/dev/null && pids+=("$pid")
  done
  for pid in "${pids[@]}"; do
    for i in $(seq 1 50); do alive "$pid" || break; sleep 0.05; done
    if alive "$pid"; then kill -KILL -- "-$pid" 2>/dev/null || true; fi
  done
  rm -f "$RUNS_DIR/$RUN.env" "$state/run.env"
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start N BASEPORT STATE_DIR | stop STATE_DIR" ;;
esac
