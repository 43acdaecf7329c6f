import { siteHostKey } from './site-host';

/** Words a confirmation link's path or query carries on the platforms the engine registers on. */
const CONFIRM_WORDS = /confirm|activat|verif|key=|token=|action=rp/i;
const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/gi;

function sameSite(url: string, siteUrl: string): boolean {
  try {
    return siteHostKey(url) === siteHostKey(siteUrl);
  } catch {
    return false;
  }
}

/**
 * The confirmation link of a registration mail from `siteUrl`: the message is parsed (MIME,
 * quoted-printable, base64, HTML or text), and of the links to the site's own host (with or
 * without a leading www., as the site may link either) the first one that reads like a
 * confirmation (confirm, activate, verify, a key or token) is chosen, else the first link to the
 * site at all. Null when the mail links nowhere on the site.
 */
export async function confirmationLink(source: Buffer, siteUrl: string): Promise<string | null> {
  // Loaded on first use: mailparser and its MIME libraries cost the server's start ~65 ms otherwise.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  const texts = [...(mail.text ?? '').matchAll(URL_PATTERN)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
  const onSite = [...hrefs, ...texts].filter((url) => sameSite(url, siteUrl));
  return onSite.find((url) => CONFIRM_WORDS.test(url)) ?? onSite[0] ?? null;
}
