import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { siteKey } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import { buildCampaign } from './factories';

/** A blog the engine posts to: its address and the login the private network stores for it. */
export interface EngineBlog {
  url: string;
  username: string;
  password: string;
}

export interface PrivateProjectWorld {
  campaignId: number;
  networkId: number;
  projectId: number;
  inputLinkSetId: number;
  outputLinkSetId: number;
  contentGroupId: number;
  sites: { id: number; url: string; email: string; key: string }[];
  /** The input links (what posts link to). */
  links: string[];
  /** The private project's form fields (as POST /rest/privateproject takes them). */
  form: Record<string, unknown>;
}

const ARTICLE = [
  '{Gardening|Growing vegetables} at home is {easy|simple} once the soil is right. Good compost feeds the beds for a whole season.',
  'Water early in the morning so the leaves dry before noon. {Mulch|Straw} keeps the moisture in and the weeds out.',
  'Rotate the crops every year: beans after cabbage, roots after beans. The soil stays healthy and pests find less to eat.',
  'Harvest in the cool of the day and store the produce somewhere dark. {Enjoy|Share} what the garden gives.',
].join('\n\n');

/**
 * A private blog project of the user posting to these blogs (a private network with platform
 * WordPress and the blogs' application passwords), a content group with two articles, an input link
 * set with links and keywords, an output link set; the project's form stored and every site ticked,
 * as a save would leave it. `schedule` (JSON) sets numberOfPosts and the like.
 */
export async function buildPrivateProjectWorld(
  db: Kysely<DB>,
  ownerId: number,
  blogs: readonly EngineBlog[],
  options: { schedule?: object; linksPerPost?: number; campaignId?: number; article?: { title: string; body: string } } = {},
): Promise<PrivateProjectWorld> {
  const now = Date.now();
  const tag = randomBytes(3).toString('hex');
  const campaignId = options.campaignId ?? (await buildCampaign(db, { ownerId })).id;
  const network = await db.insertInto('private_networks').values({ owner_id: ownerId, name: `Blogs ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const sites: PrivateProjectWorld['sites'] = [];
  for (const [index, blog] of blogs.entries()) {
    const email = `blog${index + 1}-${tag}@example.test`;
    const row = await db.insertInto('private_sites').values({
      owner_id: ownerId, private_network_id: network.id, module: 'Private', platform: 'WordPress',
      site_url: blog.url, email, username: blog.username, password: blog.password, self_hosted: 1, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    sites.push({ id: row.id, url: blog.url, email, key: siteKey({ siteId: row.id, email }) });
  }
  const group = await db.insertInto('content_groups').values({ owner_id: ownerId, name: `Articles ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const articles = options.article ? [options.article] : ['{Home|Backyard} gardening basics', 'A season in the vegetable garden'].map((title) => ({ title, body: ARTICLE }));
  for (const { title, body } of articles) {
    await db.insertInto('articles').values({ owner_id: ownerId, content_group_id: group.id, title, body, created_at: now, updated_at: now }).execute();
  }
  const input = await db.insertInto('url_lists').values({
    owner_id: ownerId, campaign_id: campaignId, name: `Money pages ${tag}`, created_at: now,
    use_keyword: 1, primary_keyword: 'organic seeds, {heirloom|rare} seeds', branded_keyword: 'SeedCo',
    primary_percentage: 60, secondary_percentage: 0, branded_percentage: 20, generic_percentage: 0, naked_url_percentage: 20,
  }).returning('id').executeTakeFirstOrThrow();
  const links = [1, 2, 3].map((n) => `https://seeds-${tag}.example.test/page-${n}`);
  for (const url of links) {
    await db.insertInto('url_items').values({ owner_id: ownerId, url_list_id: input.id, url, anchor: 'seed shop', date_added: now, created_at: now }).execute();
  }
  const output = await db.insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaignId, name: `Tier 1 ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const perPost = options.linksPerPost ?? 2;
  const form = {
    profileId: network.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
    linkSetProfiles: [{ linkSetId: input.id, name: `Money pages ${tag}`, minLinks: perPost, maxLinks: perPost, linkProb: 100 }],
    linkPlacement: 'RandomParagraph', minLinks: 1, maxLinks: 3, outputAnchor: 'Title', tags: 'garden, {seeds|plants}',
  };
  const project = await db.insertInto('projects').values({
    owner_id: ownerId, campaign_id: campaignId, name: `PBN ${tag}`, module: 'Private', settings: JSON.stringify(form),
    schedule: options.schedule ? JSON.stringify(options.schedule) : null, created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('project_sites').values(sites.map((site) => ({
    owner_id: ownerId, project_id: project.id, site_key: site.key, checked: 1, created_at: now, updated_at: now,
  }))).execute();
  return {
    campaignId, networkId: network.id, projectId: project.id, inputLinkSetId: input.id, outputLinkSetId: output.id,
    contentGroupId: group.id, sites, links, form,
  };
}

/** `<a href>`s of a page as [href, text, rel]. */
export function pageAnchors(html: string): { href: string; text: string; rel: string }[] {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => {
    const attributes = match[1] ?? '';
    return {
      href: (/href="([^"]*)"/.exec(attributes)?.[1] ?? '').replace(/&amp;/g, '&'),
      rel: /rel="([^"]*)"/.exec(attributes)?.[1] ?? '',
      text: (match[2] ?? '').replace(/<[^>]*>/g, '').trim(),
    };
  });
}
