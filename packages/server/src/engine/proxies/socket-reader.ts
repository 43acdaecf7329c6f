import type { Duplex } from 'node:stream';

/**
 * The socket closed, errored or the check's time ran out while a read waited. The message is one of
 * this module's own phrases; a socket error is kept as the cause (its code is classified by the
 * caller), never as the message, so nothing a remote end or the TLS library said is shown as is.
 */
export class SocketClosedError extends Error {
  constructor(message: string, options?: { cause: Error }) {
    super(message, options);
    this.name = 'SocketClosedError';
  }
}

/**
 * Reads a socket's bytes in the pieces a handshake needs (n bytes, or up to a delimiter): what a
 * proxy handshake (HTTP CONNECT, SOCKS5) reads, bounded by the caller's abort signal. Bytes past
 * the piece stay buffered for the next read.
 */
export class SocketReader {
  private buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private ended: string | undefined;
  private endedBy: Error | undefined;

  constructor(private readonly socket: Duplex, signal: AbortSignal) {
    const onData = (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    };
    const onEnd = (why: string) => () => {
      this.ended ??= why;
      this.wake();
    };
    socket.on('data', onData);
    socket.once('end', onEnd('the connection was closed'));
    socket.once('close', onEnd('the connection was closed'));
    socket.once('error', (error: Error) => {
      this.endedBy ??= error;
      onEnd('the connection failed')();
    });
    signal.addEventListener('abort', onEnd('timed out'), { once: true });
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  private async waitFor<T>(take: () => T | undefined): Promise<T> {
    for (;;) {
      const taken = take();
      if (taken !== undefined) return taken;
      if (this.ended !== undefined) throw new SocketClosedError(this.ended, this.endedBy ? { cause: this.endedBy } : undefined);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
  }

  /** Exactly `count` bytes. */
  read(count: number): Promise<Buffer> {
    return this.waitFor(() => {
      if (this.buffer.length < count) return undefined;
      const piece = this.buffer.subarray(0, count);
      this.buffer = this.buffer.subarray(count);
      return piece;
    });
  }

  /** Bytes up to and including `delimiter`; refuses when more than `max` arrive without it. */
  readUntil(delimiter: string, max: number): Promise<Buffer> {
    return this.waitFor(() => {
      const at = this.buffer.indexOf(delimiter);
      if (at < 0) {
        if (this.buffer.length > max) throw new SocketClosedError('the answer is too long');
        return undefined;
      }
      const piece = this.buffer.subarray(0, at + delimiter.length);
      this.buffer = this.buffer.subarray(at + delimiter.length);
      return piece;
    });
  }

  /** The first bytes that arrived, whatever they are (at least one). */
  readSome(): Promise<Buffer> {
    return this.waitFor(() => {
      if (this.buffer.length === 0) return undefined;
      const piece = this.buffer;
      this.buffer = Buffer.alloc(0);
      return piece;
    });
  }

  /** Stops listening (the socket is handed on, e.g. to TLS). */
  detach(): void {
    this.socket.removeAllListeners('data');
  }
}
