import net from 'node:net';
import tls from 'node:tls';
import { MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { MailError, toMailError } from './mail-error';
import { mailTlsOptions } from './tls-options';

const CRLF = Buffer.from('\r\n');

/** A POP3 command the server answered with -ERR. */
class Pop3CommandError extends Error {
  constructor(readonly command: string, readonly answer: string) {
    super(`${command}: ${answer}`);
  }
}

type MailSocket = net.Socket | tls.TLSSocket;

/** Connects plain or with implicit TLS; rejects on error or when `timeoutMs` passes first. */
function connect(settings: EmailSettings, timeoutMs: number): Promise<MailSocket> {
  return new Promise((resolve, reject) => {
    const socket: MailSocket = settings.SSL
      ? tls.connect({ port: settings.emailServerPort, ...mailTlsOptions(settings) })
      : net.connect({ host: settings.emailServer, port: settings.emailServerPort });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error('connection timed out'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('error', (error) => { clearTimeout(timer); reject(error); });
    socket.once(settings.SSL ? 'secureConnect' : 'connect', () => { clearTimeout(timer); socket.removeAllListeners('error'); resolve(socket); });
  });
}

/**
 * A small POP3 client (RFC 1939, RFC 2595 STLS) on node:net / node:tls: plain, implicit TLS
 * (POP3S) or STLS, with its own line reader, so multi-line answers are read line by line however
 * the bytes arrive and are dot-unstuffed (a body line `..x` is `.x`). Every wait is bounded by
 * `timeoutMs` of silence. Why not a library: node-pop3, the maintained one, has no STLS and
 * returns RETR still dot-stuffed (shared notes, libraries-for-next-features.md), and STLS needs a
 * reader of our own anyway.
 */
export class Pop3Client {
  private buffer: Buffer = Buffer.alloc(0);
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(private socket: MailSocket, private readonly timeoutMs: number) {
    this.listen(socket);
  }

  /** Connects, reads the greeting, upgrades with STLS when asked and logs in; a MailError on failure. */
  static async open(settings: EmailSettings, timeoutMs: number): Promise<Pop3Client> {
    let client: Pop3Client | undefined;
    try {
      client = new Pop3Client(await connect(settings, timeoutMs), timeoutMs);
      await client.expectOk('greeting');
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
      throw toMailError(error, settings, timeoutMs);
    }
  }

  /** STAT: how many messages the maildrop holds and their size in octets. */
  async stat(): Promise<{ count: number; size: number }> {
    const [count = 0, size = 0] = (await this.command('STAT')).split(' ').map(Number);
    return { count, size };
  }

  /** UIDL: each message's number and unique id. */
  async uidl(): Promise<{ number: number; uid: string }[]> {
    await this.command('UIDL');
    return (await this.readMultiline()).toString('latin1').split('\r\n').filter(Boolean).map((line) => {
      const [number, uid = ''] = line.split(' ');
      return { number: Number(number), uid };
    });
  }

  /** RETR: the whole message (RFC 822 bytes, dot-unstuffed). */
  async retrieve(number: number): Promise<Buffer> {
    await this.command(`RETR ${number}`);
    return this.readMultiline();
  }

  /** TOP: the headers and the first `lines` body lines. */
  async top(number: number, lines: number): Promise<Buffer> {
    await this.command(`TOP ${number} ${lines}`);
    return this.readMultiline();
  }

  /** DELE: marks a message deleted (done at QUIT). */
  async delete(number: number): Promise<void> {
    await this.command(`DELE ${number}`);
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
    this.socket.destroy();
  }

  private listen(socket: MailSocket): void {
    socket.setTimeout(this.timeoutMs, () => socket.destroy(Object.assign(new Error('the mail server stopped answering'), { code: 'ETIMEDOUT' })));
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.notify();
    });
    socket.on('error', (error) => { this.failure ??= error; this.notify(); });
    socket.on('close', () => { this.failure ??= Object.assign(new Error('the mail server closed the connection'), { code: 'ECONNRESET' }); this.notify(); });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async readLine(): Promise<Buffer> {
    for (;;) {
      const end = this.buffer.indexOf(CRLF);
      if (end >= 0) {
        const line = this.buffer.subarray(0, end);
        this.buffer = this.buffer.subarray(end + 2);
        return line;
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => { this.wake = resolve; });
    }
  }

  /** The lines of a multi-line answer up to the lone `.`, dot-unstuffed, joined with CRLF. */
  private async readMultiline(): Promise<Buffer> {
    const lines: Buffer[] = [];
    for (;;) {
      const line = await this.readLine();
      if (line.length === 1 && line[0] === 0x2e) return Buffer.concat(lines.flatMap((part, index) => (index ? [CRLF, part] : [part])));
      lines.push(line[0] === 0x2e ? line.subarray(1) : line);
    }
  }

  private async expectOk(command: string): Promise<string> {
    const line = (await this.readLine()).toString('utf8');
    if (line.startsWith('+OK')) return line.slice(3).trim();
    if (line.startsWith('-ERR')) throw new Pop3CommandError(command, line.slice(4).trim());
    throw new Error(`unexpected POP3 answer to ${command}: ${line.slice(0, 200)}`);
  }

  private async command(text: string, name = text): Promise<string> {
    if (this.failure) throw this.failure;
    this.socket.write(`${text}\r\n`);
    return this.expectOk(name);
  }

  /** STLS, then the TLS handshake on the same socket (RFC 2595). */
  private async startTls(settings: EmailSettings): Promise<void> {
    try {
      await this.command('STLS');
    } catch (error) {
      if (error instanceof Pop3CommandError) throw new MailError('tls', MAIL_ERROR_MESSAGES.noStartTls, { cause: error });
      throw error;
    }
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.setTimeout(0);
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const upgraded = tls.connect({ socket: plain, ...mailTlsOptions(settings) });
      const timer = setTimeout(() => {
        upgraded.destroy();
        reject(Object.assign(new Error('the TLS handshake timed out'), { code: 'ETIMEDOUT' }));
      }, this.timeoutMs);
      const fail = (error: Error) => { clearTimeout(timer); reject(error); };
      upgraded.once('secureConnect', () => { clearTimeout(timer); upgraded.removeAllListeners('error'); resolve(upgraded); });
      upgraded.once('error', fail);
      plain.once('error', fail);
    });
    this.socket = secure;
    this.buffer = Buffer.alloc(0);
    this.listen(secure);
  }
}
