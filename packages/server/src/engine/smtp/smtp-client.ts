/**
 * A small SMTP client (RFC 5321; STARTTLS RFC 3207; AUTH PLAIN RFC 4616 and LOGIN) for the
 * operator's mail server: EHLO (HELO when refused), STARTTLS when offered or required, AUTH,
 * MAIL FROM, RCPT TO, DATA with dot-stuffing, QUIT. Replies are read line by line with a cap on
 * a line and on a reply's lines; every wait is bounded by a silence timeout and the whole session
 * by a deadline. Failures are SmtpErrors in our words (the command and reply code, never the
 * server's text). The server is operator configuration (SMTP_*), never an address a user gave,
 * so it is connected to directly. Why not nodemailer: one send path of a few commands does not
 * need a dependency of its size, and STARTTLS needs a reader of our own anyway.
 */
import net from 'node:net';
import tls from 'node:tls';
import { LineTooLongError } from '../mail/line-reader';
import { SocketLines, closedError as closedWith, timeoutError } from '../mail/socket-lines';
import { SmtpError, toSmtpError } from './smtp-error';

/** Where and how to connect (platform/config SmtpConfig). */
export interface SmtpServer {
  host: string;
  port: number;
  /** starttls: required; implicit: TLS from the first byte; auto: STARTTLS when offered; none: never. */
  tls: 'starttls' | 'implicit' | 'auto' | 'none';
  allowSelfSigned: boolean;
  /** Our name in EHLO. */
  helo: string;
  user?: string | undefined;
  password?: string | undefined;
}

/** The envelope: the sender and recipients as bare addresses. */
export interface SmtpEnvelope {
  from: string;
  to: readonly string[];
}

export interface SmtpLimits {
  /** Longest silence while waiting for a reply. */
  replyTimeoutMs: number;
  /** Longest whole session. */
  sessionTimeoutMs: number;
  /** Longest reply line (RFC 5321 §4.5.3.1.5: 512 octets; some servers send more). */
  lineBytes: number;
  /** Most lines of one reply (an EHLO lists its extensions one a line). */
  replyLines: number;
}

export const SMTP_LIMITS: SmtpLimits = { replyTimeoutMs: 30_000, sessionTimeoutMs: 120_000, lineBytes: 2048, replyLines: 100 };

interface Reply {
  code: number;
  lines: string[];
}

type SmtpSocket = net.Socket | tls.TLSSocket;

const CLOSED_TEXT = 'the SMTP server closed the connection';
const closedError = () => closedWith(CLOSED_TEXT);

function tlsOptions(server: SmtpServer): tls.ConnectionOptions {
  return {
    host: server.host,
    ...(net.isIP(server.host) ? {} : { servername: server.host }),
    rejectUnauthorized: !server.allowSelfSigned,
    minVersion: 'TLSv1.2',
  };
}

/**
 * The message as DATA sends it: every line ending CRLF (a bare LF or CR becomes CRLF), a line that
 * starts with "." gets one more (RFC 5321 §4.5.2), then the lone "." that ends it.
 */
export function dotStuff(message: string): string {
  const lines = message.replace(/\r\n|\r|\n/g, '\n').replace(/\n$/, '').split('\n');
  return `${lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n')}\r\n.\r\n`;
}

/** An address for MAIL FROM / RCPT TO: no angle brackets, spaces or line breaks can sneak in a second command. */
function pathOf(address: string): string {
  if (!/^[^\s<>]+@[^\s<>]+$/.test(address)) throw new SmtpError('rejected', 'An email address is not one SMTP can take', true);
  return `<${address}>`;
}

/** One SMTP session over one socket (upgraded in place by STARTTLS). */
class SmtpSession {
  private readonly lines: SocketLines;
  /** The extensions of the latest EHLO reply, upper-cased keywords → their parameters. */
  extensions = new Map<string, string>();
  encrypted: boolean;

  constructor(private socket: SmtpSocket, private readonly server: SmtpServer, private readonly limits: SmtpLimits) {
    this.encrypted = socket instanceof tls.TLSSocket;
    this.lines = new SocketLines({ idleMs: limits.replyTimeoutMs, idleText: 'the SMTP server stopped answering', closedText: CLOSED_TEXT });
    this.lines.listen(socket);
  }

