import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { WizardResponseSchema, planCampaign, readDiagramText, type Wizard, type WizardSummary } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import type { Agent } from './agent';
import { buildContentGroup } from './project-factories';

/**
 * A wizard of a strategy (built-in or the user's) as the editor fills it: every tab valid, tier 1
 * with two money pages, starting at `startDate`; and what Create Campaign checks first (issue 35):
 * each module of its projects has a site of the user's (one is added where none is).
 */
export async function filledWizard(db: Kysely<DB>, agent: Agent, ownerId: number, strategyId: number, startDate = '01/02/2030 10:00'): Promise<Wizard> {
  const added = await agent.request('PUT', '/rest/xwizards', { body: { name: `W${strategyId}`, strategyId } });
  expect(added.statusCode, added.body).toBe(201);
  const { wizard } = WizardResponseSchema.parse((await agent.request('GET', `/rest/xwizards/${(added.json() as WizardSummary).id}`)).json());
  const groups = await Promise.all(wizard.content.map(() => buildContentGroup(db, { ownerId })));
  await ensureSitesFor(db, agent, ownerId, wizard);
  return {
    ...wizard,
    id: null,
    campaignName: 'Money campaign',
    startNow: false,
    startDate,
    nDay: 2,
    linksAndKeywords: wizard.linksAndKeywords.map((tier, i) => ({
      ...tier, tags: 'seo, links', minLinks: 1, maxLinks: 2,
      linkSets: i === 0 ? [{ ...tier.linkSets[0]!, urls: 'https://money.example/\nhttps://money.example/shop', primaryKeyword: 'blue widgets', primaryPercentage: 70, nakedUrlPercentage: 30 }] : [],
    })),
    content: wizard.content.map((tier, i) => ({ ...tier, contentGroupId: groups[i]!.id })),
  };
}

/** One custom site for each module of the wizard's public projects the user has no site of (private projects use their network's). */
async function ensureSitesFor(db: Kysely<DB>, agent: Agent, ownerId: number, wizard: Wizard): Promise<void> {
  const read = readDiagramText(wizard.strategy?.strategy ?? '');
  if (!read.ok) return;
  const modules = new Set(planCampaign(read.diagram, wizard).projects.filter((p) => p.kind === 'postingproject').map((p) => p.module));
  for (const module of modules) {
    const has = await db.selectFrom('custom_sites').select('id').where('owner_id', '=', ownerId).where('module', '=', module).limit(1).executeTakeFirst();
    if (has) continue;
    const added = await agent.request('PUT', '/rest/custom_sites', { body: { url: `${module.toLowerCase()}-${ownerId}.example.com`, module } });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
}
