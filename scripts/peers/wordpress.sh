#!/usr/bin/env bash
# Real WordPress blogs on 127.0.0.1 for integration tests and benchmarks, from Debian's packages.
#
#   scripts/peers/wordpress.sh install
#       Installs the Debian packages if missing (idempotent; fast when present) and makes sure
#       MariaDB answers (starts it, installing mariadb-server only when there is none). Refuses
#       with SKIP_WORDPRESS=1, so the WordPress tests are skipped on purpose.
#   scripts/peers/wordpress.sh start N BASEPORT STATE_DIR
#       Starts N independent blogs on 127.0.0.1:BASEPORT, BASEPORT+1, ... with their own nginx and
#       php-fpm masters (configs, sockets, logs and uploads in STATE_DIR), one database per blog
#       under a per-run unique prefix, an admin user and an application password. Prints one JSON
#       line per blog on stdout:
#       {"url","username","password","applicationPassword","xmlrpcUrl"}
#   scripts/peers/wordpress.sh stop STATE_DIR
#       Stops the daemons, drops the databases and their users, removes the blog configs.
#
# Environment: WP_PEERS_PHP_CHILDREN (php-fpm workers shared by the blogs, default 8),
# WP_PEERS_PHP_INI_DIR (extra PHP ini folder for the blogs, e.g. STATE_DIR/php of dovecot.sh start),
# WP_PEERS_MYSQL_HOST (default 127.0.0.1), WP_PEERS_MYSQL_PORT (default 3306),
# WP_PEERS_HOSTS (space-separated loopback addresses, blog i on the i-th, 127.0.0.1 past the list:
# blogs on hosts of their own, as different owners' sites are — what the engine's same-domain rule
# tells apart; the port alone does not make another site).
# See real-peers.md in the shared notes for the facts this script is built on.
set -euo pipefail

PACKAGES=(php-fpm php php-mysql php-xml php-mbstring php-curl php-gd nginx default-mysql-client curl
  wordpress wordpress-theme-twentytwentythree)
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MYSQL_HOST=${WP_PEERS_MYSQL_HOST:-127.0.0.1}
MYSQL_PORT=${WP_PEERS_MYSQL_PORT:-3306}
PHP_CHILDREN=${WP_PEERS_PHP_CHILDREN:-8}
# An extra folder of PHP ini files for the blogs' php-fpm (a Dovecot peer's php/, whose sendmail_path
# makes the blogs' mail land in Dovecot); Debian's own conf.d is still read.
PHP_INI_EXTRA=${WP_PEERS_PHP_INI_DIR:-}
read -ra BLOG_HOSTS <<<"${WP_PEERS_HOSTS:-}"
# The loopback address blog $1 listens on.
blog_host() { echo "${BLOG_HOSTS[$1]:-127.0.0.1}"; }
WP_ROOT=/usr/share/wordpress
WP_CONFIG_DIR=/etc/wordpress

PEER_APT_LOG=/tmp/wordpress-peers-apt.log

die() { echo "wordpress.sh: $*" >&2; exit 1; }
note() { echo "wordpress.sh: $*" >&2; }

# missing_packages, apt_install, mysql_admin, mysql_answers, ensure_mariadb, port_in_use, random_hex, wait_http
# shellcheck source=peer-lib.sh
. "$SCRIPT_DIR/peer-lib.sh"

# ---------------------------------------------------------------------------------------------
# install

cmd_install() {
  # php-fpm and php come before wordpress in the list, or apt picks Apache's PHP module.
  install_peer_packages SKIP_WORDPRESS "${PACKAGES[@]}"
  ensure_mariadb
  sweep_stale
  # For npm test's set-up step (scripts/test-all.mjs); the tests read nothing from stdout here.
  echo "result: $PEER_INSTALLED, MariaDB answers"
}

