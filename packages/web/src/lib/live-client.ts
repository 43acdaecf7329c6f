import { isLiveEnvelope, type LiveEnvelope, type SubscribeAck, type Topic, type TopicMessage } from '@linkloom/shared';
import type { TopicHandler } from './live-message';
import { TopicRegistry } from './topic-registry';

/** What the live client needs from the wire (socket.io in the app, a fake in unit tests). */
export interface LiveTransport {
  /** True while connected. */
  readonly connected: boolean;
  /** True while connected or trying to (re)connect. */
  readonly active: boolean;
  connect(): void;
  disconnect(): void;
  /** Fires on the first connection and on every reconnection. */
  onConnect(listener: () => void): void;
  onMessage(listener: (message: unknown) => void): void;
  subscribe(topic: Topic): Promise<SubscribeAck>;
  unsubscribe(topic: Topic): void;
}

/** A screen's registration: its message handler and, optionally, what to do once its topic is confirmed. */
interface Listener {
  message: (message: LiveEnvelope) => void;
  synced?: (confirmedAt: number) => void;
}

/**
 * The live channel seen by screens: `subscribe(topic, handler)` with reference counting per topic.
 * The transport is created lazily (first subscription while signed in) and every topic is
 * subscribed again on each (re)connect, since the server forgets a socket's topics when it drops
 * (spec 1, section 4: "handlers are re-registered when the channel opens").
 *
 * Messages sent before the server confirmed a topic (the first connection comes after a screen
 * has read its data; a dropped connection loses what was said meanwhile) never arrive: each
 * confirmation is passed to the topic's `onSynced` listeners with the time it came, so a screen
 * can read again what it read before then.
 */
export class LiveClient {
  private transport: LiveTransport | null = null;
  private readonly registry = new TopicRegistry<Listener>();

  constructor(
    private readonly isSignedIn: () => boolean,
    private readonly createTransport: () => LiveTransport,
  ) {}

  /**
   * Listens to one topic; `onSynced` hears each time the server confirms the topic (first
   * connection, reconnections). Returns the function that stops listening.
   */
  subscribe<T extends Topic>(topic: T, handler: TopicHandler<T>, onSynced?: (confirmedAt: number) => void): () => void {
    // Messages are routed by topic, so whatever reaches this handler is one of T's messages.
    const registration = this.registry.add(topic, { message: (message) => handler(message as TopicMessage<T>), ...(onSynced ? { synced: onSynced } : {}) });
    if (registration.first && this.transport?.connected) this.sendSubscribe(topic);
    this.connect();
    return () => {
      if (registration.remove() && this.transport?.connected) this.transport.unsubscribe(topic);
    };
  }

  /** Opens the channel if signed in and someone listens; a no-op when already open or opening. */
  connect(): void {
    if (!this.isSignedIn() || this.registry.size === 0) return;
    if (!this.transport) {
      const transport = this.createTransport();
      transport.onConnect(() => this.registry.topics().forEach((topic) => this.sendSubscribe(topic as Topic)));
      transport.onMessage((message) => this.dispatch(message));
      this.transport = transport;
    }
    if (!this.transport.active) this.transport.connect();
  }

  /** Closes the channel (logout); the next subscription while signed in opens a new one. */
  disconnect(): void {
    this.transport?.disconnect();
    this.transport = null;
  }

  private dispatch(message: unknown): void {
    if (!isLiveEnvelope(message)) return;
    for (const listener of this.registry.handlersOf(message.topic)) {
      try {
        listener.message(message);
      } catch (error) {
        // One broken screen handler must not starve the others of the message.
        console.error('Live message handler failed', message.topic, message.name, error);
      }
    }
  }

  private sendSubscribe(topic: Topic): void {
    this.transport?.subscribe(topic).then(
      (ack) => {
        if (!ack.ok) {
          console.warn(`Live topic ${topic} refused: ${ack.error ?? 'no reason given'}`);
          return;
        }
        const confirmedAt = Date.now();
        for (const listener of this.registry.handlersOf(topic)) {
          try {
            listener.synced?.(confirmedAt);
          } catch (error) {
            console.error('Live sync listener failed', topic, error);
          }
        }
      },
      (error: unknown) => console.warn(`Live topic ${topic} not confirmed`, error),
    );
  }
}
