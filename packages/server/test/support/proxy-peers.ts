import { spawn } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Server as ProxyChainServer } from 'proxy-chain';
import { peerAvailability } from './peer-availability';
import { freeConsecutivePorts, startOnFreePorts } from './peer-ports';

/**
 * Real proxies on 127.0.0.1 for the proxy checks and the engine's proxied traffic: an HTTP proxy
 * (the proxy-chain package, in process; forwarding and CONNECT, Basic auth, refused credentials
 * answered 407) and a SOCKS5 proxy (Debian's microsocks, through scripts/peers/microsocks.sh; RFC
 * 1928 with RFC 1929 logins), both reporting the tunnels they opened; and what is not a proxy: a
 * server that accepts and never answers, a closed port, and a judge URL.
 */

export const MICROSOCKS_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/microsocks.sh');
export interface Peer {
  port: number;
  close(): Promise<void>;
}

function closer(server: Server | HttpServer, sockets: Set<Socket>): () => Promise<void> {
  return () => new Promise((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
}

function track(server: Server | HttpServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

async function listening(server: Server | HttpServer): Promise<number> {
  // A deep accept queue: a check of many proxies connects to the judge hundreds of times at once.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  return (server.address() as AddressInfo).port;
}

/** A judge URL: answers 204 to GET /judge (and counts the requests). */
export async function startJudge(): Promise<Peer & { url: string; hits: () => number }> {
  let hits = 0;
  const server = createHttpServer((request, response) => {
    hits += 1;
    response.writeHead(request.url === '/judge' ? 204 : 404).end();
  });
  const sockets = track(server);
  const port = await listening(server);
  return { port, url: `http://127.0.0.1:${port}/judge`, hits: () => hits, close: closer(server, sockets) };
}

/** A real proxy started for a test: its port, and where each tunnel it opened went (`host:port`). */
export interface ProxyPeer extends Peer {
  tunnels(): string[];
}

export interface ProxyLogin {
  username: string;
  password: string;
}

/**
 * An HTTP proxy (forwarding and CONNECT) from the proxy-chain package, in this process, with
 * optional Basic credentials: missing or wrong ones are answered 407 with Proxy-Authenticate.
 */
export async function startHttpProxy(login?: ProxyLogin): Promise<ProxyPeer> {
  const tunnels: string[] = [];
  const server = new ProxyChainServer({
    host: '127.0.0.1',
    port: 0,
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      const refused = login !== undefined && (username !== login.username || password !== login.password);
      if (!refused) tunnels.push(`${hostname}:${port}`);
      return { requestAuthentication: refused };
    },
  });
  // Its own log of failed tunnels (refused credentials, closed upstreams) is noise in the test output.
  server.on('requestFailed', () => undefined);
  await server.listen();
  return { port: server.port, tunnels: () => [...tunnels], close: () => server.close(true) };
}

/** Installs microsocks once per process (scripts/peers/microsocks.sh install); skip or throw as the other peers. */
export const microsocksAvailability = peerAvailability({ name: 'microsocks', script: MICROSOCKS_SCRIPT, require: 'REQUIRE_MICROSOCKS', tests: 'SOCKS5 proxy tests' });

/**
 * A SOCKS5 proxy: Debian's microsocks on a free port of 127.0.0.1 (scripts/peers/microsocks.sh run),
 * open or with a user name and password. It lives while this process holds the script's stdin.
 */
export async function startSocks5(login?: ProxyLogin): Promise<ProxyPeer> {
  const ready = await microsocksAvailability();
  if (!ready.available) throw new Error(`microsocks is unavailable: ${ready.reason}`);
  return startOnFreePorts({
    what: 'microsocks',
    freePorts: () => freeConsecutivePorts(1),
    start: (port) => runMicrosocks(port, login),
  });
}

function runMicrosocks(port: number, login?: ProxyLogin): Promise<ProxyPeer> {
  return new Promise((resolve, reject) => {
    const args = [MICROSOCKS_SCRIPT, 'run', String(port), ...(login ? [`${login.username}:${login.password}`] : [])];
    const child = spawn('bash', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const tunnels: string[] = [];
    let stderr = '';
    let stdout = '';
    let started = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    createInterface({ input: child.stderr }).on('line', (line) => {
      const tunnel = /: connected to (\S+)$/.exec(line);
      if (tunnel) tunnels.push(tunnel[1]!);
      else stderr += `${line}\n`;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (started || !stdout.includes('\n')) return;
      started = true;
      resolve({
        port,
        tunnels: () => [...tunnels],
        close: async () => {
          // Closing its stdin ends the script, which stops microsocks.
          if (child.exitCode === null && child.signalCode === null) child.stdin.end();
          await exited;
        },
      });
    });
    child.once('error', reject);
    void exited.then(() => {
      if (!started) reject(Object.assign(new Error(`microsocks.sh run exited with ${child.exitCode}`), { stderr }));
    });
  });
}

/** Accepts connections and never answers (a hung proxy). */
export async function startHungServer(): Promise<Peer> {
  const server = createTcpServer((socket) => socket.on('error', () => undefined));
  const sockets = track(server);
  const port = await listening(server);
  return { port, close: closer(server, sockets) };
}

/** A port nothing listens on: connecting is refused at once. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listening(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