  close(): void {
    this.socket.destroy();
  }

  fail(error: Error): void {
    this.lines.fail(error);
    this.socket.destroy();
  }

  private async readLine(): Promise<string> {
    try {
      return (await this.lines.next(this.limits.lineBytes)).toString('latin1');
    } catch (error) {
      if (error instanceof LineTooLongError) throw new SmtpError('protocol', `The SMTP server ${this.server.host} sent a reply line over ${this.limits.lineBytes} bytes`, false, { cause: error });
      throw error;
    }
  }

  /** One reply: `ddd-text` lines up to the `ddd text` (or bare `ddd`) that ends it, all with one code. */
  async reply(what: string): Promise<Reply> {
    const lines: string[] = [];
    let code: number | undefined;
    for (;;) {
      const line = await this.readLine();
      const match = /^([2-5]\d\d)(?:([ -])(.*))?$/.exec(line);
      if (!match || (code !== undefined && Number(match[1]) !== code)) {
        throw new SmtpError('protocol', `The SMTP server ${this.server.host} sent something that is not an SMTP reply to ${what}`, false);
      }
      code = Number(match[1]);
      lines.push(match[3] ?? '');
      if (match[2] !== '-') return { code, lines };
      if (lines.length >= this.limits.replyLines) throw new SmtpError('protocol', `The SMTP server ${this.server.host} sent a reply to ${what} of over ${this.limits.replyLines} lines`, false);
    }
  }

  /** Sends a command (`name` is how messages call it: a password never appears) and reads its reply, which must have one of the `expected` codes. */
  async command(text: string, expected: readonly number[], name: string): Promise<Reply> {
    if (this.lines.failure) throw this.lines.failure;
    this.socket.write(`${text}\r\n`);
    return this.expect(expected, name);
  }

  /** Reads a reply with one of the `expected` codes: 4xx is a passing refusal, 5xx a lasting one. */
  async expect(expected: readonly number[], name: string): Promise<Reply> {
    const reply = await this.reply(name);
    if (expected.includes(reply.code)) return reply;
    const permanent = reply.code >= 500;
    const kind = name === 'AUTH' && (reply.code === 535 || reply.code === 534 || reply.code === 454) ? 'auth' : 'rejected';
    const text = kind === 'auth'
      ? `The SMTP server ${this.server.host} refused the login of SMTP_USER (${reply.code}): check SMTP_USER and SMTP_PASSWORD`
      : `The SMTP server ${this.server.host} refused ${name} (${reply.code}${permanent ? '' : ', try again later'})`;
    throw new SmtpError(kind, text, kind === 'auth' || permanent);
  }

  /** EHLO, keeping its extensions; HELO (no extensions) when the server does not know EHLO. */
  async hello(): Promise<void> {
    if (this.lines.failure) throw this.lines.failure;
    this.socket.write(`EHLO ${this.server.helo}\r\n`);
    const reply = await this.reply('EHLO');
    if (reply.code === 250) {
      this.extensions = new Map(reply.lines.slice(1).map((line) => {
        const [keyword = '', ...rest] = line.trim().split(/\s+/);
        return [keyword.toUpperCase(), rest.join(' ')];
      }));
      return;
    }
    if (reply.code < 500) throw new SmtpError('rejected', `The SMTP server ${this.server.host} refused EHLO (${reply.code}, try again later)`, false);
    await this.command(`HELO ${this.server.helo}`, [250], 'HELO');
    this.extensions = new Map();
  }

  /** STARTTLS, the handshake on the same connection, and EHLO again (RFC 3207: what was learnt before is forgotten). */
  async startTls(): Promise<void> {
    await this.command('STARTTLS', [220], 'STARTTLS');
    // Anything sent after the 220 and before the handshake is an injection: never read as a reply.
    this.socket = await this.lines.upgrade(this.socket, (plain) => tls.connect({ socket: plain, ...tlsOptions(this.server) }), this.limits.replyTimeoutMs);
    this.encrypted = true;
    await this.hello();
  }

