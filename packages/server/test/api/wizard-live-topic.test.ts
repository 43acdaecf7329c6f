/**
 * The live `xwizard/{id}` topic (issue 38 item 3): declared, but its subscriptions were refused and
 * nothing was published on it. Whoever follows one saved wizard hears its saves (both save calls and
 * Create Campaign saving it), its rename and its deletion — and nothing of another wizard; another
 * user may not follow it. On both databases.
 */
import { describe, expect, it } from 'vitest';
import type { Wizard, WizardSummary } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { recorder, subscribe } from '../support/live-client';
import { filledWizard } from '../support/wizard-factories';
import type { Agent } from '../support/agent';
import { TOPIC_REFUSED } from '../../src/platform/live/topic-access';

describe.each(DATABASES)('the live xwizard/{id} topic on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox, connectedSocket } = useTwoUsers(ctx, skip, { listen: true });

  const save = async (agent: Agent, path: string, wizard: Wizard): Promise<number> => {
    const response = await agent.request('POST', path, { body: wizard });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: number }).id;
  };

  it.skipIf(skip)("tells a wizard's topic of its saves, rename and deletion, not of another wizard's; another user may not follow it", async () => {
    const filled = await filledWizard(ctx.server.database.db, ann.agent, ann.id, 4);
    const followed = await save(ann.agent, '/rest/xwizards', { ...filled, name: 'Followed' });
    const other = await save(ann.agent, '/rest/xwizards', { ...filled, name: 'Other' });
    const topic = `xwizard/${followed}`;
    const inbox = await liveInbox(ann.agent, topic);
    const bobSocket = await connectedSocket(bob.agent);
    const bobHeard = recorder(bobSocket);
    expect(await subscribe(bobSocket, topic)).toEqual({ ok: false, error: TOPIC_REFUSED });
    expect(await subscribe(bobSocket, 'xwizard/999999')).toEqual({ ok: false, error: TOPIC_REFUSED });
    expect(await subscribe(bobSocket, 'xwizards')).toEqual({ ok: true });

    await save(ann.agent, '/rest/xwizards', { ...filled, id: followed, name: 'Followed' });
    await save(ann.agent, `/rest/xwizards/${followed}`, { ...filled, id: followed, name: 'Followed' });
    await save(ann.agent, `/rest/xwizards/${other}`, { ...filled, id: other, name: 'Other' });
    const renamed = await ann.agent.request('POST', '/rest/xwizard/rename', { body: { id: followed, name: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect((await ann.agent.request('POST', '/rest/xwizard/rename', { body: { id: other, name: 'Other 2' } })).statusCode).toBe(200);
    // Create Campaign saving the wizard under its id.
    const created = await ann.agent.request('PUT', '/action/create/xcampaign', { body: { saveWizard: true, wizard: { ...filled, id: followed, name: 'Renamed' } } });
    expect(created.statusCode, created.body).toBe(200);
    const deleted = await ann.agent.request('DELETE', '/rest/xwizards', { body: [other, followed] });
    expect(deleted.json()).toEqual({ ids: [followed, other] });

    await expect.poll(() => inbox.messages.length).toBe(5);
    // Messages arrive in publish order and the deletion was the last change: nothing else came.
    const summary = (name: string): Partial<WizardSummary> => ({ id: followed, name, strategyId: 4 });
    expect(inbox.messages.map((message) => message.topic)).toEqual(Array.from({ length: 5 }, () => topic));
    expect(inbox.messages.map((message) => message.name)).toEqual(['save', 'save', 'rename', 'save', 'delete']);
    expect(inbox.messages[0]?.payload).toEqual({ ...summary('Followed'), updatedAt: expect.any(Number) as number });
    expect(inbox.messages[1]?.payload).toMatchObject(summary('Followed'));
    expect(inbox.messages[2]?.payload).toEqual({ id: followed, name: 'Renamed' });
    expect(inbox.messages[3]?.payload).toMatchObject(summary('Renamed'));
    expect(inbox.messages[4]?.payload).toEqual({ id: followed });
    expect(bobHeard.messages).toEqual([]);
  });
});
