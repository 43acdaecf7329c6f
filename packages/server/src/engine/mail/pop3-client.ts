import type net from 'node:net';
import type tls from 'node:tls';
import { MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { egressConnectTcp, egressConnectTls } from '../../platform/egress/egress-connect';
import { LineTooLongError } from './line-reader';
import { SocketLines, closedError as closedWith, timeoutError } from './socket-lines';
import { MailError } from './mail-error';
import { sizeText, type MailLimits } from './mail-limits';
import { MailSessionGuard } from './mail-session-guard';
import { mailTlsOptions } from './tls-options';

const CRLF = Buffer.from('\r\n');
/** The first line of a session, as messages name it. */
const GREETING = 'its greeting';

/** A POP3 command the server answered with -ERR (its text is the server's: kept out of messages). */
class Pop3CommandError extends Error {
  constructor(readonly command: string) {
    super(`the server answered -ERR to ${command}`);
  }
}

type MailSocket = net.Socket | tls.TLSSocket;

const CLOSED_TEXT = 'the mail server closed the connection';
const closedError = () => closedWith(CLOSED_TEXT);

/**
 * Connects plain or with implicit TLS through the outbound policy (a refused address fails
 * here, before any byte is sent); rejects on error, on close, or when `idleMs` passes first.
 */
function connect(settings: EmailSettings, idleMs: number, guard: MailSessionGuard): Promise<MailSocket> {
  return new Promise((resolve, reject) => {
    const socket: MailSocket = settings.SSL
      ? egressConnectTls({ port: settings.emailServerPort, ...mailTlsOptions(settings) })
      : egressConnectTcp({ host: settings.emailServer, port: settings.emailServerPort });
    guard.onFailure(() => socket.destroy());
    const timer = setTimeout(() => {
      socket.destroy();
      reject(timeoutError('connection timed out'));
    }, idleMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const closed = () => fail(closedError());
    socket.once('error', fail);
    socket.once('close', closed);
    socket.once(settings.SSL ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      socket.off('close', closed);
      resolve(socket);
    });
  });
}

/**
 * A small POP3 client (RFC 1939, RFC 2595 STLS) through the outbound policy: plain, implicit TLS
 * (POP3S) or STLS (the already-checked socket upgraded), with its own line reader, so multi-line
 * answers are read line by line however the bytes arrive and are dot-unstuffed (a body line `..x`
 * is `.x`). Hard caps (mail-limits.ts): a status line, a multi-line answer, the session's bytes
 * and time; every wait is bounded by the silence timeout. Failures are MailErrors in our words.
 * Why not a library: node-pop3, the maintained one, has no STLS and returns RETR still
 * dot-stuffed (shared notes, libraries-for-next-features.md), and STLS needs a reader of our own.
 */
export class Pop3Client {
  private readonly lines: SocketLines;

  private constructor(private socket: MailSocket, private readonly guard: MailSessionGuard, private readonly limits: MailLimits) {
    // Past a cap the guard is stopping the session: nothing more is read.
    this.lines = new SocketLines({ idleMs: limits.idleMs, idleText: 'the mail server stopped answering', closedText: CLOSED_TEXT, accept: (chunk) => guard.accept(chunk) });
    this.lines.listen(socket);
  }

  /** Connects, reads the greeting, upgrades with STLS when asked and logs in; a MailError on failure. */
  static async open(settings: EmailSettings, limits: MailLimits): Promise<Pop3Client> {
    const guard = new MailSessionGuard(limits, { settings, idleMs: limits.idleMs });
    let client: Pop3Client | undefined;
    try {
      client = new Pop3Client(await connect(settings, limits.idleMs, guard), guard, limits);
      await client.expectOk(GREETING);
      if (!settings.SSL && settings.startTls) await client.startTls(settings);
      await client.command(`USER ${settings.emailLogin}`, 'USER');
      try {
        await client.command(`PASS ${settings.emailPassword}`, 'PASS');
      } catch (error) {
        if (error instanceof Pop3CommandError) throw new MailError('auth', MAIL_ERROR_MESSAGES.auth(settings.emailLogin), { cause: error });
        throw error;
      }
      return client;
    } catch (error) {
      client?.close();
      guard.end();
      throw guard.explain(error);
    }
  }

  /** The user's reason for a failure of this session (the cap it passed, else the error sorted). */
  explain(error: unknown): MailError {
    return this.guard.explain(error);
  }

  /** STAT: how many messages the maildrop holds and their size in octets. */
  async stat(): Promise<{ count: number; size: number }> {
    const [count = Number.NaN, size = Number.NaN] = (await this.command('STAT')).split(' ').map(Number);
    if (!Number.isSafeInteger(count) || !Number.isSafeInteger(size)) throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol('the answer to STAT'));
    return { count, size };
  }

  /** LIST n: one message's size in octets (to skip, unread, what is too large to be a confirmation). */
  async size(number: number): Promise<number> {
    const [, size = Number.NaN] = (await this.command(`LIST ${number}`, 'LIST')).split(' ').map(Number);
    if (!Number.isSafeInteger(size)) throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol('the answer to LIST'));
    return size;
  }

  /** UIDL: each message's number and unique id (the listing capped like a message). */
  async uidl(): Promise<{ number: number; uid: string }[]> {
    await this.command('UIDL');
    return (await this.readMultiline()).toString('latin1').split('\r\n').filter(Boolean).map((line) => {
      const [number, uid = ''] = line.split(' ');
      return { number: Number(number), uid };
    });
  }

  /** UIDL n: one message's unique id. */
  async uidOf(number: number): Promise<string> {
    const [, uid = ''] = (await this.command(`UIDL ${number}`, 'UIDL')).split(' ');
    return uid;
  }

  /** RETR: the whole message (RFC 822 bytes, dot-unstuffed), at most the limits' message size. */
  async retrieve(number: number): Promise<Buffer> {
    await this.command(`RETR ${number}`, 'RETR');
    return this.readMultiline();
  }

  /** TOP: the headers and the first `lines` body lines. */
  async top(number: number, lines: number): Promise<Buffer> {
    await this.command(`TOP ${number} ${lines}`, 'TOP');
    return this.readMultiline();
  }

  /** DELE: marks a message deleted (done at QUIT). */
  async delete(number: number): Promise<void> {
    await this.command(`DELE ${number}`, 'DELE');
  }

  /** QUIT, checked: the deletions are committed only when the server says +OK (a failure throws); then closes. */
  async commit(): Promise<void> {
    try {
      await this.command('QUIT');
    } finally {
      this.close();
    }
  }

  /** QUIT: commits deletions and closes; never throws. */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT');
    } catch {
      // The session is over either way.
    } finally {
      this.close();
    }
  }

  close(): void {
    this.guard.end();
    this.socket.destroy();
  }

  /** The next line, at most `maxBytes` long (`what` names the cap in the message when it is passed). */
  private async readLine(maxBytes: number, what: string): Promise<Buffer> {
    try {
      return await this.lines.next(maxBytes, () => {
        if (this.guard.failure) throw this.guard.failure;
      });
    } catch (error) {
      if (!(error instanceof LineTooLongError)) throw error;
      const tooLarge = new MailError('too-large', MAIL_ERROR_MESSAGES.tooLarge(what), { cause: error });
      this.guard.fail(tooLarge);
      throw tooLarge;
    }
  }

  /** The lines of a multi-line answer up to the lone `.`, dot-unstuffed, joined with CRLF; at most the message size. */
  private async readMultiline(): Promise<Buffer> {
    const max = this.limits.messageBytes;
    const what = `a message over ${sizeText(max)}`;
    const lines: Buffer[] = [];
    let total = 0;
    for (;;) {
      const line = await this.readLine(Math.max(0, max - total), what);
      if (line.length === 1 && line[0] === 0x2e) return Buffer.concat(lines.flatMap((part, index) => (index ? [CRLF, part] : [part])));
      total += line.length + CRLF.length;
      lines.push(line[0] === 0x2e ? line.subarray(1) : line);
    }
  }

  private async expectOk(command: string): Promise<string> {
    const line = (await this.readLine(this.limits.lineBytes, `a line over ${sizeText(this.limits.lineBytes)}`)).toString('latin1');
    if (line.startsWith('+OK')) return line.slice(3).trim();
    const what = command === GREETING ? GREETING : `the answer to ${command}`;
    if (line.startsWith('-ERR') && command !== GREETING) throw new Pop3CommandError(command);
    throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol(what));
  }

  /** Sends a command and reads its +OK line; -ERR is a MailError naming the command (never the server's text). */
  private async command(text: string, name = text): Promise<string> {
    if (this.lines.failure) throw this.lines.failure;
    this.socket.write(`${text}\r\n`);
    try {
      return await this.expectOk(name);
    } catch (error) {
      if (error instanceof Pop3CommandError && name !== 'PASS' && name !== 'STLS') {
        throw new MailError('protocol', MAIL_ERROR_MESSAGES.protocol(`the answer to ${name}`), { cause: error });
      }
      throw error;
    }
  }

  /** STLS, then the TLS handshake on the same socket (RFC 2595); the TCP connection already passed the outbound policy. */
  private async startTls(settings: EmailSettings): Promise<void> {
    try {
      await this.command('STLS');
    } catch (error) {
      if (error instanceof Pop3CommandError) throw new MailError('tls', MAIL_ERROR_MESSAGES.noStartTls, { cause: error });
      throw error;
    }
    // Anything sent after the +OK and before the handshake is an injection: never read as protocol.
    this.socket = await this.lines.upgrade(this.socket, (plain) => {
      const upgraded = egressConnectTls({ socket: plain, ...mailTlsOptions(settings) });
      this.guard.onFailure(() => {
        upgraded.destroy();
        plain.destroy();
      });
      return upgraded;
    }, this.limits.idleMs);
  }
}
