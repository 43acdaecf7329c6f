import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { listen } from '../support/test-app';
import { buildUser } from '../support/factories';
import { signedIn } from '../support/agent';
import { buildProject } from '../support/campaign-factories';
import { buildLinkSet, buildLinks } from '../support/link-factories';
import { OriginalApiClient } from '../support/original-api-client';

describe.each(DATABASES)("a script written for the original's API, start to end, on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const db = () => ctx.server.database.db;
  let listening: Promise<string> | undefined;
  const baseUrl = () => (listening ??= listen(ctx.server));

  /** A campaign with two running projects (`finish` completes them) and a 250-link set. */
  async function seedCampaign(ownerId: number) {
    const linkSet = await buildLinkSet(db(), { ownerId, name: 'Tier 1 output' });
    const projects = [
      await buildProject(db(), { ownerId, campaignId: linkSet.campaignId, status: 'RUNNING' }),
      await buildProject(db(), { ownerId, campaignId: linkSet.campaignId, status: 'RUNNING' }),
    ];
    const ids = await buildLinks(db(), { ownerId, urlListId: linkSet.id }, 250);
    const finish = async () => {
      await db().updateTable('projects').set({ status: 'COMPLETED' }).where('id', 'in', projects).execute();
    };
    return { linkSet, ids, finish };
  }

  /** The script's run once signed in: list campaigns, read one, wait for its projects, read all 250 links. */
  async function runScript(client: OriginalApiClient, { linkSet, ids, finish }: Awaited<ReturnType<typeof seedCampaign>>) {
    const campaigns = (await client.getObject('/rest/campaigns')).campaigns as { id: number }[];
    expect(campaigns.map((campaign) => campaign.id)).toContain(linkSet.campaignId);
    const waiting = client.waitForCampaign(linkSet.campaignId, { intervalMs: 100, attempts: 100 });
    // The script keeps polling while the projects run; they finish a few polls later.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await finish();
    const detail = await waiting;
    const urlLists = detail.urlLists as { id: number; count: number }[];
    expect(urlLists).toEqual([expect.objectContaining({ id: linkSet.id, count: 250 })]);

    const links = await client.getObject(`/rest/url_items/${linkSet.id}`);
    const urls = links.urls as { id: number; url: string }[];
    expect(urls.map((link) => link.id)).toEqual(ids);
    expect(urls[249]?.url).toBe('https://site250.test/page');
    expect(links.total).toBe(250);
    expect(links.campaign).toEqual({ id: linkSet.campaignId, name: linkSet.campaignName });
  }

  it.skipIf(skip)('signs in, lists campaigns, reads one, waits for its projects, reads all 250 links', async () => {
    const user = await buildUser(db());
    const seeded = await seedCampaign(user.id);
    const client = new OriginalApiClient(await baseUrl());
    await client.login(user.username, user.password);
    await runScript(client, seeded);
  });

  it.skipIf(skip)('does the same with a personal API token instead of signing in', async () => {
    const user = await buildUser(db());
    const seeded = await seedCampaign(user.id);
    // The user makes the token on the API tokens screen (a browser session), then hands it to the script.
    const browser = await signedIn(ctx.server.app, user);
    const created = await browser.request('POST', '/rest/api_tokens', { body: { name: 'Original client' } });
    expect(created.statusCode, created.body).toBe(201);
    const client = new OriginalApiClient(await baseUrl(), (created.json() as { secret: string }).secret);
    await runScript(client, seeded);
    const [token] = (await browser.request('GET', '/rest/api_tokens')).json().tokens as { lastUsedAt: number | null }[];
    expect(token?.lastUsedAt).not.toBeNull();
  });

  it.skipIf(skip)('still pages when asked to, as the web app does; filters apply to the whole listing', async () => {
    const user = await buildUser(db());
    const { linkSet } = await seedCampaign(user.id);
    const client = new OriginalApiClient(await baseUrl());
    await client.login(user.username, user.password);
    const page = await client.getObject(`/rest/url_items/${linkSet.id}?page=2&pageSize=100`);
    expect((page.urls as unknown[]).length).toBe(100);
    expect(page.total).toBe(250);
    const firstHundred = await client.getObject(`/rest/url_items/${linkSet.id}?pageSize=100`);
    expect((firstHundred.urls as unknown[]).length).toBe(100);
    const filtered = await client.getObject(`/rest/url_items/${linkSet.id}?url=site2`);
    // site2, site20–29, site200–250: every match, not a first page of them.
    expect((filtered.urls as { url: string }[]).every((link) => link.url.includes('site2'))).toBe(true);
    expect(filtered.total).toBe(1 + 10 + 51);
  });

  it.skipIf(skip)("never hands one user's links to another", async () => {
    const ann = await buildUser(db());
    const bob = await buildUser(db());
    const { linkSet } = await seedCampaign(ann.id);
    const client = new OriginalApiClient(await baseUrl());
    await client.login(bob.username, bob.password);
    await expect(client.getObject(`/rest/url_items/${linkSet.id}`)).rejects.toThrow(/404/);
  });
});
