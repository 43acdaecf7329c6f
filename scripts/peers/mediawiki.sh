#!/usr/bin/env bash
# Real MediaWiki wikis on 127.0.0.1 for integration tests and benchmarks, from Debian's packages.
#
#   scripts/peers/mediawiki.sh install
#       Installs the Debian packages if missing (idempotent; fast when present) and makes sure
#       MariaDB answers (starts it, installing mariadb-server only when there is none). Refuses
#       with SKIP_MEDIAWIKI=1, so the MediaWiki tests are skipped on purpose.
#   scripts/peers/mediawiki.sh start N BASEPORT STATE_DIR
#       Starts N independent wikis on 127.0.0.1:BASEPORT, BASEPORT+1, ... each its own `php -S`
#       (in its own process group) serving Debian's /var/lib/mediawiki with its own
#       LocalSettings.php in STATE_DIR (MW_CONFIG_FILE; /etc/mediawiki is never touched), its own
#       database under a per-run unique prefix, an admin account and a bot password with the
#       grants needed to create pages. Prints one JSON line per wiki on stdout:
#       {"url","apiUrl","username","password","botUsername","botPassword"}
#   scripts/peers/mediawiki.sh stop STATE_DIR
#       Stops the servers, drops the databases and their users.
#
# Environment: MW_PEERS_PHP_WORKERS (php -S workers per wiki, default 4),
# MW_PEERS_PHP_INI_DIR (extra PHP ini folder for the wikis, e.g. STATE_DIR/php of dovecot.sh start:
# the wikis then send mail — account confirmations — through its sendmail_path),
# MW_PEERS_MYSQL_HOST (default 127.0.0.1), MW_PEERS_MYSQL_PORT (default 3306),
# MW_PEERS_HOSTS (space-separated loopback addresses, wiki i on the i-th, 127.0.0.1 past the list).
# See real-peers.md and site-mail-and-wikis.md §2–3 in the shared notes for the facts this
# script is built on (bot passwords need the grant createeditmovepage to create pages).
set -euo pipefail

PACKAGES=(php php-cli php-mysql php-xml php-mbstring php-intl default-mysql-client curl mediawiki)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MYSQL_HOST=${MW_PEERS_MYSQL_HOST:-127.0.0.1}
MYSQL_PORT=${MW_PEERS_MYSQL_PORT:-3306}
PHP_WORKERS=${MW_PEERS_PHP_WORKERS:-4}
# An extra folder of PHP ini files for the wikis' php -S (a Dovecot peer's php/): with it the wikis
# send their mail (e-mail confirmation on) and it lands in Dovecot; Debian's own conf.d is still read.
PHP_INI_EXTRA=${MW_PEERS_PHP_INI_DIR:-}
read -ra WIKI_HOSTS <<<"${MW_PEERS_HOSTS:-}"
# The loopback address wiki $1 listens on.
wiki_host() { echo "${WIKI_HOSTS[$1]:-127.0.0.1}"; }
MW_ROOT=/var/lib/mediawiki
# One file per started run (its state dir), so that 'install' can sweep runs that died without 'stop'.
RUNS_DIR=/var/tmp/linkloom-mediawiki-peers
PEER_APT_LOG=/tmp/mediawiki-peers-apt.log
BOT_APP=linkloom

