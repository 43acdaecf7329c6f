import { describe, expect, it, vi } from 'vitest';
import type { SubscribeAck, Topic } from '@linkloom/shared';
import { LiveClient, type LiveTransport } from './live-client';

/** An in-memory transport that records what the client sent. */
class FakeTransport implements LiveTransport {
  connected = false;
  active = false;
  readonly sent: string[] = [];
  connects = 0;
  private connectListeners: (() => void)[] = [];
  private messageListeners: ((message: unknown) => void)[] = [];

  connect(): void {
    this.connects += 1;
    this.active = true;
  }
  disconnect(): void {
    this.connected = false;
    this.active = false;
  }
  onConnect(listener: () => void): void {
    this.connectListeners.push(listener);
  }
  onMessage(listener: (message: unknown) => void): void {
    this.messageListeners.push(listener);
  }
  subscribe(topic: Topic): Promise<SubscribeAck> {
    this.sent.push(`subscribe ${topic}`);
    return Promise.resolve({ ok: true });
  }
  unsubscribe(topic: Topic): void {
    this.sent.push(`unsubscribe ${topic}`);
  }
  /** The server accepted the (re)connection. */
  open(): void {
    this.connected = true;
    this.connectListeners.forEach((listener) => listener());
  }
  /** The connection dropped; socket.io keeps trying. */
  drop(): void {
    this.connected = false;
  }
  emit(message: unknown): void {
    this.messageListeners.forEach((listener) => listener(message));
  }
}

function setup(signedIn = true) {
  const transports: FakeTransport[] = [];
  const state = { signedIn };
  const client = new LiveClient(
    () => state.signedIn,
    () => {
      const transport = new FakeTransport();
      transports.push(transport);
      return transport;
    },
  );
  return { client, transports, state };
}

describe('LiveClient', () => {
  it('connects lazily on the first subscription and subscribes each topic once', () => {
    const { client, transports } = setup();
    expect(transports).toHaveLength(0);
    client.subscribe('campaigns', () => undefined);
    client.subscribe('campaigns', () => undefined);
    const [transport] = transports;
    expect(transport?.connects).toBe(1);
    transport?.open();
    expect(transport?.sent).toEqual(['subscribe campaigns']);
  });

  it('does not connect while signed out', () => {
    const { client, transports, state } = setup(false);
    client.subscribe('campaigns', () => undefined);
    expect(transports).toHaveLength(0);
    state.signedIn = true;
    client.connect();
    expect(transports).toHaveLength(1);
  });

  it('re-subscribes every topic on each reconnect', () => {
    const { client, transports } = setup();
    client.subscribe('campaigns', () => undefined);
    client.subscribe('project/7', () => undefined);
    const transport = transports[0]!;
    transport.open();
    transport.drop();
    transport.open();
    expect(transport.sent).toEqual(['subscribe campaigns', 'subscribe project/7', 'subscribe campaigns', 'subscribe project/7']);
  });

  it('unsubscribes when the last handler of a topic goes', () => {
    const { client, transports } = setup();
    const stopA = client.subscribe('private_networks', () => undefined);
    const stopB = client.subscribe('private_networks', () => undefined);
    transports[0]!.open();
    stopA();
    expect(transports[0]!.sent).toEqual(['subscribe private_networks']);
    stopB();
    stopB();
    expect(transports[0]!.sent).toEqual(['subscribe private_networks', 'unsubscribe private_networks']);
  });

  it('routes messages to the handlers of their topic and survives a throwing handler', () => {
    const { client, transports } = setup();
    const received: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.subscribe('campaigns', () => {
      throw new Error('broken screen');
    });
    client.subscribe('campaigns', (message) => {
      if (message.name === 'rename') received.push(message.payload.name);
    });
    client.subscribe('project/1', () => received.push('wrong topic'));
    transports[0]!.open();
    transports[0]!.emit({ topic: 'campaigns', name: 'rename', payload: { id: 1, name: 'Renamed' } });
    transports[0]!.emit('not a message');
    expect(received).toEqual(['Renamed']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('opens a new transport after a disconnect (logout, then login)', () => {
    const { client, transports } = setup();
    client.subscribe('campaigns', () => undefined);
    client.disconnect();
    client.connect();
    expect(transports).toHaveLength(2);
    transports[1]!.open();
    expect(transports[1]!.sent).toEqual(['subscribe campaigns']);
  });
});

describe('LiveClient confirmations', () => {
  it('tells a topic\'s onSynced listeners when the server confirms it, on every (re)connect, not refused ones', async () => {
    const { client, transports } = setup();
    const heard: string[] = [];
    client.subscribe('campaigns', () => undefined, (at) => heard.push(`campaigns ${typeof at}`));
    client.subscribe('project/3', () => undefined);
    const transport = transports[0]!;
    transport.open();
    await vi.waitFor(() => expect(heard).toEqual(['campaigns number']));
    transport.drop();
    transport.open();
    await vi.waitFor(() => expect(heard).toEqual(['campaigns number', 'campaigns number']));

    const refusing = vi.spyOn(transport, 'subscribe').mockResolvedValue({ ok: false, error: 'not yours' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused: number[] = [];
    client.subscribe('project/9', () => undefined, (at) => refused.push(at));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(refused).toEqual([]);
    refusing.mockRestore();
    warn.mockRestore();
  });
});
