import net from 'node:net';
import { XSRF_COOKIE, XSRF_HEADER } from '@linkloom/shared';
import type { Agent } from './agent';

/** The cookie and XSRF headers a browser of this agent sends (for requests outside fastify.inject). */
export function browserHeaders(agent: Agent): Record<string, string> {
  const headers: Record<string, string> = { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  const token = agent.cookies.get(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  return headers;
}

/** One HTTP/1.1 response as read off a socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
}

/**
 * A TCP connection that speaks HTTP/1.1 by hand, the way a keep-alive client does: requests go one
 * after the other on the same socket, and `ended` tells whether the server closed it.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private received = '';
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.received += chunk.toString('latin1');
      this.wake();
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  write(data: string | Buffer): void {
    if (!this.ended) this.socket.write(data);
  }

  /** The next response's status and headers (the body, if any, is skipped by its length), or null after `ms`. */
  async nextResponse(ms: number): Promise<RawResponse | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end !== -1) {
        const [statusLine, ...lines] = this.received.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        if (this.received.length >= end + 4 + length) {
          this.received = this.received.slice(end + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers };
        }
      }
      if (this.ended || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves true once the server has closed the connection, false after `ms`. */
  async closedWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.ended;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
