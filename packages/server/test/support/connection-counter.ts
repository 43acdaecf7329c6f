import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP listener standing for a service on this machine (an SSH port, an admin panel): it counts
 * every connection on each of its addresses and answers nothing. The outbound policy tests point
 * proxies (and proxied targets) at it and assert it saw no connection at all.
 */
export interface ConnectionCounter {
  port: number;
  /** Connections accepted so far, on every address it listens on. */
  connections(): number;
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Listens on each host (`127.0.0.1`, `::1`, `127.0.0.2` …) on one port (the first host's free
 * port), so that `localhost:<port>` reaches it whichever address the name resolves to.
 */
export async function startConnectionCounter(hosts: readonly string[] = ['127.0.0.1', '::1']): Promise<ConnectionCounter> {
  let count = 0;
  const sockets = new Set<Socket>();
  const servers = hosts.map(() => createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  }));
  let port = 0;
  for (const [index, server] of servers.entries()) port = await listen(server, hosts[index]!, port);
  return {
    port,
    connections: () => count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
