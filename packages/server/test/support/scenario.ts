import { beforeAll, expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import { signedIn, type Agent } from './agent';
import { buildUser, type TestUser } from './factories';
import { connectLive, connected, openSocketsClosedAfterEach, recorder, subscribe } from './live-client';
import { listen, type TestApp } from './test-app';

/** A test user together with an agent signed in as them. */
export interface SignedInUser extends TestUser {
  agent: Agent;
}

/** What a live inbox offers: the messages received so far and the next one. */
export type LiveInbox = ReturnType<typeof recorder>;

/** Two signed-in users of one test server: Ann (whose data the tests make) and Bob (the other user). */
export interface TwoUsers {
  ann: SignedInUser;
  bob: SignedInUser;
  /** The listening server's base URL (only with `listen: true`). */
  baseUrl(): string;
  /** A connected live socket as the agent, as its browser would open it; closed after the test. */
  connectedSocket(agent: Agent): Promise<Socket>;
  /**
   * Opens a live socket as the agent (closed after the test), records its messages and subscribes to
   * every topic, expecting each subscription to be accepted.
   */
  liveInbox(agent: Agent, ...topics: string[]): Promise<LiveInbox>;
}

/**
 * Creates Ann and Bob and signs both in before the describe block's tests (after `useTestServer`
 * started the server); with `listen`, also puts the server on a real port for live sockets.
 * The returned `ann` and `bob` objects are filled in place, so they may be destructured up front.
 */
export function useTwoUsers(ctx: { server: TestApp }, skip: boolean, options: { listen?: boolean } = {}): TwoUsers {
  const ann = {} as SignedInUser;
  const bob = {} as SignedInUser;
  let baseUrl = '';
  const open = openSocketsClosedAfterEach();

  beforeAll(async () => {
    if (skip) return;
    if (options.listen) baseUrl = await listen(ctx.server);
    const db = ctx.server.database.db;
    Object.assign(ann, await buildUser(db));
    Object.assign(bob, await buildUser(db));
    ann.agent = await signedIn(ctx.server.app, ann);
    bob.agent = await signedIn(ctx.server.app, bob);
  });

  async function connectedSocket(agent: Agent): Promise<Socket> {
    const socket = open(connectLive(baseUrl, agent));
    await connected(socket);
    return socket;
  }

  return {
    ann,
    bob,
    baseUrl: () => baseUrl,
    connectedSocket,
    async liveInbox(agent, ...topics) {
      const socket = await connectedSocket(agent);
      const inbox = recorder(socket);
      for (const topic of topics) expect(await subscribe(socket, topic)).toEqual({ ok: true });
      return inbox;
    },
  };
}
