<?php
// A sendmail stand-in for the test peers' PHP (sendmail_path): each message a site sends goes to
// a real Dovecot mailbox through dovecot-lda, no SMTP server involved (site-mail-and-wikis.md §1).
//
//   php sendmail-dovecot.php [-t] [-i] [-f SENDER] --dovecot-conf=FILE --users=a,b [--catchall=USER]
//       [--log=FILE] [RECIPIENT ...]
//
// Recipients come from the arguments, plus To / Cc / Bcc when -t is given (Bcc is dropped from
// the message). A recipient whose local part is one of --users goes to that user, any other to
// --catchall; without a catch-all it exits 67 (EX_NOUSER). Line ends become LF for dovecot-lda.
// Written by scripts/peers/dovecot.sh start, which also prints the command line.

$options = ['conf' => null, 'users' => [], 'catchall' => null, 'log' => null, 'from' => null, 'headers' => false];
$recipients = [];
$args = array_slice($argv, 1);
for ($i = 0; $i < count($args); $i++) {
    $arg = $args[$i];
    if ($arg === '-t') $options['headers'] = true;
    elseif ($arg === '-i' || $arg === '-oi') continue;
    elseif ($arg === '-f') $options['from'] = $args[++$i] ?? null;
    elseif (str_starts_with($arg, '-f') && strlen($arg) > 2) $options['from'] = substr($arg, 2);
    elseif (str_starts_with($arg, '--dovecot-conf=')) $options['conf'] = substr($arg, 15);
    elseif (str_starts_with($arg, '--users=')) $options['users'] = array_filter(explode(',', substr($arg, 8)));
    elseif (str_starts_with($arg, '--catchall=')) $options['catchall'] = substr($arg, 11);
    elseif (str_starts_with($arg, '--log=')) $options['log'] = substr($arg, 6);
    elseif (str_starts_with($arg, '-')) continue; // other sendmail flags mean nothing here
    else $recipients[] = $arg;
}
if ($options['conf'] === null) { fwrite(STDERR, "sendmail-dovecot: --dovecot-conf is required\n"); exit(64); }

$message = str_replace("\r\n", "\n", stream_get_contents(STDIN));
[$head, $body] = array_pad(explode("\n\n", $message, 2), 2, '');
// Unfold continued header lines, then read the address headers.
$lines = preg_split('/\n(?![ \t])/', $head);
$kept = [];
foreach ($lines as $line) {
    if (preg_match('/^(To|Cc|Bcc):(.*)$/is', $line, $m)) {
        if ($options['headers']) {
            preg_match_all('/[^\s<>",;:]+@[^\s<>",;]+/', $m[2], $found);
            foreach ($found[0] as $address) $recipients[] = $address;
        }
        if (strcasecmp($m[1], 'Bcc') === 0) continue;
    }
    if ($options['from'] === null && preg_match('/^Return-Path:\s*<?([^>\s]+)/i', $line, $m)) $options['from'] = $m[1];
    $kept[] = $line;
}
$message = implode("\n", $kept) . "\n\n" . $body;

$log = function (string $text) use ($options) {
    if ($options['log'] !== null) @file_put_contents($options['log'], date('c') . " $text\n", FILE_APPEND);
};

$status = 0;
foreach (array_unique($recipients) as $recipient) {
    $local = strtolower(explode('@', trim($recipient, " <>"))[0]);
    $user = in_array($local, $options['users'], true) ? $local : $options['catchall'];
    if ($user === null || $user === '') { $log("no mailbox for $recipient"); $status = 67; continue; }
    $command = ['/usr/lib/dovecot/dovecot-lda', '-c', $options['conf'], '-d', $user];
    if ($options['from'] !== null) array_push($command, '-f', $options['from']);
    $process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($process)) { $log("could not run dovecot-lda for $recipient"); $status = 75; continue; }
    fwrite($pipes[0], $message);
    fclose($pipes[0]);
    $errors = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $rc = proc_close($process);
    $log("$recipient -> $user rc=$rc" . ($errors !== '' ? ' ' . trim($errors) : ''));
    if ($rc !== 0) $status = $rc;
}
exit($status);
