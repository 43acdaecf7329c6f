#!/usr/bin/env bash
# A real Dovecot on 127.0.0.1 for integration tests and benchmarks (mailboxes that registrations
# and Verify mail read), from Debian's packages.
#
#   scripts/peers/dovecot.sh install
#       Installs dovecot-imapd and dovecot-pop3d if missing (idempotent; fast when present).
#       Refuses with SKIP_DOVECOT=1, so the mail tests are skipped on purpose.
#   scripts/peers/dovecot.sh start BASEPORT STATE_DIR USER:PASSWORD [USER:PASSWORD ...]
#       Starts its own Dovecot master with a self-contained config in STATE_DIR (sockets, logs,
#       homes; /etc/dovecot is never read): IMAP on BASEPORT, IMAPS on BASEPORT+1, POP3 on
#       BASEPORT+2, POP3S on BASEPORT+3, all on 127.0.0.1, STARTTLS/STLS offered on the plain
#       ports, a fresh self-signed certificate for 127.0.0.1, plaintext logins allowed, users from
#       a passwd file (address USER@localhost). The first user also gets a Junk folder (special
#       use \Junk). Prints one JSON line on stdout:
#       {"host","imap","imaps","pop3","pop3s","certFile","conf","sendmail","users":[{"user","password"}]}
#       `sendmail` is a command line for PHP's sendmail_path: it delivers each message of a site
#       to the mailbox of its recipient's local part (unknown ones to the first user).
#   scripts/peers/dovecot.sh deliver STATE_DIR USER < MESSAGE
#       Delivers one RFC 822 message to USER's INBOX through dovecot-lda (as the sites' mail does).
#   scripts/peers/dovecot.sh stop STATE_DIR
#       Stops that master.
#
# Mail is stored as www-data (uid 33), so PHP's delivery through dovecot-lda works from php-fpm
# and `php -S` too (site-mail-and-wikis.md §1 in the shared notes; real-peers.md for Dovecot).
set -euo pipefail

PACKAGES=(dovecot-imapd dovecot-pop3d openssl)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PEER_APT_LOG=/tmp/dovecot-peers-apt.log
MAIL_UID=33
LDA=/usr/lib/dovecot/dovecot-lda

die() { echo "dovecot.sh: $*" >&2; exit 1; }
note() { echo "dovecot.sh: $*" >&2; }

# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

cmd_install() {
  install_peer_packages SKIP_DOVECOT "${PACKAGES[@]}"
  [ -x /usr/sbin/dovecot ] && [ -x "$LDA" ] || die "dovecot or dovecot-lda is missing after installing"
  echo "result: $PEER_INSTALLED"
}