# Blogs of runs that died without 'stop' (their STATE_DIR is gone, or they are a day old).
sweep_stale() {
  local file name run state db_name
  for file in "$WP_CONFIG_DIR"/config-llwp-*.php; do
    [ -e "$file" ] || continue
    name=${file##*/config-}; name=${name%.php}; run=${name%-*}
    state=$(sed -n 's|^/\* STATE=\(.*\) \*/$|\1|p' "$file")
    if [ -n "$state" ] && [ -f "$state/run.env" ] && grep -qx "RUN=$run" "$state/run.env"; then
      [ -n "$(find "$file" -mmin +1440)" ] || continue
      note "stopping stale blogs of $run in $state"
      cmd_stop "$state" || true
    else
      db_name="${name//-/_}"
      note "dropping stale blog $name"
      mysql_admin -e "DROP DATABASE IF EXISTS \`$db_name\`;DROP USER IF EXISTS '$db_name'@'localhost';DROP USER IF EXISTS '$db_name'@'127.0.0.1';" || true
      rm -f "$file"
    fi
  done
}

# ---------------------------------------------------------------------------------------------
# start

php_fpm_binary() {
  local bin
  bin=$(ls /usr/sbin/php-fpm* 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] || die "php-fpm is not installed: run '$0 install' first"
  echo "$bin"
}

write_nginx_conf() {
  local state=$1 n=$2 base=$3 run=$4 user_line=""
  if [ "$(id -u)" = 0 ]; then user_line="user www-data;"; fi
  {
    cat <<EOF
$user_line
worker_processes 2;
daemon on;
pid $state/nginx.pid;
error_log $state/logs/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  client_max_body_size 64m;
  client_body_temp_path $state/tmp/body;
  fastcgi_temp_path $state/tmp/fastcgi;
  proxy_temp_path $state/tmp/proxy;
  uwsgi_temp_path $state/tmp/uwsgi;
  scgi_temp_path $state/tmp/scgi;
EOF
    local i port name
    for ((i = 0; i < n; i++)); do
      port=$((base + i)); name="${run}-$i"
      cat <<EOF
  server {
    listen $(blog_host "$i"):$port;
    server_name $(blog_host "$i");
    root $WP_ROOT;
    index index.php;
    location ^~ /ll-uploads/ { alias $state/blog-$i/uploads/; }
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ \\.php\$ {
      try_files \$uri =404;
      fastcgi_pass unix:$state/php-fpm.sock;
      fastcgi_read_timeout 300s;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_param QUERY_STRING \$query_string;
      fastcgi_param REQUEST_METHOD \$request_method;
      fastcgi_param CONTENT_TYPE \$content_type;
      fastcgi_param CONTENT_LENGTH \$content_length;
      fastcgi_param SCRIPT_NAME \$fastcgi_script_name;
      fastcgi_param REQUEST_URI \$request_uri;
      fastcgi_param DOCUMENT_URI \$document_uri;
      fastcgi_param DOCUMENT_ROOT \$document_root;
      fastcgi_param SERVER_PROTOCOL \$server_protocol;
      fastcgi_param REQUEST_SCHEME \$scheme;
      fastcgi_param GATEWAY_INTERFACE CGI/1.1;
      fastcgi_param SERVER_SOFTWARE nginx;
      fastcgi_param REMOTE_ADDR \$remote_addr;
      fastcgi_param REMOTE_PORT \$remote_port;
      fastcgi_param SERVER_ADDR \$server_addr;
      fastcgi_param SERVER_PORT \$server_port;
      fastcgi_param SERVER_NAME \$server_name;
      fastcgi_param REDIRECT_STATUS 200;
      # Debian's fastcgi_params sends \$host, which drops the port: WordPress would 301-loop.
      fastcgi_param HTTP_HOST \$host:\$server_port;
      # Debian's wp-config.php then loads /etc/wordpress/config-$name.php.
      fastcgi_param WORDPRESS_CONFIG $name;
    }
  }
EOF
    done
    echo "}"
  } >"$state/nginx.conf"
}

write_php_fpm_conf() {
  local state=$1 user_lines=""
  if [ "$(id -u)" = 0 ]; then user_lines=$'user = www-data\ngroup = www-data'; fi
  cat >"$state/php-fpm.conf" <<EOF
[global]
pid = $state/php-fpm.pid
error_log = $state/logs/php-fpm.log
daemonize = yes

[wordpress]
$user_lines
listen = $state/php-fpm.sock
listen.mode = 0666
pm = dynamic
pm.max_children = $PHP_CHILDREN
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = $PHP_CHILDREN
catch_workers_output = yes
php_admin_value[error_log] = $state/logs/php-errors.log
php_admin_value[upload_max_filesize] = 32M
php_admin_value[post_max_size] = 64M
php_admin_value[memory_limit] = 256M
EOF
}

write_wp_config() {
  local file=$1 name=$2 port=$3 db_password=$4 state=$5 host=${6:-127.0.0.1} salt_lines
  salt_lines=""
  local key
  for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
    salt_lines+="define('$key', '$(random_hex 32)');"$'\n'
  done
  cat >"$file" <<EOF
<?php
/* Written by scripts/peers/wordpress.sh for a test blog on $host:$port; removed by 'stop'. */
/* STATE=$state */
define('DB_NAME', '$name');
define('DB_USER', '$name');
define('DB_PASSWORD', '$db_password');
define('DB_HOST', '$MYSQL_HOST:$MYSQL_PORT');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', 'http://$host:$port');
define('WP_SITEURL', 'http://$host:$port');
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
$salt_lines\$table_prefix = 'wp_';
EOF
  chmod 0644 "$file"
}

cmd_start() {
  check_start "$WP_ROOT/wp-load.php" WordPress blogs "$@"
  local n=$1 base=$2 state=$3
  local i

  mkdir -p "$state/logs" "$state/tmp"
  state=$(cd "$state" && pwd)
  chmod 0755 "$state"
  local run="llwp-$(random_hex 4)"
  # Everything needed to undo this run, written before anything is created.
  printf 'RUN=%s\nN=%s\nBASE=%s\n' "$run" "$n" "$base" >"$state/run.env"
  # Any failure from here on (die, or a failing command under set -e) undoes what was made.
  trap 'status=$?; if [ "$status" != 0 ]; then note "start failed; cleaning up"; cmd_stop "$state" >/dev/null 2>&1 || true; fi' EXIT

  local name db_name db_password sql=""
  for ((i = 0; i < n; i++)); do
    name="${run}-$i"; db_name="${name//-/_}"
    db_password=$(random_hex 12)
    sql+="CREATE DATABASE \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
    sql+="CREATE USER '$db_name'@'localhost' IDENTIFIED BY '$db_password';"
    sql+="CREATE USER '$db_name'@'127.0.0.1' IDENTIFIED BY '$db_password';"
    sql+="GRANT ALL ON \`$db_name\`.* TO '$db_name'@'localhost';"
    sql+="GRANT ALL ON \`$db_name\`.* TO '$db_name'@'127.0.0.1';"
    write_wp_config "$WP_CONFIG_DIR/config-$name.php" "$db_name" $((base + i)) "$db_password" "$state" "$(blog_host "$i")"
    mkdir -p "$state/blog-$i/uploads"
    if [ "$(id -u)" = 0 ]; then chown www-data:www-data "$state/blog-$i/uploads"; fi
  done
  mysql_admin -e "$sql" || die "could not create the databases (is root allowed to create databases?)"

  write_php_fpm_conf "$state"
  write_nginx_conf "$state" "$n" "$base" "$run"
  # Only with an extra folder: an empty PHP_INI_SCAN_DIR would drop Debian's conf.d (mysqli and all).
  local php_env=()
  [ -z "$PHP_INI_EXTRA" ] || php_env=(env "PHP_INI_SCAN_DIR=:$PHP_INI_EXTRA")
  "${php_env[@]}" "$(php_fpm_binary)" --fpm-config "$state/php-fpm.conf" --prefix "$state" </dev/null >>"$state/logs/php-fpm.out" 2>&1 \
    || die "php-fpm did not start: $(tail -n 3 "$state/logs/php-fpm.out" 2>/dev/null | tr '\n' ' ')"
  nginx -c "$state/nginx.conf" -p "$state" -e "$state/logs/nginx-error.log" </dev/null >>"$state/logs/nginx.out" 2>&1 \
    || die "nginx did not start: $(tail -n 3 "$state/logs/nginx-error.log" 2>/dev/null)"

  # Install the blogs in parallel: each is a PHP process that writes its own database.
  local pids=() as_www=()
  if [ "$(id -u)" = 0 ]; then as_www=(runuser -u www-data --); fi
  for ((i = 0; i < n; i++)); do
    "${as_www[@]}" php "$SCRIPT_DIR/wordpress-setup.php" "${run}-$i" $((base + i)) "$(random_hex 8)" "$state/blog-$i/uploads" "$(blog_host "$i")" \
      </dev/null >"$state/blog-$i/site.json" 2>"$state/blog-$i/setup.log" &
    pids+=($!)
  done
  local failed=0
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || { note "blog $i setup failed: $(tail -n 5 "$state/blog-$i/setup.log")"; failed=1; }; done
  ((failed == 0)) || false

  for ((i = 0; i < n; i++)); do
    local url="http://$(blog_host "$i"):$((base + i))"
    wait_http "$url/wp-json/" || die "blog $i at $url does not answer; see $state/logs"
  done
  trap - EXIT
  for ((i = 0; i < n; i++)); do cat "$state/blog-$i/site.json"; done
}

# ---------------------------------------------------------------------------------------------
# stop

# TERM is the fast shutdown for both nginx and php-fpm (QUIT would wait for idle connections).
stop_daemons() {
  local pidfile pid pids=() i
  for pidfile in "$@"; do
    [ -s "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null && pids+=("$pid")
  done
  for pid in "${pids[@]}"; do
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null || true
  done
}

cmd_stop() {
  [ $# -eq 1 ] || die "usage: $0 stop STATE_DIR"
  local state=$1
  [ -f "$state/run.env" ] || { note "nothing to stop in $state"; return 0; }
  local RUN N
  # shellcheck disable=SC1091
  RUN=$(sed -n 's/^RUN=//p' "$state/run.env"); N=$(sed -n 's/^N=//p' "$state/run.env")
  [[ "$RUN" =~ ^llwp-[0-9a-f]+$ ]] || die "$state/run.env is not one of ours"
  stop_daemons "$state/nginx.pid" "$state/php-fpm.pid"
  local i name db_name sql=""
  for ((i = 0; i < N; i++)); do
    name="${RUN}-$i"; db_name="${name//-/_}"
    sql+="DROP DATABASE IF EXISTS \`$db_name\`;DROP USER IF EXISTS '$db_name'@'localhost';DROP USER IF EXISTS '$db_name'@'127.0.0.1';"
    rm -f "$WP_CONFIG_DIR/config-$name.php"
  done
  mysql_admin -e "$sql" || note "could not drop the databases of $RUN"
  rm -f "$state/run.env"
}

case "${1:-}" in
  install) shift; cmd_install "$@" ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | start N BASEPORT STATE_DIR | stop STATE_DIR" ;;
esac
