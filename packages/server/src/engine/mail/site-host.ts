/**
 * A site's host without a leading `www.`: `www.example.com` → `example.com`, lower case (a host
 * that is nothing but `www.` and one label keeps it). Sites on www. often send their mail from the
 * bare domain — WordPress, for one, mails as `wordpress@example.com` for www.example.com — so a
 * confirmation mail is matched on this, which the sender's address and the www. host both contain.
 */
export function mailHostOf(siteUrl: string): string {
  return withoutWww(new URL(siteUrl).hostname.toLowerCase());
}

/** Host and port of a URL without a leading `www.`, lower case: what "the same site" compares. */
export function siteHostKey(url: string): string {
  return withoutWww(new URL(url).host.toLowerCase());
}

function withoutWww(host: string): string {
  return /^www\.[^.]+\.[^.]/.test(host) ? host.slice(4) : host;
}
