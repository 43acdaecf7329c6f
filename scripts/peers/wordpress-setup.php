<?php
/*
 * Installs one test blog without wp-cli (not in Debian bookworm); run by wordpress.sh as www-data:
 *   php wordpress-setup.php NAME PORT ADMIN_PASSWORD UPLOADS_DIR [HOST]
 * NAME selects /etc/wordpress/config-NAME.php through Debian's wp-config.php. Installs WordPress,
 * sets pretty permalinks, per-blog uploads, no pings, creates an application password for the
 * admin and prints the blog as one JSON line.
 */
if (PHP_SAPI !== 'cli' || ($argc !== 5 && $argc !== 6)) {
    fwrite(STDERR, "usage: php wordpress-setup.php NAME PORT ADMIN_PASSWORD UPLOADS_DIR [HOST]\n");
    exit(2);
}
[, $name, $port, $adminPassword, $uploadsDir] = $argv;
// The loopback address the blog listens on (wordpress.sh WP_PEERS_HOSTS), 127.0.0.1 by default.
$ip = $argv[5] ?? '127.0.0.1';
$host = "$ip:$port";
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['SERVER_NAME'] = $ip;
$_SERVER['SERVER_PORT'] = $port;
$_SERVER['WORDPRESS_CONFIG'] = $name;
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['REMOTE_ADDR'] = '127.0.0.1';

define('WP_INSTALLING', true);
// No mail server here: the install's "new blog" mail is skipped.
function wp_mail() { return true; }
function wp_new_blog_notification() {}

require_once '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$username = 'admin';
// Public (blog_public 1): a private blog would send robots noindex,nofollow and no link on it could verify as followed.
$installed = wp_install("LinkLoom test blog $port", $username, 'admin@example.test', true, '', wp_slash($adminPassword));
if (is_wp_error($installed) || empty($installed['user_id'])) {
    fwrite(STDERR, 'wp_install failed: ' . (is_wp_error($installed) ? $installed->get_error_message() : 'no user') . "\n");
    exit(1);
}
$userId = (int) $installed['user_id'];

update_option('upload_path', $uploadsDir);
update_option('upload_url_path', "http://$host/ll-uploads");
update_option('uploads_use_yearmonth_folders', 0);
update_option('default_pingback_flag', 0);
update_option('default_ping_status', 'closed');
update_option('blogdescription', 'A local blog for LinkLoom tests');

global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
flush_rewrite_rules(false);

$created = WP_Application_Passwords::create_new_application_password($userId, ['name' => 'linkloom-tests']);
if (is_wp_error($created)) {
    fwrite(STDERR, 'application password failed: ' . $created->get_error_message() . "\n");
    exit(1);
}

echo json_encode([
    'url' => "http://$host",
    'username' => $username,
    'password' => $adminPassword,
    'applicationPassword' => $created[0],
    'xmlrpcUrl' => "http://$host/xmlrpc.php",
], JSON_UNESCAPED_SLASHES), "\n";
