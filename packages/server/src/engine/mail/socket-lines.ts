import type net from 'node:net';
import type tls from 'node:tls';
import { LineReader } from './line-reader';

/** How a line protocol's client names its server in the errors a silent or closed connection gives. */
export interface SocketLinesOptions {
  /** Longest silence while a line is awaited: the socket is destroyed with `idleText` (code ETIMEDOUT). */
  idleMs: number;
  idleText: string;
  /** The error when the server closes the connection (code ECONNRESET). */
  closedText: string;
  /** Called with each chunk before it is kept; false drops it (a session guard past its cap). */
  accept?: (chunk: Buffer) => boolean;
}

export const timeoutError = (text: string): Error => Object.assign(new Error(text), { code: 'ETIMEDOUT' });
export const closedError = (text: string): Error => Object.assign(new Error(text), { code: 'ECONNRESET' });

/**
 * The lines a server sends over one connection — the plain socket, then the TLS one STARTTLS puts
 * on it — read one at a time (POP3 and SMTP clients): chunks are kept as they come, a reader waits
 * for the next whole line, and the connection's end (error, close, silence) ends every wait with
 * its error.
 */
export class SocketLines {
  private readonly reader = new LineReader();
  private wake: (() => void) | null = null;
  failure: Error | null = null;

  constructor(private readonly options: SocketLinesOptions) {}

  /** Reads what this socket sends from now on. */
  listen(socket: net.Socket): void {
    socket.setTimeout(this.options.idleMs, () => socket.destroy(timeoutError(this.options.idleText)));
    socket.on('data', (chunk: Buffer) => {
      if (this.options.accept && !this.options.accept(chunk)) return;
      this.reader.push(chunk);
      this.notify();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(closedError(this.options.closedText)));
  }

  /** Ends every wait with `error` (the first failure is the one kept). */
  fail(error: Error): void {
    this.failure ??= error;
    this.notify();
  }

  /**
   * The next line without its line end, at most `maxBytes` (LineTooLongError past it). `check`
   * runs before each look (a guard that may have stopped the session throws there).
   */
  async next(maxBytes: number, check?: () => void): Promise<Buffer> {
    for (;;) {
      check?.();
      const line = this.reader.nextLine(maxBytes);
      if (line) return line;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /**
   * STARTTLS / STLS after the server said go ahead: the plain socket is no longer read (what it
   * sent after that answer and before the handshake is an injection: dropped), the handshake runs
   * on it within `timeoutMs`, and the TLS socket is read from then on. `connect` starts the
   * handshake over the plain socket.
   */
  async upgrade(plain: net.Socket, connect: (socket: net.Socket) => tls.TLSSocket, timeoutMs: number): Promise<tls.TLSSocket> {
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.setTimeout(0);
    this.reader.clear();
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const upgraded = connect(plain);
      const timer = setTimeout(() => {
        upgraded.destroy();
        reject(timeoutError('the TLS handshake timed out'));
      }, timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      upgraded.once('secureConnect', () => {
        clearTimeout(timer);
        upgraded.removeAllListeners('error');
        resolve(upgraded);
      });
      upgraded.once('error', fail);
      plain.once('error', fail);
      plain.once('close', () => fail(closedError(this.options.closedText)));
    });
    this.listen(secure);
    return secure;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
