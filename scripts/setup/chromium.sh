#!/usr/bin/env bash
# Set-up step of `npm test`: Debian's Chromium at /usr/bin/chromium for the browser tests
# (e2e/support/browser.ts launches exactly that binary; never a browser download of a test tool's
# own). Installs the `chromium` package when it is missing and this runs as root.
set -euo pipefail
SETUP_NAME=chromium.sh
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CHROMIUM=/usr/bin/chromium

version() { "$CHROMIUM" --version 2>/dev/null | head -n 1 || true; }

if [ -x "$CHROMIUM" ]; then
  result "present ($(version))"
  exit 0
fi
is_root || die "Chromium is missing at $CHROMIUM: run 'apt-get install chromium' as root (or skip the browser tests on purpose with SKIP_E2E=1)"
note "installing chromium from Debian's packages"
apt_install chromium
[ -x "$CHROMIUM" ] || die "the chromium package is installed but $CHROMIUM is missing"
result "installed from Debian's packages ($(version))"
