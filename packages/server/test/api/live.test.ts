import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { listen, startTestApp } from '../support/test-app';
import { Agent, signedIn } from '../support/agent';
import { buildCampaign, buildUser, type TestUser } from '../support/factories';
import { connectError, connectLive, connected, openSocketsClosedAfterEach, recorder, subscribe } from '../support/live-client';
import { TOPIC_REFUSED, TOPIC_UNKNOWN } from '../../src/platform/live/topic-access';

describe.each(DATABASES)('live channel /eventbus on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  let baseUrl: string;
  let ann: TestUser;
  let bob: TestUser;
  const open = openSocketsClosedAfterEach();

  beforeAll(async () => {
    if (skip) return;
    baseUrl = await listen(ctx.server);
    ann = await buildUser(ctx.server.database.db);
    bob = await buildUser(ctx.server.database.db);
  });

  it.skipIf(skip)("delivers a message to its owner's subscriber and refuses the other user's subscription", async () => {
    const campaign = await buildCampaign(ctx.server.database.db, { ownerId: ann.id });
    const annSocket = open(connectLive(baseUrl, await signedIn(ctx.server.app, ann)));
    const bobSocket = open(connectLive(baseUrl, await signedIn(ctx.server.app, bob)));
    await Promise.all([connected(annSocket), connected(bobSocket)]);
    const annInbox = recorder(annSocket);
    const bobInbox = recorder(bobSocket);

    expect(await subscribe(annSocket, `campaign/${campaign.id}`)).toEqual({ ok: true });
    expect(await subscribe(annSocket, 'campaigns')).toEqual({ ok: true });
    expect(await subscribe(bobSocket, `campaign/${campaign.id}`)).toEqual({ ok: false, error: TOPIC_REFUSED });
    expect(await subscribe(bobSocket, 'campaigns')).toEqual({ ok: true });

    const publish = ctx.server.context.live!.publish;
    const annNext = annInbox.next();
    publish(ann.id, `campaign/${campaign.id}`, 'campaignStatusChanged', { id: campaign.id, campaignStatus: 'PAUSED' });
    expect(await annNext).toEqual({ topic: `campaign/${campaign.id}`, name: 'campaignStatusChanged', payload: { id: campaign.id, campaignStatus: 'PAUSED' } });

    // Ann's campaign list message must not reach Bob, who listens on his own `campaigns`: a later
    // message to Bob arriving first and alone proves the earlier one was never sent to him.
    publish(ann.id, 'campaigns', 'rename', { id: campaign.id, name: 'Renamed' });
    const bobNext = bobInbox.next();
    publish(bob.id, 'campaigns', 'campaignsDeleted', { ids: [7] });
    expect(await bobNext).toEqual({ topic: 'campaigns', name: 'campaignsDeleted', payload: { ids: [7] } });
    expect(bobInbox.messages).toHaveLength(1);
    await expect.poll(() => annInbox.messages.length).toBe(2);
    expect(annInbox.messages[1]).toMatchObject({ topic: 'campaigns', name: 'rename' });
  });

  it.skipIf(skip)('refuses unknown topics, topics of objects that do not exist, and malformed ones', async () => {
    const socket = open(connectLive(baseUrl, await signedIn(ctx.server.app, ann)));
    await connected(socket);
    expect(await subscribe(socket, 'campaign/999999')).toEqual({ ok: false, error: TOPIC_REFUSED });
    expect(await subscribe(socket, 'nonsense')).toEqual({ ok: false, error: TOPIC_UNKNOWN });
    expect(await subscribe(socket, 'campaign/abc')).toEqual({ ok: false, error: TOPIC_UNKNOWN });
    expect(await subscribe(socket, 'campaign/0')).toEqual({ ok: false, error: TOPIC_UNKNOWN });
  });

  it.skipIf(skip)('refuses a connection without a session, with a stale one, or from another origin', async () => {
    expect(await connectError(open(connectLive(baseUrl, null)))).toBe('unauthorized');
    const stale = new Agent(ctx.server.app);
    stale.cookies.set('linkloom_session', 'not-a-session');
    expect(await connectError(open(connectLive(baseUrl, stale)))).toBe('unauthorized');
    const agent = await signedIn(ctx.server.app, ann);
    expect(await connectError(open(connectLive(baseUrl, agent, 'http://evil.example')))).not.toBe('');
  });

  it.skipIf(skip)('disconnects the sockets of a session when it logs out', async () => {
    const agent = await signedIn(ctx.server.app, ann);
    const socket = open(connectLive(baseUrl, agent));
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await agent.request('GET', '/api/logout')).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

});

// Only PostgreSQL runs several server processes; skipped (with the suite's notice) when it is absent.
describe.skipIf(!inject('postgresAvailable'))('live channel across server processes (Postgres adapter)', () => {
  const ctx = useTestServer('postgres', false, { withLive: true });
  let ann: TestUser;
  const open = openSocketsClosedAfterEach();

  beforeAll(async () => {
    await listen(ctx.server);
    ann = await buildUser(ctx.server.database.db);
  });

  it('fans a message out across server processes', async () => {
    const second = await startTestApp(ctx.handle);
    try {
      const secondUrl = await listen(second);
      const campaign = await buildCampaign(ctx.server.database.db, { ownerId: ann.id });
      const socket = open(connectLive(secondUrl, await signedIn(second.app, ann)));
      await connected(socket);
      const inbox = recorder(socket);
      expect(await subscribe(socket, `campaign/${campaign.id}`)).toEqual({ ok: true });
      const next = inbox.next();
      // Published on the first node; the client is connected to the second.

      ctx.server.context.live!.publish(ann.id, `campaign/${campaign.id}`, 'projectsDeleted', { ids: [1, 2] });
      expect(await next).toEqual({ topic: `campaign/${campaign.id}`, name: 'projectsDeleted', payload: { ids: [1, 2] } });
    } finally {
      await second.close();
    }
  });
});