write_config() {
  local state=$1 base=$2
  cat >"$state/dovecot.conf" <<EOF
# Written by scripts/peers/dovecot.sh for one test run; nothing else reads it.
instance_name = linkloom-$base
base_dir = $state/run
state_dir = $state/lib
listen = 127.0.0.1
protocols = imap pop3
log_path = $state/dovecot.log
ssl = yes
ssl_cert = <$state/cert.pem
ssl_key = <$state/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $state/passwd
}
userdb {
  driver = static
  args = uid=$MAIL_UID gid=$MAIL_UID home=$state/home/%n
}
first_valid_uid = $MAIL_UID
first_valid_gid = $MAIL_UID
mail_location = maildir:~/Maildir
pop3_uidl_format = %08Xu%08Xv
namespace inbox {
  inbox = yes
  separator = /
  mailbox Junk {
    special_use = \\Junk
  }
}
service imap-login {
  inet_listener imap {
    port = $base
  }
  inet_listener imaps {
    port = $((base + 1))
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    port = $((base + 2))
  }
  inet_listener pop3s {
    port = $((base + 3))
    ssl = yes
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
# No growing delay after failed logins (the auth penalty): the tests log in wrong on purpose.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
protocol lda {
  log_path = $state/lda.log
  postmaster_address = postmaster@localhost
}
EOF
}

cmd_start() {
  [ $# -ge 3 ] || die "usage: start BASEPORT STATE_DIR USER:PASSWORD [USER:PASSWORD ...]"
  local base=$1 state=$2 port entry user first="" users_json="" sep=""
  shift 2
  command -v dovecot >/dev/null || die "dovecot is not installed: run 'scripts/peers/dovecot.sh install' as root"
  [ "$(id -u)" = 0 ] || die "starting Dovecot needs root (it stores mail as www-data)"
  for port in "$base" $((base + 1)) $((base + 2)) $((base + 3)); do
    port_in_use "$port" && die "port $port on 127.0.0.1 is in use"
  done
  mkdir -p "$state"
  state=$(cd "$state" && pwd)
  # dovecot-lda runs as www-data when PHP delivers: it must reach the config, the log and the homes.
  chmod 0755 "$state"
  mkdir -p "$state/run" "$state/lib" "$state/home"
  : >"$state/passwd"
  for entry in "$@"; do
    user=${entry%%:*}
    [[ $user =~ ^[a-z0-9._-]+$ ]] || die "user name '$user': lower-case letters, digits, '.', '_' and '-' only"
    printf '%s:{PLAIN}%s\n' "$user" "${entry#*:}" >>"$state/passwd"
    mkdir -p "$state/home/$user/Maildir/cur" "$state/home/$user/Maildir/new" "$state/home/$user/Maildir/tmp"
    [ -n "$first" ] || first=$user
    users_json+="$sep{\"user\":\"$user\",\"password\":\"${entry#*:}\"}"
    sep=","
  done
  # The first user's spam folder (Maildir++ .Junk, special use \Junk from the config).
  mkdir -p "$state/home/$first/Maildir/.Junk/cur" "$state/home/$first/Maildir/.Junk/new" "$state/home/$first/Maildir/.Junk/tmp"
  echo "Junk" >"$state/home/$first/Maildir/subscriptions"
  chown -R "$MAIL_UID:$MAIL_UID" "$state/home"
  chgrp dovecot "$state/passwd" && chmod 0640 "$state/passwd"
  : >"$state/lda.log"
  chown "$MAIL_UID:$MAIL_UID" "$state/lda.log"
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=127.0.0.1" \
    -addext "subjectAltName=IP:127.0.0.1" -keyout "$state/key.pem" -out "$state/cert.pem" >/dev/null 2>&1 \
    || die "openssl could not make the certificate"
  write_config "$state" "$base"
  write_sendmail "$state" "$first"
  # The master runs on in the background: it must not hold the caller's stdout / stderr open.
  dovecot -c "$state/dovecot.conf" </dev/null >"$state/start.log" 2>&1 \
    || die "dovecot did not start: $(tail -3 "$state/start.log"); see $state/dovecot.log"
  local deadline=$((SECONDS + 20))
  for port in "$base" $((base + 1)) $((base + 2)) $((base + 3)); do
    until port_in_use "$port"; do
      ((SECONDS < deadline)) || die "Dovecot does not listen on 127.0.0.1:$port; see $state/dovecot.log"
      sleep 0.1
    done
  done
  printf '{"host":"127.0.0.1","imap":%d,"imaps":%d,"pop3":%d,"pop3s":%d,"certFile":"%s","conf":"%s","sendmail":"%s","users":[%s]}\n' \
    "$base" $((base + 1)) $((base + 2)) $((base + 3)) "$state/cert.pem" "$state/dovecot.conf" \
    "$(cat "$state/sendmail-path")" "$users_json"
}

# The sendmail_path command line for PHP (scripts/peers/sendmail-dovecot.php), and an ini file for
# PHP_INI_SCAN_DIR=":STATE_DIR/php" so php-fpm or php -S pick it up without touching /etc/php.
write_sendmail() {
  local state=$1 catchall=$2 users
  users=$(cut -d: -f1 "$state/passwd" | paste -sd, -)
  local line="php $SCRIPT_DIR/sendmail-dovecot.php -t -i --dovecot-conf=$state/dovecot.conf --catchall=$catchall --users=$users --log=$state/sendmail.log"
  echo "$line" >"$state/sendmail-path"
  : >"$state/sendmail.log"
  chown "$MAIL_UID:$MAIL_UID" "$state/sendmail.log"
  mkdir -p "$state/php"
  printf 'sendmail_path = "%s"\n' "$line" >"$state/php/90-sendmail-dovecot.ini"
}

cmd_deliver() {
  [ $# -eq 2 ] || die "usage: deliver STATE_DIR USER < MESSAGE"
  local state=$1 user=$2
  [ -f "$state/dovecot.conf" ] || die "no Dovecot config in $state"
  "$LDA" -c "$state/dovecot.conf" -d "$user" -f "sender@localhost"
}

cmd_stop() {
  [ $# -eq 1 ] || die "usage: stop STATE_DIR"
  local state=$1 pid
  [ -f "$state/run/master.pid" ] || return 0
  pid=$(cat "$state/run/master.pid")
  kill "$pid" 2>/dev/null || return 0
  local deadline=$((SECONDS + 10))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  deliver) shift; cmd_deliver "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start BASEPORT STATE_DIR USER:PASSWORD... | deliver STATE_DIR USER | stop STATE_DIR" ;;
esac
