# Helpers shared by the peer starters of scripts/peers/ that need Debian packages (and MariaDB)
# (sourced, not run). The sourcing script defines `die` and `note` and sets PEER_APT_LOG (and
# MYSQL_HOST and MYSQL_PORT when it uses MariaDB) first.

missing_packages() {
  local pkg missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$pkg")
  done
  echo "${missing[@]:-}"
}

apt_install() {
  [ "$(id -u)" = 0 ] || die "installing packages needs root (missing: $*)"
  export DEBIAN_FRONTEND=noninteractive
  # Try with the package lists as they are; refresh them only if that fails.
  # Parallel runs wait for each other's dpkg lock instead of failing.
  local wait_lock=(-o DPkg::Lock::Timeout=300)
  if ! apt-get install "${wait_lock[@]}" -y -qq "$@" >"$PEER_APT_LOG" 2>&1; then
    apt-get update "${wait_lock[@]}" -qq >>"$PEER_APT_LOG" 2>&1 || true
    apt-get install "${wait_lock[@]}" -y -qq "$@" >>"$PEER_APT_LOG" 2>&1 \
      || die "apt-get install $* failed; see $PEER_APT_LOG"
  fi
}

# The start of every peer's `install`: refuses when the SKIP_ variable named first is 1 (the tests
# then skip with that reason), else installs those of the packages that are missing. Sets
# PEER_INSTALLED to what it did, for the `result:` line of the set-up (scripts/setup/setup.mjs).
install_peer_packages() {
  local skip_var=$1 missing
  shift
  [ "${!skip_var:-}" = 1 ] && die "skipped on purpose ($skip_var=1)"
  PEER_INSTALLED="packages present"
  missing=$(missing_packages "$@")
  if [ -n "$missing" ]; then
    note "installing $missing"
    # Word splitting on purpose: one argument per package, in the caller's order.
    # shellcheck disable=SC2086
    apt_install $missing
    PEER_INSTALLED="installed from Debian's packages ($(echo $missing | wc -w) packages)"
  fi
}

mysql_admin() {
  # Root over the local socket (Debian's default), else root without a password over TCP.
  if mysql -uroot -N -B -e 'SELECT 1' >/dev/null 2>&1; then
    mysql -uroot -N -B "$@"
  else
    mysql -uroot -h"$MYSQL_HOST" -P"$MYSQL_PORT" -N -B "$@"
  fi
}

mysql_answers() {
  mysql -uroot -N -B -e 'SELECT 1' >/dev/null 2>&1 || mysql -uroot -h"$MYSQL_HOST" -P"$MYSQL_PORT" -N -B -e 'SELECT 1' >/dev/null 2>&1
}

ensure_mariadb() {
  mysql_answers && return 0
  if ! command -v mariadbd >/dev/null 2>&1 && ! command -v mysqld >/dev/null 2>&1; then
    note "installing mariadb-server"
    apt_install mariadb-server
  fi
  service mariadb start </dev/null >/dev/null 2>&1 || service mysql start </dev/null >/dev/null 2>&1 || true
  local i
  for i in $(seq 1 60); do mysql_answers && return 0; sleep 0.5; done
  die "MariaDB does not answer as root on the local socket or at $MYSQL_HOST:$MYSQL_PORT"
}

# The checks every `start N BASEPORT STATE_DIR` makes before it creates anything: its arguments,
# the installation (`installed_file` is there, else `software` is not installed), no running
# `sites` in STATE_DIR yet, MariaDB answering, and the N ports from BASEPORT free.
# Usage: check_start installed_file software sites "$@" (the start's own arguments).
check_start() {
  local installed_file=$1 software=$2 sites=$3
  shift 3
  [ $# -eq 3 ] || die "usage: $0 start N BASEPORT STATE_DIR"
  local n=$1 base=$2 state=$3
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$n'"
  [[ "$base" =~ ^[0-9]+$ ]] && ((base >= 1024 && base + n <= 65535)) || die "BASEPORT must be a port in 1024..65535, got '$base'"
  [ -e "$installed_file" ] || die "$software is not installed: run '$0 install' first"
  [ -e "$state/run.env" ] && die "$state already holds running $sites: stop them first"
  mysql_answers || die "MariaDB does not answer: run '$0 install' first"
  local i
  for ((i = 0; i < n; i++)); do
    port_in_use $((base + i)) && die "port $((base + i)) on 127.0.0.1 is already in use"
  done
  return 0
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

random_hex() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }

wait_http() {
  local url=$1 deadline=$((SECONDS + ${2:-30}))
  while ((SECONDS < deadline)); do
    curl -fsS -o /dev/null --max-time 5 "$url" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}
