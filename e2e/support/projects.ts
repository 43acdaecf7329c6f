import type { Page } from 'playwright-core';
import type { RunningServer } from '../../packages/server/test/support/server-process';
import { buildCampaign } from '../../packages/server/test/support/factories';
import { buildProject } from '../../packages/server/test/support/campaign-factories';
import { buildLinkSet } from '../../packages/server/test/support/link-factories';
import { buildProfile } from '../../packages/server/test/support/accounts-factories';
import { buildPrivateNetwork } from '../../packages/server/test/support/private-network-factories';
import { insertContentGroup } from '../../packages/server/src/features/content/content-groups.repository';
import { seedAsUser } from './server-database';

/** What the project screen tests work on: one campaign with a project of each kind and its choices. */
export interface ProjectWorld {
  campaignId: number;
  otherCampaignId: number;
  projects: { private: number; posting: number; accountCreation: number; indexer: number; parent: number };
  linkSets: { input: number; output: number };
  networkId: number;
}

/**
 * Seeds, as the user: campaign "Tiered launch" with link sets "Money pages" and "Tier 1 backlinks",
 * account profile "Main accounts", one project per kind and a parent project; campaign "Other
 * campaign" with profile "Other accounts"; content group "Blog posts"; private network "Blog
 * network" with three Private sites and one SocialNetwork site (the posting project's site; custom
 * sites, the usual source, are a later issue's screen).
 */
export function seedProjectWorld(server: RunningServer, username: string): Promise<ProjectWorld> {
  return seedAsUser(server, username, async (db, ownerId) => {
    const campaign = await buildCampaign(db, { ownerId, name: 'Tiered launch' });
    const other = await buildCampaign(db, { ownerId, name: 'Other campaign' });
    const input = await buildLinkSet(db, { ownerId, campaignId: campaign.id, name: 'Money pages' });
    const output = await buildLinkSet(db, { ownerId, campaignId: campaign.id, name: 'Tier 1 backlinks' });
    await buildProfile(db, { ownerId, campaignId: campaign.id, name: 'Main accounts', accounts: [] });
    await buildProfile(db, { ownerId, campaignId: other.id, name: 'Other accounts', accounts: [] });
    await insertContentGroup(db, ownerId, 'Blog posts');
    const network = await buildPrivateNetwork(db, {
      ownerId, name: 'Blog network',
      sites: [
        { siteUrl: 'https://wp-one.example.com', email: 'one@example.com' },
        { siteUrl: 'https://wp-two.example.com', email: 'two@example.com' },
        { siteUrl: 'https://wp-three.example.com', email: 'three@example.com' },
      ],
    });
    await db.insertInto('private_sites').values({
      owner_id: ownerId, private_network_id: network.id, module: 'SocialNetwork', platform: 'WordPress',
      site_url: 'https://web20.example.com', email: 'web@example.com', username: 'web', password: 'secret', created_at: Date.now(),
    }).execute();
    const build = (name: string, module: string) => buildProject(db, { ownerId, campaignId: campaign.id, name, module });
    return {
      campaignId: campaign.id,
      otherCampaignId: other.id,
      projects: {
        parent: await build('Tier 0 parent', 'Private'),
        private: await build('Tier 1 private', 'Private'),
        posting: await build('Tier 1 web 2.0', 'SocialNetwork'),
        accountCreation: await build('Accounts', 'AccountCreation'),
        indexer: await build('Indexing', 'Indexer'),
      },
      linkSets: { input: input.id, output: output.id },
      networkId: network.id,
    };
  });
}

/** A private network of `count` sites (half WordPress, half Unknown) and a private project, valid but for its sites, posting to it. */
export function seedBigPrivateProject(server: RunningServer, username: string, campaignId: number, count: number): Promise<{ projectId: number; networkId: number }> {
  return seedAsUser(server, username, async (db, ownerId) => {
    const network = await buildPrivateNetwork(db, { ownerId, name: 'Big network' });
    const now = Date.now();
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        owner_id: ownerId, private_network_id: network.id, module: 'Private', platform: start + i < count / 2 ? 'WordPress' : 'Unknown',
        site_url: `https://blog-${String(start + i).padStart(5, '0')}.example.com`, email: `owner${start + i}@example.com`,
        username: 'user', password: 'secret', created_at: now,
      }));
      await db.insertInto('private_sites').values(rows).execute();
    }
    const output = await buildLinkSet(db, { ownerId, campaignId, name: 'Big network backlinks' });
    const contentGroupId = await insertContentGroup(db, ownerId, 'Big network posts');
    const projectId = await buildProject(db, {
      ownerId, campaignId, name: 'Big network project', module: 'Private',
      settings: JSON.stringify({ profileId: network.id, urlListId: output.id, contentGroupId, linkPlacement: 'Bottom', tags: 'blog' }),
    });
    return { projectId, networkId: network.id };
  });
}

/** Picks an option of the antd Select whose form label is `label`. */
export async function chooseByLabel(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The message antd shows under the field labelled `label`. */
export function fieldError(page: Page, text: string) {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

/** The status tag of the project toolbar. */
export function projectStatus(page: Page) {
  return page.getByTestId('project-toolbar').getByTestId('status-tag');
}
