import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DEAD_PAGES_MAX, RUN_LOG_PAGE } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildLinkSet } from '../support/link-factories';
import type { Agent } from '../support/agent';

/**
 * Issue 38 item 2, "no list is silently cut": every GET whose answer holds a list answers all of it
 * when the client sends no paging parameters, or says it paged (`more`) and following it reaches
 * every row. Each list gets more rows than any page size (N, one multi-row insert per table); the
 * answer's ids are compared with every row of the owner in the database.
 */
const N = 160;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sorted = (values: readonly (number | string)[]) => [...values].map(String).sort();

describe.each(DATABASES)('every list route answers the whole list on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = (): Kysely<DB> => ctx.server.database.db;
  const now = Date.now();

  async function getJson<T = Record<string, unknown>>(agent: Agent, url: string): Promise<T> {
    const response = await agent.request('GET', url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json() as T;
  }

  async function ownIds(table: 'campaigns' | 'projects' | 'profiles' | 'url_lists' | 'private_networks' | 'site_selections' | 'custom_sites' | 'strategies'
    | 'xwizards' | 'content_groups' | 'user_emails' | 'api_tokens' | 'proxies' | 'alerts', ownerId: number): Promise<string[]> {
    const rows = await db().selectFrom(table).select('id').where('owner_id', '=', ownerId).execute();
    expect(rows.length).toBeGreaterThanOrEqual(N);
    return sorted(rows.map((row) => row.id));
  }

  it.skipIf(skip)('campaigns; a campaign\'s projects, profiles and link sets; profiles of a campaign; campaigns with profiles; campaign outlook', async () => {
    await db().insertInto('campaigns').values(range(N).map((i) => ({ owner_id: ann.id, name: `C ${i}`, campaign_status: 'ACTIVE', creating_type: 'Manual', created_at: now }))).execute();
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    await db().insertInto('projects').values(range(N).map((i) => ({
      owner_id: ann.id, campaign_id: campaign.id, name: `P ${i}`, module: 'SocialNetwork', schedule: null, created_at: now,
    }))).execute();
    await db().insertInto('profiles').values(range(N).map((i) => ({ owner_id: ann.id, campaign_id: campaign.id, name: `Pr ${i}`, created_at: now }))).execute();
    await db().insertInto('url_lists').values(range(N).map((i) => ({ owner_id: ann.id, campaign_id: campaign.id, name: `L ${i}`, created_at: now }))).execute();

    const list = await getJson<{ campaigns: { id: number }[] }>(ann.agent, '/rest/campaigns');
    expect(sorted(list.campaigns.map((c) => c.id))).toEqual(await ownIds('campaigns', ann.id));

    const screen = await getJson<{ projects: { id: number }[]; profiles: { id: number }[]; urlLists: { id: number }[] }>(ann.agent, `/rest/campaign/${campaign.id}`);
    expect(sorted(screen.projects.map((p) => p.id))).toEqual(await ownIds('projects', ann.id));
    expect(sorted(screen.profiles.map((p) => p.id))).toEqual(await ownIds('profiles', ann.id));
    expect(sorted(screen.urlLists.map((l) => l.id))).toEqual(await ownIds('url_lists', ann.id));

    const profiles = await getJson<{ id: number }[]>(ann.agent, `/rest/profiles/${campaign.id}`);
    expect(sorted(profiles.map((p) => p.id))).toEqual(await ownIds('profiles', ann.id));

    const withProfiles = await getJson<{ campaigns: { id: number }[]; profiles: { id: number }[] }>(ann.agent, '/rest/campaigns_with_profiles');
    expect(sorted(withProfiles.campaigns.map((c) => c.id))).toEqual(await ownIds('campaigns', ann.id));
    expect(sorted(withProfiles.profiles.map((p) => p.id))).toEqual(await ownIds('profiles', ann.id));

    const choices = await getJson<{ profiles: { id: number }[] }>(ann.agent, '/rest/private_network_profiles');
    expect(sorted(choices.profiles.map((p) => p.id))).toEqual(await ownIds('profiles', ann.id));

    const outlook = await getJson<{ projects: { projectId: number }[] }>(ann.agent, `/rest/campaign/${campaign.id}/outlook`);
    expect(sorted(outlook.projects.map((p) => p.projectId))).toEqual(await ownIds('projects', ann.id));
  });

  it.skipIf(skip)('private networks, a network\'s sites, custom sites and the site lists', async () => {
    await db().insertInto('private_networks').values(range(N).map((i) => ({ owner_id: ann.id, name: `N ${i}`, created_at: now }))).execute();
    const network = await db().selectFrom('private_networks').select('id').where('owner_id', '=', ann.id).orderBy('id').executeTakeFirstOrThrow();
    const sealed = secretBoxOf(db()).seal('secret');
    await db().insertInto('private_sites').values(range(N).map((i) => ({
      owner_id: ann.id, private_network_id: network.id, module: 'Private', platform: 'Unknown', site_url: `https://p${i}.example`,
      email: `u${i}@example.test`, username: `u${i}`, password: sealed, created_at: now,
    }))).execute();
    await db().insertInto('custom_sites').values(range(N).map((i) => ({
      owner_id: ann.id, module: 'SocialNetwork', url: `https://c${i}.example`, host: `c${i}.example`, login: null, password_sealed: null, da: null,
      platform: 'MediaWiki', can_register: 1, credentials_ok: null, checked_at: now, created_at: now,
    }))).execute();

    const networks = await getJson<{ objects: { id: number }[] }>(ann.agent, '/rest/private_networks');
    expect(sorted(networks.objects.map((n) => n.id))).toEqual(await ownIds('private_networks', ann.id));

    const siteIds = sorted((await db().selectFrom('private_sites').select('id').where('private_network_id', '=', network.id).execute()).map((row) => row.id));
    expect(siteIds).toHaveLength(N);
    const sites = await getJson<{ privateSites: { siteId: number }[] }>(ann.agent, `/rest/private_network/${network.id}`);
    expect(sorted(sites.privateSites.map((s) => s.siteId))).toEqual(siteIds);

    const custom = await getJson<{ sites: { id: number }[] }>(ann.agent, '/rest/custom_sites');
    expect(sorted(custom.sites.map((s) => s.id))).toEqual(await ownIds('custom_sites', ann.id));

    for (const url of ['/rest/sites', '/sites.json']) {
      const listed = await getJson<{ sites: { id: { module: string; siteId: number } }[] }>(ann.agent, url);
      expect(listed.sites).toHaveLength(2 * N);
      expect(sorted(listed.sites.filter((s) => s.id.module === 'SocialNetwork').map((s) => s.id.siteId))).toEqual(await ownIds('custom_sites', ann.id));
      expect(sorted(listed.sites.filter((s) => s.id.module === 'Private').map((s) => s.id.siteId))).toEqual(siteIds);
    }
  });

  it.skipIf(skip)('site selections, strategies, wizards, content groups and a group\'s articles', async () => {
    await db().insertInto('site_selections').values(range(N).map((i) => ({ owner_id: ann.id, name: `S ${i}`, created_at: now }))).execute();
    await db().insertInto('strategies').values(range(N).map((i) => ({
      owner_id: ann.id, name: `Strategy ${i}`, diagram: '{"nodes":[],"edges":[]}', img: null, created_at: now, updated_at: now,
    }))).execute();
    await db().insertInto('xwizards').values(range(N).map((i) => ({ owner_id: ann.id, name: `W ${i}`, strategy_id: null, wizard: '{}', created_at: now, updated_at: now }))).execute();
    await db().insertInto('content_groups').values(range(N).map((i) => ({ owner_id: ann.id, name: `G ${i}`, created_at: now }))).execute();
    const group = await db().selectFrom('content_groups').select('id').where('owner_id', '=', ann.id).orderBy('id').executeTakeFirstOrThrow();
    await db().insertInto('articles').values(range(N).map((i) => ({
      owner_id: ann.id, content_group_id: group.id, title: `A ${i}`, body: 'Body', created_at: now, updated_at: now,
    }))).execute();

    const selections = await getJson<{ site_selections: { id: number }[] }>(ann.agent, '/rest/site_selections');
    expect(sorted(selections.site_selections.map((s) => s.id))).toEqual(await ownIds('site_selections', ann.id));

    const ownStrategies = await ownIds('strategies', ann.id);
    const strategies = await getJson<{ strategies: { id: number }[] }>(ann.agent, '/rest/strategies');
    expect(strategies.strategies.map((s) => String(s.id)).filter((id) => ownStrategies.includes(id)).sort()).toEqual(ownStrategies);
    for (const url of ['/rest/campaigns', '/rest/xwizards']) {
      const answer = await getJson<{ strategies: { id: number }[] }>(ann.agent, url);
      expect(sorted(answer.strategies.map((s) => s.id))).toEqual(sorted(strategies.strategies.map((s) => s.id)));
    }

    const wizards = await getJson<{ wizards: { id: number }[] }>(ann.agent, '/rest/xwizards');
    expect(sorted(wizards.wizards.map((w) => w.id))).toEqual(await ownIds('xwizards', ann.id));

    const groups = await getJson<{ content_groups: { id: number }[] }>(ann.agent, '/rest/content_groups');
    expect(sorted(groups.content_groups.map((g) => g.id))).toEqual(await ownIds('content_groups', ann.id));

    const articleIds = sorted((await db().selectFrom('articles').select('id').where('content_group_id', '=', group.id).execute()).map((row) => row.id));
    expect(articleIds).toHaveLength(N);
    const articles = await getJson<{ articles: { id: number }[] }>(ann.agent, `/rest/content_group/${group.id}`);
    expect(sorted(articles.articles.map((a) => a.id))).toEqual(articleIds);
  });

  it.skipIf(skip)('mailboxes, API tokens, proxies and blocked sites', async () => {
    const sealed = secretBoxOf(db()).seal('secret');
    await db().insertInto('user_emails').values(range(N).map((i) => ({
      owner_id: ann.id, created_at: now, address: `box${i}@example.test`, login: `box${i}`, password: sealed, server: 'imap.example.test', port: 993, protocol: 'IMAP',
    }))).execute();
    await db().insertInto('api_tokens').values(range(N).map((i) => ({
      owner_id: ann.id, name: `T ${i}`, token_hash: `hash-${ann.id}-${i}`, prefix: `ll_${i}`, created_at: now, last_used_at: null,
    }))).execute();
    await db().insertInto('proxies').values(range(N).map((i) => ({ owner_id: ann.id, host: `proxy${i}.example`, port: 8000 + i, checked_at: null, latency_ms: null, created_at: now }))).execute();
    await db().insertInto('blocked_sites').values(range(N).map((i) => ({ owner_id: ann.id, domain: `blocked${i}.example`, created_at: now }))).execute();

    const emails = await getJson<{ emails: { id: number }[] }>(ann.agent, '/rest/user_emails');
    expect(sorted(emails.emails.map((e) => e.id))).toEqual(await ownIds('user_emails', ann.id));

    const tokens = await getJson<{ tokens: { id: number }[] }>(ann.agent, '/rest/api_tokens');
    expect(sorted(tokens.tokens.map((t) => t.id))).toEqual(await ownIds('api_tokens', ann.id));

    const options = await getJson<{ proxies: { id: { address: string; port: number } }[]; blockedSites: { id: string }[] }>(ann.agent, '/rest/options');
    expect(options.proxies).toHaveLength(N);
    expect(sorted(options.proxies.map((p) => `${p.id.address}:${p.id.port}`))).toEqual(sorted(range(N).map((i) => `proxy${i}.example:${8000 + i}`)));
    expect(sorted(options.blockedSites.map((b) => b.id))).toEqual(sorted(range(N).map((i) => `blocked${i}.example`)));
  });

  it.skipIf(skip)("a link's check history answers every check", async () => {
    const set = await buildLinkSet(db(), { ownerId: ann.id, links: [{ url: 'https://checked.example/page' }] });
    const link = await db().selectFrom('url_items').select('id').where('url_list_id', '=', set.id).executeTakeFirstOrThrow();
    const checks = 600;
    await db().insertInto('link_check_history').values(range(checks).map((i) => ({
      owner_id: ann.id, url_item_id: link.id, created_at: now, checked_at: now - i * 60_000, status: 'OK', http_status: 200, anchor_found: 1, url: null,
    }))).execute();
    const history = await getJson<{ checks: { id: number; checkedAt: number }[] }>(ann.agent, `/rest/url_item/${link.id}/checks`);
    expect(history.checks).toHaveLength(checks);
    expect(history.checks.map((c) => c.checkedAt)).toEqual(range(checks).map((i) => now - i * 60_000));
  });

  it.skipIf(skip)('the paged feeds (alerts, a run log) say `more` and following `before` reaches every row', async () => {
    await db().insertInto('alerts').values(range(N).map((i) => ({
      owner_id: ann.id, created_at: now + i, campaign_id: null, kind: 'link_dead', event_key: `whole-${i}`, url_item_id: null, link_set_id: null,
      title: `Alert ${i}`, body: '', url: null, site: null, read_at: null, webhook_state: null, webhook_info: null, email_state: null, email_info: null,
    }))).execute();
    const alertIds: number[] = [];
    let url = '/rest/alerts';
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await getJson<{ alerts: { id: number }[]; more: boolean }>(ann.agent, url);
      alertIds.push(...page.alerts.map((a) => a.id));
      if (!page.more) break;
      expect(page.alerts.length).toBeGreaterThan(0);
      url = `/rest/alerts?before=${page.alerts.at(-1)!.id}`;
    }
    expect(sorted(alertIds)).toEqual(await ownIds('alerts', ann.id));

    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await db().insertInto('projects').values({
      owner_id: ann.id, campaign_id: campaign.id, name: 'Logged', module: 'SocialNetwork', schedule: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: project.id, state: 'completed', started_at: 1, created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    const lines = 2 * RUN_LOG_PAGE + 50;
    await db().insertInto('run_log').values(range(lines).map((i) => ({
      owner_id: ann.id, project_id: project.id, run_id: run.id, post_id: null, site_key: 'site', site: 'https://site.example', at: 1_000 + i, kind: 'sent', message: `line ${i}`, url: null, created_at: 1,
    }))).execute();
    const logIds: number[] = [];
    url = `/rest/project/${project.id}/run_log`;
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await getJson<{ entries: { id: number }[]; more: boolean }>(ann.agent, url);
      logIds.push(...page.entries.map((e) => e.id));
      if (!page.more) break;
      url = `/rest/project/${project.id}/run_log?before=${page.entries.at(-1)!.id}`;
    }
    const stored = await db().selectFrom('run_log').select('id').where('project_id', '=', project.id).execute();
    expect(stored).toHaveLength(lines);
    expect(sorted(logIds)).toEqual(sorted(stored.map((row) => row.id)));
  });
  it.skipIf(skip)("a campaign's dead pages: 500 an answer with total and more; offset reaches every one", async () => {
    const pages = DEAD_PAGES_MAX + 20;
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    await db().insertInto('url_items').values(range(pages).map((i) => ({
      owner_id: ann.id, url_list_id: linkSet.id, url: `https://dead${i}.example/post`, anchor: 'a', links_on_page: 0, site: `https://dead${i}.example`,
      username: 'u', date_added: now, created_at: now, post_id: 1_000_000 + i, check_status: 'MISSING', dead_since: now - i, dead_reason: 'MISSING',
    }))).execute();
    type Page = { pages: { urlItemId: number }[]; total: number; more: boolean };
    const first = await getJson<Page>(ann.agent, `/rest/campaign/${linkSet.campaignId}/dead-pages`);
    expect([first.pages.length, first.total, first.more]).toEqual([DEAD_PAGES_MAX, pages, true]);
    const rest = await getJson<Page>(ann.agent, `/rest/campaign/${linkSet.campaignId}/dead-pages?offset=${first.pages.length}`);
    expect([rest.pages.length, rest.total, rest.more]).toEqual([20, pages, false]);
    const stored = await db().selectFrom('url_items').select('id').where('url_list_id', '=', linkSet.id).execute();
    expect(sorted([...first.pages, ...rest.pages].map((page) => page.urlItemId))).toEqual(sorted(stored.map((row) => row.id)));
    const past = await getJson<Page>(ann.agent, `/rest/campaign/${linkSet.campaignId}/dead-pages?offset=${pages + 5}`);
    expect([past.pages.length, past.total, past.more]).toEqual([0, pages, false]);
    expect((await ann.agent.request('GET', `/rest/campaign/${linkSet.campaignId}/dead-pages?offset=-1`)).statusCode).toBe(422);
  });
});
