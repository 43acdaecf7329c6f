import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One connection or request a recording listener saw. */
export interface Recorded {
  remoteAddress: string;
  /** The request line's path, when the connection carried HTTP. */
  url?: string;
  authorization?: string;
}

/**
 * An HTTP server standing for an internal service (an admin panel, cloud metadata): it records every
 * TCP connection and every request it gets, and answers a JSON secret a leak would show. The outbound
 * policy tests assert it saw nothing.
 */
export interface RecordingListener {
  host: string;
  port: number;
  url: string;
  connections: Recorded[];
  requests: Recorded[];
  close(): Promise<void>;
}

export const INTERNAL_SECRET = 'internal-secret-7c1e';

export async function startRecordingListener(host = '127.0.0.1', handler?: http.RequestListener): Promise<RecordingListener> {
  const connections: Recorded[] = [];
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    requests.push({ remoteAddress: request.socket.remoteAddress ?? '', url: request.url ?? '', ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}) });
    if (handler) return handler(request, response);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: INTERNAL_SECRET, namespaces: ['wp/v2'] }));
  });
  server.on('connection', (socket: Socket) => connections.push({ remoteAddress: socket.remoteAddress ?? '' }));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host, port, url: `http://${host}:${port}`, connections, requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
