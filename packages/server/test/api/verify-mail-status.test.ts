import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';

/**
 * Verify mail no longer locks an account creation project (issue 14): the engine's `mail.verify`
 * job takes STARTING_VERIFYING on and returns the project to the status it had before, and Stop
 * verifying does the same; Edit and Start are possible again afterwards.
 */
describe.each(DATABASES)('Verify mail status cycle on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const statusOf = async (id: number) => (await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const setStatus = (id: number, status: string) => db().updateTable('projects').set({ status }).where('id', '=', id).execute();
  const accountCreation = async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    return { campaignId: campaign.id, id: await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation' }) };
  };

  it.skipIf(skip)('goes STARTING_VERIFYING → VERIFYING → back to the status before, pushing each status live', async () => {
    const project = await accountCreation();
    await setStatus(project.id, 'COMPLETED');
    const inbox = await liveInbox(ann.agent, `project/${project.id}`);

    const started = await ann.agent.request('GET', `/action/start/verifying/${project.id}`);
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('STARTING_VERIFYING');
    await expect.poll(() => statusOf(project.id), { timeout: 10_000 }).toBe('COMPLETED');
    await expect.poll(() => inbox.messages.filter((message) => message.name === 'projectStatusChanged').map((message) => (message.payload as { status: string }).status))
      .toEqual(['STARTING_VERIFYING', 'VERIFYING', 'COMPLETED']);
    // The pass found no account profile, so nothing to verify, and says so.
    expect(inbox.messages).toContainEqual({ topic: `project/${project.id}`, name: 'verificationProgressed', payload: { projectId: project.id, status: 'Verified 0 of 0 accounts' } });

    // Not locked: Verify mail again, and a save is accepted in the status it came back to.
    expect((await ann.agent.request('GET', `/action/start/verifying/${project.id}`)).statusCode).toBe(200);
    await expect.poll(() => statusOf(project.id), { timeout: 10_000 }).toBe('COMPLETED');
    const row = await db().selectFrom('projects').select('verify_return_status').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(row.verify_return_status).toBeNull();
  });

  it.skipIf(skip)('Stop verifying returns the project to its previous status (SCHEDULED stays SCHEDULED)', async () => {
    const project = await accountCreation();
    await setStatus(project.id, 'SCHEDULED');
    // The status Verify mail started from, as the start call records it; then the stop, before the job ran.
    await db().updateTable('projects').set({ status: 'VERIFYING', verify_return_status: 'SCHEDULED' }).where('id', '=', project.id).execute();
    const stopped = await ann.agent.request('GET', `/action/stop/verifying/${project.id}`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().status).toBe('STOPPING_VERIFYING');
    await expect.poll(() => statusOf(project.id), { timeout: 10_000 }).toBe('SCHEDULED');

    const notVerifying = await ann.agent.request('GET', `/action/stop/verifying/${project.id}`);
    expect(notVerifying.statusCode).toBe(409);
    expect(notVerifying.json()).toEqual({ error: { message: 'Email verification is not running (the project is SCHEDULED)' } });
  });

  it.skipIf(skip)('a project left verifying without a recorded status goes back to STOPPED', async () => {
    const project = await accountCreation();
    await setStatus(project.id, 'VERIFYING');
    expect((await ann.agent.request('GET', `/action/stop/verifying/${project.id}`)).statusCode).toBe(200);
    await expect.poll(() => statusOf(project.id), { timeout: 10_000 }).toBe('STOPPED');
    expect((await ann.agent.request('GET', `/action/start/project/${project.id}`)).statusCode).not.toBe(409);
  });

  it.skipIf(skip)("answers 404 for another user's project and leaves it alone", async () => {
    const project = await accountCreation();
    for (const path of ['start/verifying', 'stop/verifying']) {
      expect((await bob.agent.request('GET', `/action/${path}/${project.id}`)).statusCode).toBe(404);
    }
    expect(await statusOf(project.id)).toBe('NEW');
  });
});