  /** AUTH PLAIN when offered, else LOGIN; never over an unencrypted connection unless the operator chose SMTP_TLS=none. */
  async authenticate(user: string, password: string): Promise<void> {
    if (!this.encrypted && this.server.tls !== 'none') {
      throw new SmtpError('tls', `The SMTP server ${this.server.host} offered no STARTTLS: the SMTP password is not sent unencrypted (set SMTP_TLS=none to allow it on a trusted network)`, true);
    }
    const mechanisms = (this.extensions.get('AUTH') ?? '').toUpperCase().split(/\s+/);
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    if (mechanisms.includes('PLAIN') || !mechanisms.includes('LOGIN')) {
      await this.command(`AUTH PLAIN ${b64(`\u0000${user}\u0000${password}`)}`, [235], 'AUTH');
      return;
    }
    await this.command('AUTH LOGIN', [334], 'AUTH');
    await this.command(b64(user), [334], 'AUTH');
    await this.command(b64(password), [235], 'AUTH');
  }

  /** DATA: the message dot-stuffed, then its end. */
  async data(message: string): Promise<Reply> {
    await this.command('DATA', [354], 'DATA');
    if (this.lines.failure) throw this.lines.failure;
    this.socket.write(dotStuff(message));
    return this.expect([250], 'the message');
  }

  /** QUIT, ending the session politely; never throws. */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT', [221], 'QUIT');
    } catch {
      // The message is accepted already; how the session ends does not matter.
    } finally {
      this.close();
    }
  }
}

function connect(server: SmtpServer, limits: SmtpLimits): Promise<SmtpSocket> {
  return new Promise((resolve, reject) => {
    const socket: SmtpSocket = server.tls === 'implicit'
      ? tls.connect({ port: server.port, ...tlsOptions(server) })
      : net.connect({ host: server.host, port: server.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(timeoutError('connection timed out'));
    }, limits.replyTimeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const closed = () => fail(closedError());
    socket.once('error', fail);
    socket.once('close', closed);
    socket.once(server.tls === 'implicit' ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      socket.off('close', closed);
      resolve(socket);
    });
  });
}

/**
 * Sends one message through the server: resolves when the server accepted it (250 after DATA),
 * rejects with an SmtpError. `message` is the whole RFC 5322 message (smtp-message.ts).
 */
export async function sendSmtpMail(
  server: SmtpServer, envelope: SmtpEnvelope, message: string, options: { signal?: AbortSignal; limits?: SmtpLimits } = {},
): Promise<void> {
  const limits = options.limits ?? SMTP_LIMITS;
  const named = `${server.host}:${server.port}`;
  if (envelope.to.length === 0) throw new SmtpError('rejected', 'No recipient', true);
  let session: SmtpSession | undefined;
  const deadline = setTimeout(() => session?.fail(timeoutError('the SMTP session took too long')), limits.sessionTimeoutMs);
  const abort = () => session?.fail(Object.assign(new Error('aborted'), { name: 'AbortError' }));
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    options.signal?.throwIfAborted();
    session = new SmtpSession(await connect(server, limits), server, limits);
    await session.expect([220], 'its greeting');
    await session.hello();
    const offersTls = session.extensions.has('STARTTLS');
    if (server.tls === 'starttls' && !offersTls) {
      throw new SmtpError('tls', `The SMTP server ${server.host} does not offer STARTTLS, which SMTP_TLS=starttls requires (use implicit for port 465, or auto / none)`, true);
    }
    if (!session.encrypted && offersTls && (server.tls === 'starttls' || server.tls === 'auto')) await session.startTls();
    if (server.user !== undefined && server.password !== undefined) await session.authenticate(server.user, server.password);
    await session.command(`MAIL FROM:${pathOf(envelope.from)}`, [250], 'MAIL FROM');
    for (const to of envelope.to) await session.command(`RCPT TO:${pathOf(to)}`, [250, 251], 'RCPT TO');
    await session.data(message);
    await session.quit();
  } catch (error) {
    session?.close();
    throw toSmtpError(error, named);
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', abort);
  }
}
