#!/usr/bin/env bash
# Real Shaarli bookmark sites on 127.0.0.1 for integration tests, from Debian's `shaarli` package.
#
#   scripts/peers/shaarli.sh install
#       Installs the Debian packages if missing (idempotent; fast when present), without their
#       recommended packages (Shaarli's recommends Apache, which a peer never needs). Refuses with
#       SKIP_SHAARLI=1, so the Shaarli tests are skipped on purpose.
#   scripts/peers/shaarli.sh start N BASEPORT STATE_DIR
#       Starts N independent sites on 127.0.0.1:BASEPORT, BASEPORT+1, ... each its own `php -S`
#       (in its own process group) serving a docroot of its own in STATE_DIR: links to Debian's
#       /usr/share/shaarli except a copy of index.php that reads the site's own config (Debian's
#       hard-codes /var/lib/shaarli, which is never touched). Its data, caches and sessions live in
#       STATE_DIR too; the login, password, API secret and `api.enabled` are written with Shaarli's
#       own ConfigManager. Prints one JSON line per site on stdout:
#       {"url","username","password","apiSecret"}
#   scripts/peers/shaarli.sh config STATE_DIR INDEX KEY JSON_VALUE
#       Sets one setting of site INDEX through ConfigManager, as its owner does in Tools → Configure:
#       `api.enabled false` switches its REST API off, `formatter '"default"'` its markdown.
#   scripts/peers/shaarli.sh stop STATE_DIR
#       Stops the servers (the sites' files go with STATE_DIR).
#
# Environment: SH_PEERS_PHP_WORKERS (php -S workers per site, default 2),
# SH_PEERS_HOSTS (space-separated loopback addresses, site i on the i-th, 127.0.0.1 past the list).
# See more-platforms-on-this-machine.md (Shaarli) in the shared notes for the facts this script is
# built on.
set -euo pipefail

# php-cgi first: it answers shaarli's "a PHP for a web server" dependency, which apt would
# otherwise answer with Apache's PHP module (and Apache itself).
PACKAGES=(php-cli php-cgi curl shaarli)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PHP_WORKERS=${SH_PEERS_PHP_WORKERS:-2}
read -ra SITE_HOSTS <<<"${SH_PEERS_HOSTS:-}"
# The loopback address site $1 listens on.
site_host() { echo "${SITE_HOSTS[$1]:-127.0.0.1}"; }
SHAARLI_ROOT=/usr/share/shaarli
# One file per started run (its state dir), so that 'install' can stop servers of runs that died
# without 'stop'.
RUNS_DIR=/var/tmp/linkloom-shaarli-peers
PEER_APT_LOG=/tmp/shaarli-peers-apt.log
PEER_APT_CONF=/tmp/shaarli-peers-apt.conf
LOGIN=admin

