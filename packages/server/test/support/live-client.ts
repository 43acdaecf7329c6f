import { afterEach } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENTS, LIVE_PATH, type LiveEnvelope, type SubscribeAck } from '@linkloom/shared';
import type { Agent } from './agent';

/** A Socket.IO client as a browser of this agent would open it (its cookies, same origin). */
export function connectLive(baseUrl: string, agent: Agent | null, origin: string = baseUrl): Socket {
  const cookie = agent ? [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return io(baseUrl, {
    path: LIVE_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    extraHeaders: { ...(cookie ? { cookie } : {}), origin },
  });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

export function connectError(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but a refusal was expected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

export function subscribe(socket: Socket, topic: string): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck(LIVE_EVENTS.subscribe, topic) as Promise<SubscribeAck>;
}

/** Collects the messages a socket receives, in order. */
export function recorder(socket: Socket): { messages: LiveEnvelope[]; next(): Promise<LiveEnvelope> } {
  const messages: LiveEnvelope[] = [];
  const waiting: ((m: LiveEnvelope) => void)[] = [];
  socket.on(LIVE_EVENTS.message, (message: LiveEnvelope) => {
    messages.push(message);
    waiting.shift()?.(message);
  });
  return {
    messages,
    next: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

/** Registers sockets a test opens and disconnects them after each test. */
export function openSocketsClosedAfterEach(): (socket: Socket) => Socket {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  return (socket) => {
    sockets.push(socket);
    return socket;
  };
}
