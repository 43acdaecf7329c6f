import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { WizardResponseSchema, type Wizard, type WizardSummary } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import type { Agent } from './agent';
import { buildContentGroup } from './project-factories';

/** A wizard of a strategy (built-in or the user's) as the editor fills it: every tab valid, tier 1 with two money pages. */
export async function filledWizard(db: Kysely<DB>, agent: Agent, ownerId: number, strategyId: number, startDate = '01/02/2030 10:00'): Promise<Wizard> {
  const added = await agent.request('PUT', '/rest/xwizards', { body: { name: `W${strategyId}`, strategyId } });
  expect(added.statusCode, added.body).toBe(201);
  const { wizard } = WizardResponseSchema.parse((await agent.request('GET', `/rest/xwizards/${(added.json() as WizardSummary).id}`)).json());
  const groups = await Promise.all(wizard.content.map(() => buildContentGroup(db, { ownerId })));
  return {
    ...wizard,
    id: null,
    campaignName: 'Money campaign',
    startDate,
    nDay: 2,
    linksAndKeywords: wizard.linksAndKeywords.map((tier, i) => ({
      ...tier, tags: 'seo, links', minLinks: 1, maxLinks: 2,
      linkSets: i === 0 ? [{ ...tier.linkSets[0]!, urls: 'https://money.example/\nhttps://money.example/shop', primaryKeyword: 'blue widgets', primaryPercentage: 70, nakedUrlPercentage: 30 }] : [],
    })),
    content: wizard.content.map((tier, i) => ({ ...tier, contentGroupId: groups[i]!.id })),
  };
}