die() { echo "shaarli.sh: $*" >&2; exit 1; }
note() { echo "shaarli.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

# ---------------------------------------------------------------------------------------------
# install

cmd_install() {
  [ "${SKIP_SHAARLI:-}" = 1 ] && die "skipped on purpose (SKIP_SHAARLI=1)"
  echo 'APT::Install-Recommends "false";' >"$PEER_APT_CONF"
  # APT_CONFIG is read before apt's own configuration: no recommended packages for this install.
  APT_CONFIG=$PEER_APT_CONF install_peer_packages SKIP_SHAARLI "${PACKAGES[@]}"
  [ -e "$SHAARLI_ROOT/index.php" ] || die "$SHAARLI_ROOT/index.php is missing after installing shaarli"
  grep -q 'new ConfigManager()' "$SHAARLI_ROOT/index.php" || die "$SHAARLI_ROOT/index.php no longer reads its config as this script expects"
  command -v php >/dev/null 2>&1 || die "php is missing after installing php-cli"
  sweep_stale
  echo "result: $PEER_INSTALLED"
}

# Servers of runs that died without 'stop' (their STATE_DIR is gone, or they are a day old).
sweep_stale() {
  local file run state
  mkdir -p "$RUNS_DIR"
  for file in "$RUNS_DIR"/llsh-*.env; do
    [ -e "$file" ] || continue
    run=${file##*/}; run=${run%.env}
    state=$(sed -n 's/^STATE=//p' "$file")
    if [ -n "$state" ] && [ -f "$state/run.env" ] && grep -qx "RUN=$run" "$state/run.env"; then
      [ -n "$(find "$file" -mmin +1440)" ] || continue
      note "stopping stale sites of $run in $state"
      cmd_stop "$state" || true
    else
      note "stopping the servers of $run (its state folder is gone)"
      local pid
      for pid in $(sed -n 's/^PID=//p' "$file"); do stop_server "$pid" "$run"; done
      rm -f "$file"
    fi
  done
}

# TERMs the process group of server $1 (then KILLs it), if that process is still a php -S of run $2.
stop_server() {
  local pid=$1 run=$2 i
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  # A pid of a dead run may have been reused: only a php server whose docroot is in this run's folder.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "-S .*/$run/" || return 0
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.05; done
  kill -KILL -- "-$pid" 2>/dev/null || true
}

# ---------------------------------------------------------------------------------------------
# start

# Writes a site's config with Shaarli's ConfigManager: every resource in the site's folder, the
# login (hash = sha1(password . login . salt), as Shaarli's installer makes it), the API on with
# its secret, nothing fetched from outside (no update checks, thumbnails or page metadata).
write_config() {
  local dir=$1 title=$2 password=$3 secret=$4
  php -d display_errors=stderr -r '
    require "/usr/share/shaarli/autoload.php";
    [, $dir, $title, $login, $password, $secret] = $argv;
    $conf = new Shaarli\Config\ConfigManager("$dir/data/config");
    foreach ([
      "resource.data_dir" => "$dir/data",
      "resource.config" => "$dir/data/config.php",
      "resource.datastore" => "$dir/data/datastore.php",
      "resource.ban_file" => "$dir/data/ipbans.php",
      "resource.updates" => "$dir/data/updates.txt",
      "resource.log" => "$dir/data/log.txt",
      "resource.update_check" => "$dir/data/lastupdatecheck.txt",
      "resource.history" => "$dir/data/history.php",
      "resource.raintpl_tmp" => "$dir/tmp/",
      "resource.thumbnails_cache" => "$dir/cache",
      "resource.page_cache" => "$dir/pagecache",
      "general.title" => $title,
      "general.timezone" => "UTC",
      "general.header_link" => "/",
      "general.retrieve_description" => false,
      "general.enable_async_metadata" => false,
      "updates.check_updates" => false,
      "thumbnails.mode" => "none",
      "privacy.default_private_links" => false,
      "security.session_protection_disabled" => false,
      "translation.language" => "en",
      "api.enabled" => true,
      "api.secret" => $secret,
    ] as $key => $value) {
      $conf->set($key, $value);
    }
    $salt = bin2hex(random_bytes(20));
    $conf->set("credentials.login", $login);
    $conf->set("credentials.salt", $salt);
    $conf->set("credentials.hash", sha1($password . $login . $salt));
    $conf->write(true);
  ' -- "$dir" "$title" "$LOGIN" "$password" "$secret"
}

# The site's docroot: a link to each entry of Debian's Shaarli, and index.php reading the site's config.
make_docroot() {
  local dir=$1 www="$1/www" entry name
  mkdir -p "$www"
  for entry in "$SHAARLI_ROOT"/* "$SHAARLI_ROOT"/.htaccess; do
    name=${entry##*/}
    case "$name" in index.php | cache) continue ;; esac
    ln -s "$entry" "$www/$name"
  done
  sed "s#new ConfigManager()#new ConfigManager('$dir/data/config')#" "$SHAARLI_ROOT/index.php" >"$www/index.php"
  grep -qF "new ConfigManager('$dir/data/config')" "$www/index.php" || die "could not point index.php at $dir/data/config"
}

setup_site() {
  local state=$1 i=$2 port=$3 password=$4 secret=$5
  local dir="$state/site-$i" host
  host=$(site_host "$i")
  mkdir -p "$dir/data" "$dir/tmp" "$dir/cache" "$dir/pagecache" "$dir/sessions"
  make_docroot "$dir"
  write_config "$dir" "Bookmarks $port" "$password" "$secret" >"$dir/config.log" 2>&1 \
    || die "could not write the config of site $i: $(tail -n 3 "$dir/config.log" | tr '\n' ' ')"
  printf '{"url":"http://%s:%s","username":"%s","password":"%s","apiSecret":"%s"}\n' \
    "$host" "$port" "$LOGIN" "$password" "$secret" >"$dir/site.json"
}

