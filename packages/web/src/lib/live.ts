import type { Socket } from 'socket.io-client';
import { LIVE_EVENTS, LIVE_PATH, type SubscribeAck, type Topic } from '@linkloom/shared';
import { LiveClient, type LiveTransport } from './live-client';
import { getStoredName, subscribeStoredName } from './session-store';

interface ServerToClientEvents {
  // Checked by the live client before routing (isLiveEnvelope): the wire is not trusted blindly.
  message: (message: unknown) => void;
}
interface ClientToServerEvents {
  subscribe: (topic: Topic, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (topic: Topic) => void;
}

/** How long the server has to confirm a subscription before it is logged as unconfirmed. */
const SUBSCRIBE_ACK_TIMEOUT_MS = 10_000;

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens the socket once socket.io's client has arrived (its own chunk: the first screen does not wait for it). */
async function openSocket(): Promise<LiveSocket> {
  const { io } = await import('socket.io-client');
  const socket: LiveSocket = io({
    path: LIVE_PATH,
    withCredentials: true,
    reconnection: true,
    autoConnect: false,
  });
  socket.on('connect_error', (error) => {
    // A refused handshake (signed out) is not retried by socket.io; the HTTP 401 path handles it.
    if (!socket.active) console.warn('Live channel refused the connection:', error.message);
  });
  return socket;
}

/**
 * The live channel over socket.io at /eventbus, same origin; the session cookie authenticates.
 * Until the socket exists, a connect is remembered and listeners wait for it; nothing is
 * subscribed before the first connection (LiveClient subscribes every topic on connect).
 */
function socketTransport(): LiveTransport {
  let socket: LiveSocket | null = null;
  let wanted = false;
  let closed = false;
  const opened = openSocket().then((created) => {
    socket = created;
    if (closed) created.removeAllListeners();
    else if (wanted) created.connect();
    return created;
  });
  opened.catch((error: unknown) => console.warn('Live channel unavailable:', error));
  const whenOpen = (use: (socket: LiveSocket) => void) => void opened.then((created) => {
    if (!closed) use(created);
  }, () => undefined);
  return {
    get connected() {
      return socket?.connected ?? false;
    },
    get active() {
      return socket?.active ?? wanted;
    },
    connect: () => {
      wanted = true;
      socket?.connect();
    },
    disconnect: () => {
      wanted = false;
      closed = true;
      socket?.disconnect();
      socket?.removeAllListeners();
    },
    onConnect: (listener) => whenOpen((created) => created.on('connect', listener)),
    onMessage: (listener) => whenOpen((created) => created.on(LIVE_EVENTS.message, listener)),
    subscribe: async (topic) => (await opened).timeout(SUBSCRIBE_ACK_TIMEOUT_MS).emitWithAck(LIVE_EVENTS.subscribe, topic),
    unsubscribe: (topic) => void socket?.emit(LIVE_EVENTS.unsubscribe, topic),
  };
}

/** The app's one live client. */
export const liveClient = new LiveClient(() => getStoredName() !== null, socketTransport);

// Signing out closes the channel; signing in again reopens it for the screens still listening.
subscribeStoredName(() => {
  if (getStoredName() === null) liveClient.disconnect();
  else liveClient.connect();
});
