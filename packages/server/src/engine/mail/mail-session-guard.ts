import type { Duplex } from 'node:stream';
import { MAIL_ERROR_MESSAGES } from '@linkloom/shared';
import { MailError, toMailError, type MailContext } from './mail-error';
import { sizeText, type MailLimits } from './mail-limits';

/** How each protocol's greeting begins (RFC 1939 §4, RFC 9051 §7.1): anything else is not that server. */
const GREETINGS = { pop3: ['+OK', '-ERR'], imap: ['* OK', '* PREAUTH', '* BYE'] } as const;
const GREETING_BYTES = Math.max(...Object.values(GREETINGS).flat().map((prefix) => prefix.length));

/**
 * The caps one mail session shares across its sockets (issue 33.5): the bytes the server sent in
 * all (counted as they arrive, before any parsing), the session's total time, and the first bytes
 * of the greeting, which must be the protocol's — so an SSH daemon, a web server or garbage on
 * the port ends the session at once as "not a POP3/IMAP server", without its banner being read
 * any further or shown. When a cap is passed the session is stopped (the client's `stop`), and
 * `explain` answers that reason rather than the error the stop caused.
 */
export class MailSessionGuard {
  private received = 0;
  /** The greeting's first bytes until they are known to be the protocol's; null after. */
  private greeting: Buffer | null = Buffer.alloc(0);
  private readonly deadline: NodeJS.Timeout;
  private stop: () => void = () => undefined;
  private failed: MailError | null = null;

  constructor(private readonly limits: MailLimits, readonly context: MailContext) {
    this.deadline = setTimeout(() => {
      this.fail(new MailError('timeout', MAIL_ERROR_MESSAGES.sessionTimeout(Math.round(limits.sessionMs / 1000))));
    }, limits.sessionMs);
    // The session's sockets keep the process alive while it runs; this timer alone must not.
    this.deadline.unref();
  }

  /** What stops the session when a cap is passed (destroying its socket, closing its client). */
  onFailure(stop: () => void): void {
    this.stop = stop;
  }

  /** The cap the session passed, if any. */
  get failure(): MailError | null {
    return this.failed;
  }

  /** Counts a chunk the server sent: false once the session passed a cap (it is being stopped). */
  accept(chunk: Buffer): boolean {
    if (this.failed) return false;
    this.received += chunk.length;
    if (this.received > this.limits.sessionBytes) {
      this.fail(new MailError('too-large', MAIL_ERROR_MESSAGES.tooLarge(`over ${sizeText(this.limits.sessionBytes)} in one session`)));
      return false;
    }
    return this.greeting === null || this.checkGreeting(chunk);
  }

  /** Counts every chunk `socket` delivers (alongside its other readers); answers the detach for a STARTTLS upgrade. */
  meter(socket: Duplex): () => void {
    const listener = (chunk: Buffer): void => {
      this.accept(chunk);
    };
    socket.on('data', listener);
    return () => socket.off('data', listener);
  }

  /** Ends the session with `error` (the first failure wins) and stops it. */
  fail(error: MailError): void {
    if (this.failed) return;
    this.failed = error;
    this.stop();
  }

  /** The user's reason for a failed session: the cap it passed, else the error sorted (toMailError). */
  explain(error: unknown): MailError {
    return this.failed ?? toMailError(error, this.context);
  }

  /** The session is over: its deadline no longer runs. */
  end(): void {
    clearTimeout(this.deadline);
  }

  private checkGreeting(chunk: Buffer): boolean {
    const seen = Buffer.concat([this.greeting ?? Buffer.alloc(0), chunk.subarray(0, GREETING_BYTES)]).subarray(0, GREETING_BYTES);
    const text = seen.toString('latin1').toUpperCase();
    const prefixes: readonly string[] = GREETINGS[this.context.settings.mailProtocol];
    if (prefixes.some((prefix) => text.startsWith(prefix))) {
      this.greeting = null;
      return true;
    }
    // Still too few bytes to tell (a greeting may arrive a byte at a time).
    if (prefixes.some((prefix) => prefix.startsWith(text))) {
      this.greeting = seen;
      return true;
    }
    const { settings } = this.context;
    this.fail(new MailError('not-mail-server', MAIL_ERROR_MESSAGES.notMailServer(
      settings.mailProtocol === 'pop3' ? 'POP3' : 'IMAP', settings.emailServer, settings.emailServerPort,
    )));
    return false;
  }
}
