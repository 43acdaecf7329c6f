import { createHash } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadPg } from '../db/load-pg';
import { Server, type Socket } from 'socket.io';
import {
  LIVE_EVENTS, LIVE_PATH, SESSION_COOKIE, parseTopic,
  type LiveEnvelope, type MessagesOf, type SubscribeAck, type Topic,
} from '@linkloom/shared';
import type { Database } from '../db/dialect';
import { findSessionUser, type SessionUser } from '../auth/sessions.repository';
import { checkTopicAccess } from './topic-access';

/** Publishes one message to the sockets of one user subscribed to a topic (on every node). */
export type Publish = <T extends Topic, N extends keyof MessagesOf<T> & string>(
  ownerId: number, topic: T, name: N, payload: MessagesOf<T>[N],
) => void;

export interface Live {
  io: Server;
  /** Drops every socket of this node and stops the adapter, so the HTTP server can close. */
  close(): Promise<void>;
  publish: Publish;
  /** Disconnects the sockets opened with one session token (on logout), on every node. */
  endSession(token: string): void;
}

interface SocketData {
  user: SessionUser;
  sessionRoom: string;
}

const roomOf = (ownerId: number, topic: string) => `u${ownerId}:${topic}`;
const REMOTE_EVENT = 'linkloom:live';
const sessionRoomOf = (token: string) => `s:${createHash('sha256').update(token).digest('hex')}`;

/** Refuses browser connections from other origins (cross-site WebSocket hijacking). */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The live channel at /eventbus. Clients authenticate with the session cookie, then subscribe to
 * topics; the server checks each topic's owner. On PostgreSQL the Socket.IO Postgres adapter fans
 * messages out to every server process through LISTEN/NOTIFY.
 */
export async function createLive(httpServer: HttpServer, database: Database, logger: FastifyBaseLogger): Promise<Live> {
  const io = new Server(httpServer, {
    path: LIVE_PATH,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, sameOrigin(req.headers.origin, req.headers.host)),
  });

  // The adapter gets a pool of its own with two connections: one held for LISTEN, one through
  // which every NOTIFY goes in the order it was published (pg queues queries first in, first out),
  // so other nodes receive one node's messages in order.
  const adapterPool = database.pgPool ? new (loadPg().Pool)({ ...database.pgPool.options, max: 2 }) : undefined;
  if (adapterPool) {
    await adapterPool.query(
      'CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)',
    );
    // Loaded only here: a server on SQLite never reads the adapter (issue 10.4, memory).
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    io.adapter(createAdapter(adapterPool, {
      // Several LinkLoom installations (or test schemas) may share one database server.
      channelPrefix: `linkloom_${database.pgSchema ?? 'public'}`,
      errorHandler: (err) => logger.error({ err }, 'live channel adapter error'),
    }));
    // A message published on another node, for this node's sockets.
    io.on(REMOTE_EVENT, (room: string, message: LiveEnvelope) => {
      io.local.to(room).emit(LIVE_EVENTS.message, message);
    });
    // The adapter connects and LISTENs in the background: the live channel is ready when it does.
    await untilListening(pubSubOf(io), ADAPTER_START_WAIT_MS);
  }

  io.use(async (socket, next) => {
    try {
      const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
      const user = token ? await findSessionUser(database.db, token) : undefined;
      if (!token || !user) return next(new Error('unauthorized'));
      const data = socket.data as SocketData;
      data.user = user;
      data.sessionRoom = sessionRoomOf(token);
      return next();
    } catch (err) {
      logger.error({ err }, 'live channel authentication failed');
      return next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: Socket) => {
    const { user, sessionRoom } = socket.data as SocketData;
    void socket.join(sessionRoom);
    socket.on(LIVE_EVENTS.subscribe, async (topic: unknown, ack?: (answer: SubscribeAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const access = await checkTopicAccess(database.db, parseTopic(topic), user.id);
        if (!access.ok) return reply({ ok: false, error: access.error });
        await socket.join(roomOf(user.id, topic as string));
        return reply({ ok: true });
      } catch (err) {
        logger.error({ err }, 'live subscription failed');
        return reply({ ok: false, error: 'Subscription failed' });
      }
    });
    socket.on(LIVE_EVENTS.unsubscribe, (topic: unknown) => {
      if (parseTopic(topic)) void socket.leave(roomOf(user.id, topic as string));
    });
  });

  // Local sockets get the message at once and in publish order (a cluster broadcast would first
  // wait for its NOTIFY round trip, so two quick messages could overtake each other); the other
  // nodes get it through the adapter's server-side emit.
  const publish: Publish = (ownerId, topic, name, payload) => {
    const message: LiveEnvelope = { topic, name, payload };
    const room = roomOf(ownerId, topic);
    io.local.to(room).emit(LIVE_EVENTS.message, message);
    if (adapterPool) io.serverSideEmit(REMOTE_EVENT, room, message);
  };

  const close = async () => {
    // Open WebSockets would keep the HTTP server from closing: end them first, then the adapter.
    io.local.disconnectSockets(true);
    io.engine.close();
    const pubSub = adapterPool ? pubSubOf(io) : undefined;
    await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
    // A (re)connection in flight when the adapter closed would take its connection out of the pool
    // afterwards and keep it, and the pool's end() would wait for it for ever (untilReleased).
    if (adapterPool) {
      await untilReleased(adapterPool, pubSub, ADAPTER_START_WAIT_MS);
      await adapterPool.end();
    }
  };

  return { io, publish, close, endSession: (token) => io.in(sessionRoomOf(token)).disconnectSockets(true) };
}

/** How long start and close wait for the Postgres adapter's LISTEN connection. */
const ADAPTER_START_WAIT_MS = 5000;

/** The adapter's connection that LISTENs, as @socket.io/postgres-adapter keeps it (outside its typed API). */
interface PubSubClient {
  /** Set once its connection LISTENs; undefined while connecting and after close. */
  client?: unknown;
  close(): void;
}

function pubSubOf(io: Server): PubSubClient | undefined {
  return (io.of('/').adapter as unknown as { client?: PubSubClient }).client;
}

/** Waits until the adapter's connection LISTENs (true), or `ms` pass (false). */
async function untilListening(pubSub: PubSubClient | undefined, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (pubSub && pubSub.client === undefined) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return pubSub !== undefined;
}

/**
 * Waits until every connection of the adapter's pool is back (its last NOTIFY sent), releasing
 * the LISTEN connection of a (re)connection that landed after the adapter closed; at most `ms`.
 */
async function untilReleased(pool: pg.Pool, pubSub: PubSubClient | undefined, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (pool.totalCount > pool.idleCount && Date.now() < until) {
    if (pubSub?.client !== undefined) pubSub.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