cmd_start() {
  [ $# -eq 3 ] || die "usage: $0 start N BASEPORT STATE_DIR"
  local n=$1 base=$2 state=$3 i
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$n'"
  [[ "$base" =~ ^[0-9]+$ ]] && ((base >= 1024 && base + n <= 65535)) || die "BASEPORT must be a port in 1024..65535, got '$base'"
  [ -e "$SHAARLI_ROOT/index.php" ] && command -v php >/dev/null 2>&1 || die "Shaarli is not installed: run '$0 install' first"
  [ -e "$state/run.env" ] && die "$state already holds running sites: stop them first"
  for ((i = 0; i < n; i++)); do
    port_in_use $((base + i)) && die "port $((base + i)) on 127.0.0.1 is already in use"
  done

  mkdir -p "$state/logs" "$RUNS_DIR"
  state=$(cd "$state" && pwd)
  local run="llsh-$(random_hex 4)"
  # The sites live under $state/$run/, so that a server's command line names its run (stop_server).
  local root="$state/$run"
  mkdir -p "$root"
  # Everything needed to undo this run, written before anything is started.
  printf 'RUN=%s\nN=%s\nBASE=%s\n' "$run" "$n" "$base" >"$state/run.env"
  printf 'STATE=%s\nN=%s\n' "$state" "$n" >"$RUNS_DIR/$run.env"
  # Any failure from here on (die, or a failing command under set -e) undoes what was made.
  trap 'status=$?; if [ "$status" != 0 ]; then note "start failed; cleaning up"; cmd_stop "$state" >/dev/null 2>&1 || true; fi' EXIT

  for ((i = 0; i < n; i++)); do
    setup_site "$root" "$i" $((base + i)) "Pw-$(random_hex 10)" "$(random_hex 16)"
  done

  for ((i = 0; i < n; i++)); do
    local port=$((base + i)) dir="$root/site-$i"
    # Its own process group (setsid), so that 'stop' ends the server and its workers together;
    # run from the docroot, as Shaarli reads its templates by relative paths. Debian's Slim 3 is
    # deprecated under PHP 8.2: those notices are kept out of the log.
    (cd "$dir/www" && exec env PHP_CLI_SERVER_WORKERS="$PHP_WORKERS" \
      setsid php -d session.save_path="$dir/sessions" -d display_errors=0 -d log_errors=1 -d error_reporting="E_ALL & ~E_DEPRECATED" \
      -S "$(site_host "$i"):$port" -t "$dir/www" </dev/null >"$state/logs/site-$i.log" 2>&1) &
    echo $! >"$dir/server.pid"
    echo "PID=$!" >>"$RUNS_DIR/$run.env"
  done
  for ((i = 0; i < n; i++)); do
    local url="http://$(site_host "$i"):$((base + i))"
    # The public list (it also makes the datastore, with Shaarli's two default bookmarks).
    wait_http "$url/" 60 || die "site $i at $url does not answer; see $state/logs"
  done
  trap - EXIT
  for ((i = 0; i < n; i++)); do cat "$root/site-$i/site.json"; done
}

# ---------------------------------------------------------------------------------------------
# config

cmd_config() {
  [ $# -eq 4 ] || die "usage: $0 config STATE_DIR INDEX KEY JSON_VALUE"
  local state=$1 i=$2 key=$3 value=$4
  [ -f "$state/run.env" ] || die "$state holds no running sites"
  [[ "$key" =~ ^[a-z_]+(\.[a-z_]+)*$ ]] || die "'$key' is not a Shaarli setting name"
  local RUN
  RUN=$(sed -n 's/^RUN=//p' "$state/run.env")
  local dir="$state/$RUN/site-$i"
  [[ "$i" =~ ^[0-9]+$ ]] && [ -d "$dir/data" ] || die "$state has no site $i"
  php -d display_errors=stderr -r '
    require "/usr/share/shaarli/autoload.php";
    [, $dir, $key, $json] = $argv;
    $value = json_decode($json, true, 16, JSON_THROW_ON_ERROR);
    $conf = new Shaarli\Config\ConfigManager("$dir/data/config");
    $conf->set($key, $value);
    $conf->write(true);
  ' -- "$dir" "$key" "$value" || die "could not set $key of site $i"
}

# ---------------------------------------------------------------------------------------------
# stop

cmd_stop() {
  [ $# -eq 1 ] || die "usage: $0 stop STATE_DIR"
  local state=$1
  [ -f "$state/run.env" ] || { note "nothing to stop in $state"; return 0; }
  local RUN N
  RUN=$(sed -n 's/^RUN=//p' "$state/run.env"); N=$(sed -n 's/^N=//p' "$state/run.env")
  [[ "$RUN" =~ ^llsh-[0-9a-f]+$ ]] || die "$state/run.env is not one of ours"
  local i
  for ((i = 0; i < N; i++)); do
    [ -s "$state/$RUN/site-$i/server.pid" ] || continue
    stop_server "$(cat "$state/$RUN/site-$i/server.pid")" "$RUN"
  done
  rm -f "$RUNS_DIR/$RUN.env" "$state/run.env"
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  config) shift; cmd_config "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start N BASEPORT STATE_DIR | config STATE_DIR INDEX KEY JSON_VALUE | stop STATE_DIR" ;;
esac
