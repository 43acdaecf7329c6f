import { randomBytes } from 'node:crypto';

/** A plain-text email as alerts send it. */
export interface PlainMessage {
  /** SMTP_FROM as configured: `address` or `Name <address>`. */
  from: string;
  to: string;
  subject: string;
  /** The body; lines end with LF or CRLF. */
  text: string;
  date: Date;
}

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** The bare address of `address` or `Name <address>`. */
export function addressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** A header value in RFC 2047 encoded words when it is not plain ASCII (each word ≤ 75 characters, whole UTF-8 characters). */
export function encodeHeaderText(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  if (ASCII_PRINTABLE.test(clean)) return clean;
  const words: string[] = [];
  let chunk = '';
  for (const char of clean) {
    // 45 bytes of UTF-8 → 60 base64 characters, plus `=?UTF-8?B?` and `?=`: within 75.
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** `Name <address>` with the name encoded when it is not plain ASCII. */
function mailboxHeader(mailbox: string): string {
  const match = /^(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!match || match[1] === '') return addressOf(mailbox);
  const name = match[1]!.replace(/^"|"$/g, '');
  return `${ASCII_PRINTABLE.test(name) ? `"${name.replace(/["\\]/g, '')}"` : encodeHeaderText(name)} <${match[2]}>`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An RFC 5322 date in UTC: `Sat, 10 Jan 2026 12:00:00 +0000`. */
export function rfc5322Date(date: Date): string {
  return `${DAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} `
    + `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text: lines of at most 76 characters, CRLF line ends. */
export function quotedPrintable(text: string): string {
  return text.replace(/\r\n|\r/g, '\n').split('\n').map((line) => {
    const bytes = Buffer.from(line, 'utf8');
    let out = '';
    let width = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      const last = i === bytes.length - 1;
      const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      const piece = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      if (width + piece.length > 75) {
        out += '=\r\n';
        width = 0;
      }
      out += piece;
      width += piece.length;
    }
    return out;
  }).join('\r\n');
}

/** The whole message (headers and a quoted-printable UTF-8 body), CRLF line ends, ready for DATA. */
export function composePlainMessage(message: PlainMessage): string {
  const domain = addressOf(message.from).split('@')[1] ?? 'linkloom.invalid';
  const headers = [
    `From: ${mailboxHeader(message.from)}`,
    `To: <${message.to}>`,
    `Subject: ${encodeHeaderText(message.subject)}`,
    `Date: ${rfc5322Date(message.date)}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    // RFC 3834: machine-made, so auto-responders stay quiet.
    'Auto-Submitted: auto-generated',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${quotedPrintable(message.text)}\r\n`;
}
