# Helpers shared by the set-up steps of `npm test` (scripts/setup/*.sh); sourced, not run.
#
# Protocol with scripts/test-all.mjs: progress notes go to stderr; stdout carries only
#   result: <what was done, in words>      (one line, printed last)
#   env: NAME=VALUE                        (variables the test stages must get)
# A failing step exits non-zero after saying on stderr what is missing and how to get it.

SETUP_NAME=${SETUP_NAME:-setup}
APT_LOG=/tmp/linkloom-setup-apt.log

note() { echo "$SETUP_NAME: $*" >&2; }
die() { echo "$SETUP_NAME: $*" >&2; exit 1; }
result() { echo "result: $*"; }
export_env() { echo "env: $1=$2"; }

is_root() { [ "$(id -u)" = 0 ]; }

package_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

# Installs Debian packages (root only). Same pattern as scripts/peers/wordpress.sh: try with the
# package lists as they are and refresh them only if that fails; wait for another run's dpkg lock.
apt_install() {
  is_root || die "installing $* needs root: run 'apt-get install $*' as root"
  command -v apt-get >/dev/null 2>&1 || die "apt-get is not available to install $*: install it with this system's package manager"
  export DEBIAN_FRONTEND=noninteractive
  local wait_lock=(-o DPkg::Lock::Timeout=300)
  if ! apt-get install "${wait_lock[@]}" -y -qq "$@" >"$APT_LOG" 2>&1; then
    note "refreshing the package lists (apt-get update)"
    apt-get update "${wait_lock[@]}" -qq >>"$APT_LOG" 2>&1 || true
    apt-get install "${wait_lock[@]}" -y -qq "$@" >>"$APT_LOG" 2>&1 \
      || die "apt-get install $* failed: $(tail -n 2 "$APT_LOG" | tr '\n' ' ')(full log: $APT_LOG)"
  fi
}
