import { io, type Socket } from 'socket.io-client';
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

/** The live channel over socket.io at /eventbus, same origin; the session cookie authenticates. */
function socketTransport(): LiveTransport {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    path: LIVE_PATH,
    withCredentials: true,
    reconnection: true,
    autoConnect: false,
  });
  socket.on('connect_error', (error) => {
    // A refused handshake (signed out) is not retried by socket.io; the HTTP 401 path handles it.
    if (!socket.active) console.warn('Live channel refused the connection:', error.message);
  });
  return {
    get connected() {
      return socket.connected;
    },
    get active() {
      return socket.active;
    },
    connect: () => void socket.connect(),
    disconnect: () => {
      socket.disconnect();
      socket.removeAllListeners();
    },
    onConnect: (listener) => void socket.on('connect', listener),
    onMessage: (listener) => void socket.on(LIVE_EVENTS.message, listener),
    subscribe: (topic) => socket.timeout(SUBSCRIBE_ACK_TIMEOUT_MS).emitWithAck(LIVE_EVENTS.subscribe, topic),
    unsubscribe: (topic) => void socket.emit(LIVE_EVENTS.unsubscribe, topic),
  };
}

/** The app's one live client. */
export const liveClient = new LiveClient(() => getStoredName() !== null, socketTransport);

// Signing out closes the channel; signing in again reopens it for the screens still listening.
subscribeStoredName(() => {
  if (getStoredName() === null) liveClient.disconnect();
  else liveClient.connect();
});