die() { echo "mediawiki.sh: $*" >&2; exit 1; }
note() { echo "mediawiki.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

# ---------------------------------------------------------------------------------------------
# install

cmd_install() {
  install_peer_packages SKIP_MEDIAWIKI "${PACKAGES[@]}"
  [ -e "$MW_ROOT/api.php" ] || die "$MW_ROOT/api.php is missing after installing mediawiki"
  ensure_mariadb
  sweep_stale
  echo "result: $PEER_INSTALLED, MariaDB answers"
}

# Wikis of runs that died without 'stop' (their STATE_DIR is gone, or they are a day old).
sweep_stale() {
  local file run state
  mkdir -p "$RUNS_DIR"
  for file in "$RUNS_DIR"/llmw-*.env; do
    [ -e "$file" ] || continue
    run=${file##*/}; run=${run%.env}
    state=$(sed -n 's/^STATE=//p' "$file")
    if [ -n "$state" ] && [ -f "$state/run.env" ] && grep -qx "RUN=$run" "$state/run.env"; then
      [ -n "$(find "$file" -mmin +1440)" ] || continue
      note "stopping stale wikis of $run in $state"
      cmd_stop "$state" || true
    else
      note "dropping stale wikis of $run"
      drop_databases "$run" "$(sed -n 's/^N=//p' "$file")"
      rm -f "$file"
    fi
  done
}

drop_databases() {
  local run=$1 n=$2 i db_name sql=""
  [[ "$n" =~ ^[0-9]+$ ]] || return 0
  for ((i = 0; i < n; i++)); do
    db_name="${run//-/_}_$i"
    sql+="DROP DATABASE IF EXISTS \`$db_name\`;DROP USER IF EXISTS '$db_name'@'localhost';DROP USER IF EXISTS '$db_name'@'127.0.0.1';"
  done
  [ -z "$sql" ] || mysql_admin -e "$sql" || note "could not drop the databases of $run"
}

# ---------------------------------------------------------------------------------------------
# start

# install.php's output plus what a test wiki needs: its own cache and upload folders, no cache
# server (sessions in the database, shared by the php -S workers), no mail, errors shown.
# Mail off, unless the wikis have a sendmail (MW_PEERS_PHP_INI_DIR): then e-mail confirmation is on
# and mail goes through PHP's mail() (no SMTP server), from an address the sites' mail can come from.
mail_settings() {
  if [[ -n $PHP_INI_EXTRA ]]; then
    printf '%s\n' '$wgEnableEmail = true;' '$wgEnableUserEmail = true;' '$wgEmailAuthentication = true;' '$wgSMTP = false;' \
      "\$wgPasswordSender = 'wiki@127.0.0.1';" "\$wgEmergencyContact = 'wiki@127.0.0.1';"
  else
    printf '%s\n' '$wgEnableEmail = false;'
  fi
}

write_local_settings_tail() {
  local file=$1 dir=$2
  cat >>"$file" <<EOF

# Added by scripts/peers/mediawiki.sh for a test wiki; removed with its state dir.
\$wgUploadDirectory = '$dir/images';
\$wgCacheDirectory = '$dir/cache';
\$wgMainCacheType = CACHE_NONE;
\$wgSessionCacheType = CACHE_DB;
$(mail_settings)
\$wgEnableUploads = false;
\$wgShowExceptionDetails = true;
\$wgDebugLogFile = '';
EOF
}

setup_wiki() {
  local state=$1 run=$2 i=$3 port=$4 db_name=$5 db_password=$6 admin_password=$7
  local dir="$state/wiki-$i" config="$state/wiki-$i/LocalSettings.php" host
  host=$(wiki_host "$i")
  mkdir -p "$dir/images" "$dir/cache" "$dir/install"
  # install.php reads an existing LocalSettings first: point MW_CONFIG_FILE at one not yet written.
  MW_CONFIG_FILE="$dir/install/none.php" php "$MW_ROOT/maintenance/install.php" \
    --dbtype=mysql --dbserver="$MYSQL_HOST:$MYSQL_PORT" --dbname="$db_name" --dbuser="$db_name" --dbpass="$db_password" \
    --installdbuser="$db_name" --installdbpass="$db_password" \
    --server="http://$host:$port" --scriptpath="" --lang=en --pass="$admin_password" \
    --confpath="$dir/install" "Test Wiki $port" Admin </dev/null >"$dir/install.log" 2>&1 \
    || { note "install.php for wiki $i failed: $(tail -n 5 "$dir/install.log" | tr '\n' ' ')"; return 1; }
  mv "$dir/install/LocalSettings.php" "$config"
  write_local_settings_tail "$config" "$dir"
  local out
  out=$(MW_CONFIG_FILE="$config" php "$MW_ROOT/maintenance/createBotPassword.php" --appid "$BOT_APP" \
    --grants basic,editpage,createeditmovepage,highvolume Admin </dev/null 2>&1) \
    || { note "createBotPassword.php for wiki $i failed: $out"; return 1; }
  local bot_password
  bot_password=$(printf '%s' "$out" | sed -n "s/.*password:'\([^']*\)'.*/\1/p" | head -n 1)
  [ -n "$bot_password" ] || { note "createBotPassword.php printed no password: $out"; return 1; }
  printf '{"url":"http://%s:%s","apiUrl":"http://%s:%s/api.php","username":"Admin","password":"%s","botUsername":"Admin@%s","botPassword":"%s"}\n' \
    "$host" "$port" "$host" "$port" "$admin_password" "$BOT_APP" "$bot_password" >"$dir/site.json"
}

cmd_start() {
  check_start "$MW_ROOT/maintenance/install.php" MediaWiki wikis "$@"
  local n=$1 base=$2 state=$3
  local i

  mkdir -p "$state/logs" "$RUNS_DIR"
  state=$(cd "$state" && pwd)
  local run="llmw-$(random_hex 4)"
  # Everything needed to undo this run, written before anything is created.
  printf 'RUN=%s\nN=%s\nBASE=%s\n' "$run" "$n" "$base" >"$state/run.env"
  printf 'STATE=%s\nN=%s\n' "$state" "$n" >"$RUNS_DIR/$run.env"
  # Any failure from here on (die, or a failing command under set -e) undoes what was made.
  trap 'status=$?; if [ "$status" != 0 ]; then note "start failed; cleaning up"; cmd_stop "$state" >/dev/null 2>&1 || true; fi' EXIT

  local db_name sql="" passwords=()
  for ((i = 0; i < n; i++)); do
    db_name="${run//-/_}_$i"
    passwords+=("$(random_hex 12)")
    sql+="CREATE DATABASE \`$db_name\` CHARACTER SET binary;"
    sql+="CREATE USER '$db_name'@'localhost' IDENTIFIED BY '${passwords[$i]}';"
    sql+="CREATE USER '$db_name'@'127.0.0.1' IDENTIFIED BY '${passwords[$i]}';"
    sql+="GRANT ALL ON \`$db_name\`.* TO '$db_name'@'localhost';"
    sql+="GRANT ALL ON \`$db_name\`.* TO '$db_name'@'127.0.0.1';"
  done
  mysql_admin -e "$sql" || die "could not create the databases (is root allowed to create databases?)"

  # Install the wikis in parallel: each is a PHP process that writes its own database.
  local pids=()
  for ((i = 0; i < n; i++)); do
    setup_wiki "$state" "$run" "$i" $((base + i)) "${run//-/_}_$i" "${passwords[$i]}" "Pw-$(random_hex 10)" &
    pids+=($!)
  done
  local failed=0
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed=1; done
  ((failed == 0)) || die "a wiki could not be installed; see $state/wiki-*/install.log"

  for ((i = 0; i < n; i++)); do
    local port=$((base + i))
    # Its own process group (setsid), so that 'stop' ends the server and its workers together.
    local extra_env=()
    # The leading ':' keeps Debian's own conf.d scanned.
    [[ -n $PHP_INI_EXTRA ]] && extra_env=("PHP_INI_SCAN_DIR=:$PHP_INI_EXTRA")
    env MW_CONFIG_FILE="$state/wiki-$i/LocalSettings.php" PHP_CLI_SERVER_WORKERS=$PHP_WORKERS "${extra_env[@]}" \
      setsid php -S "$(wiki_host "$i"):$port" -t "$MW_ROOT" </dev/null >"$state/logs/wiki-$i.log" 2>&1 &
    echo $! >"$state/wiki-$i/server.pid"
  done
  for ((i = 0; i < n; i++)); do
    local url="http://$(wiki_host "$i"):$((base + i))"
    wait_http "$url/api.php?action=query&meta=siteinfo&format=json" 60 || die "wiki $i at $url does not answer; see $state/logs"
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
  [[ "$RUN" =~ ^llmw-[0-9a-f]+$ ]] || die "$state/run.env is not one of ours"
  local i pid pids=()
  for ((i = 0; i < N; i++)); do
    [ -s "$state/wiki-$i/server.pid" ] || continue
    pid=$(cat "$state/wiki-$i/server.pid")
    # The server leads its own process group: TERM the group (the server and its workers).
    kill -TERM -- "-$pid" 2>/dev/null && pids+=("$pid")
  done
  for pid in "${pids[@]}"; do
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  drop_databases "$RUN" "$N"
  rm -f "$RUNS_DIR/$RUN.env" "$state/run.env"
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start N BASEPORT STATE_DIR | stop STATE_DIR" ;;
esac
