import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleResponseSchema, CONTENT_TOOLS_MESSAGES, splitSentences } from '@linkloom/shared';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../../src/engine/content-services/content-http';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';
import { AB_CATEGORIES, GOOD, startContentServicesStandIn, type ContentServicesStandIn } from '../support/content-services-stand-in';

const NOT_FOUND = 'The requested item does not exist';

/**
 * The content tools' calls (spec 3 section 7) through the real server: the built-in builder and
 * spinner offline, the third-party ones against the documented stand-in, owner checks.
 */
describe.each(DATABASES)('content tools on $kind', ({ kind, skip }) => {
  let standIn: ContentServicesStandIn;
  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    process.env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
  });
  afterAll(async () => {
    delete process.env[CONTENT_SERVICES_OVERRIDE_ENV];
    await standIn.close();
  });
  const ctx = useTestServer(kind, skip, { withLive: false });
  const { ann, bob } = useTwoUsers(ctx, skip);

  async function createGroup(agent: Agent, name: string, wordsNottobeChanged = ''): Promise<number> {
    const id = (await agent.request('PUT', '/rest/content_groups', { body: { name } })).json().id as number;
    if (wordsNottobeChanged) expect((await agent.request('POST', '/rest/content_groups', { body: { id, wordsNottobeChanged, maxUsagePerArticle: 0 } })).statusCode).toBe(200);
    return id;
  }
  const download = (agent: Agent, articleSource: string, inputInfo: unknown) =>
    agent.request('POST', '/action/download/article/', { body: { articleSource, inputInfo: JSON.stringify(inputInfo) } });
  const refused = async (response: { statusCode: number; json: () => { error: { message: string } } }, status: number, message: string | RegExp) => {
    expect(response.statusCode).toBe(status);
    if (typeof message === 'string') expect(response.json().error.message).toBe(message);
    else expect(response.json().error.message).toMatch(message);
  };

  it.skipIf(skip)('the article editor gets the built-in builder categories; a built-in article is real, on topic, as long as asked', async () => {
    const groupId = await createGroup(ann.agent, 'Energy');
    const opened = ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/new_article/${groupId}`)).json());
    const categories = JSON.parse(opened.articleBuilderCategories) as { id: number; name: string }[];
    expect(categories.length).toBeGreaterThanOrEqual(10);
    const energy = categories.find((c) => c.name === 'Energy and fuel')!;

    const response = await download(ann.agent, 'BuiltInArticleBuilder', { categoryId: energy.id, wordCount: 500, spinArticle: false, keywords: 'solar panels' });
    expect(response.statusCode, response.body).toBe(200);
    const { article } = response.json() as { article: { title: string; body: string } };
    expect(article.title.toLowerCase()).toContain('solar panels');
    const words = article.body.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(450);
    expect(words).toBeLessThan(550);
    expect(splitSentences(article.body).length).toBeGreaterThan(15);
    expect(article.body).toMatch(/\b(energy|oil|fuel|gas|power)\b/i);

    const spun = await download(ann.agent, 'BuiltInArticleBuilder', { categoryId: energy.id, wordCount: 300, spinArticle: true });
    expect(spun.json().article.body).toMatch(/\{[^{}|]+\|[^{}]+\}/);
  });

  it.skipIf(skip)('download drawers are checked with the spec messages', async () => {
    await refused(await download(ann.agent, 'BuiltInArticleBuilder', { wordCount: 500 }), 422, CONTENT_TOOLS_MESSAGES.categoryRequired);
    await refused(await download(ann.agent, 'BuiltInArticleBuilder', { categoryId: 999, wordCount: 500 }), 422, CONTENT_TOOLS_MESSAGES.categoryRequired);
    for (const wordCount of [299, 1001, 500.5, '500', undefined]) {
      await refused(await download(ann.agent, 'BuiltInArticleBuilder', { categoryId: 1, wordCount }), 422, CONTENT_TOOLS_MESSAGES.wordCount);
    }
    await refused(await download(ann.agent, 'ArticleForge', { keyword: ' ', length: 'short' }), 422, CONTENT_TOOLS_MESSAGES.keywordsRequired);
    await refused(await download(ann.agent, 'ArticleForge', { keyword: 'solar' }), 422, CONTENT_TOOLS_MESSAGES.lengthRequired);
    await refused(await download(ann.agent, 'UltraSpinnableArticle', { keywords: '' }), 422, CONTENT_TOOLS_MESSAGES.keywordsRequired);
    await refused(await ann.agent.request('POST', '/action/download/article/', { body: { articleSource: 'BuiltInArticleBuilder', inputInfo: 'not json' } }), 422, CONTENT_TOOLS_MESSAGES.inputInfoNotJson);
    await refused(await download(ann.agent, 'Nobody', {}), 422, CONTENT_TOOLS_MESSAGES.articleSource);
    // A third-party source without saved credentials says where to put them.
    await refused(await download(ann.agent, 'ArticleForge', { keyword: 'solar', length: 'short' }), 422, CONTENT_TOOLS_MESSAGES.noSourceCredentials('Article Forge'));
  });

  it.skipIf(skip)('Article Forge downloads and balances through its client with the saved or typed key', async () => {
    const save = await bob.agent.request('POST', '/rest/options', { body: { articleSources: { articleForge: { apiKey: GOOD.key } } } });
    expect(save.statusCode, save.body).toBe(200);
    const response = await download(bob.agent, 'ArticleForge', { keyword: 'heat pumps', subKeywords: '', length: 'medium' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().article.title).toBe('All about heat pumps');
    const balance = await bob.agent.request('POST', '/action/check_balance/article', { body: { articleSource: 'ArticleForge', inputInfo: JSON.stringify({ apiKey: GOOD.key }) } });
    expect([balance.statusCode, balance.json()]).toEqual([200, { balance: '120000 words remaining' }]);
    await refused(await bob.agent.request('POST', '/action/check_balance/article', { body: { articleSource: 'ArticleForge', inputInfo: JSON.stringify({ apiKey: 'wrong' }) } }), 422, /^Article Forge refused the API key/);
    await refused(await bob.agent.request('POST', '/action/check_balance/article', { body: { articleSource: 'KontentMachine', inputInfo: JSON.stringify({ apiKey: 'k', template: '' }) } }), 422, /^Kontent Machine publishes no API/);
  });

  it.skipIf(skip)("the Article Builder drawer offers Article Builder's own categories, and a download sends the chosen one's name", async () => {
    const categories = () => ann.agent.request('GET', '/action/download/articlebuilder/categories');
    await refused(await categories(), 422, CONTENT_TOOLS_MESSAGES.noSourceCredentials('Article Builder'));
    const save = await ann.agent.request('POST', '/rest/options', { body: { articleSources: { articleBuilder: { username: GOOD.user, password: GOOD.key, articleCount: 1 } } } });
    expect(save.statusCode, save.body).toBe(200);
    const listed = await categories();
    expect([listed.statusCode, listed.json()]).toEqual([200, { categories: AB_CATEGORIES.map((name, i) => ({ id: i + 1, name })) }]);
    const dogs = AB_CATEGORIES.indexOf('Dog training') + 1;
    const response = await download(ann.agent, 'ArticleBuilder', { categoryId: dogs, wordCount: 400, spinArticle: false, keywords: 'leash, treats' });
    expect([response.statusCode, response.json()]).toEqual([200, { article: { title: 'Dog training guide', body: 'This article about Dog training covers leash and treats in about 400 words.' } }]);
    expect(standIn.requests.at(-1)?.fields).toMatchObject({ action: 'buildArticle', category: 'Dog training' });
    await refused(await download(ann.agent, 'ArticleBuilder', { categoryId: AB_CATEGORIES.length + 1, wordCount: 400 }), 422, CONTENT_TOOLS_MESSAGES.categoryRequired);
    // Another user's saved credentials are not used.
    await refused(await bob.agent.request('GET', '/action/download/articlebuilder/categories'), 422, CONTENT_TOOLS_MESSAGES.noSourceCredentials('Article Builder'));
    const wrong = await ann.agent.request('POST', '/rest/options', { body: { articleSources: { articleBuilder: { username: GOOD.user, password: 'wrong', articleCount: 1 } } } });
    expect(wrong.statusCode).toBe(200);
    await refused(await categories(), 422, /^Article Builder refused the username or password/);
  });

  it.skipIf(skip)('spins an article with the built-in spinner, keeping protected words; another user gets 404', async () => {
    const groupId = await createGroup(ann.agent, 'Spin', 'Acme Garden Tools');
    const body = '<p>Acme Garden Tools makes a quick and simple tool.</p> '.repeat(20) + '<p>Visit <a href="https://acme.example/">the quick shop</a> today, and start quickly.</p>';
    const response = await ann.agent.request('POST', `/action/spin/article/${groupId}`, { body: { spinnerService: 'BuiltIn', title: 'A quick {guide|primer}', body } });
    expect(response.statusCode, response.body).toBe(200);
    const spun = response.json() as { title: string; body: string };
    expect(spun.title).toMatch(/^A (quick|speedy) (guide|primer)$/);
    expect(spun.body).not.toBe(body);
    expect(spun.body.match(/Acme Garden Tools/g)).toHaveLength(20);
    expect(spun.body).toContain('<a href="https://acme.example/">the quick shop</a>');
    expect(spun.body.replace(/<[^>]*>/g, '')).not.toMatch(/[{}|]/);

    await refused(await bob.agent.request('POST', `/action/spin/article/${groupId}`, { body: { spinnerService: 'BuiltIn', title: 't', body: 'b' } }), 404, NOT_FOUND);
    await refused(await bob.agent.request('POST', `/action/download/kmarticles/${groupId}`, { body: { articleSource: 'KontentMachine', inputInfo: '{"campaignId":1}' } }), 404, NOT_FOUND);
    await refused(await ann.agent.request('POST', `/action/spin/article/${groupId}`, { body: { spinnerService: 'TheBestSpinner', title: 't', body: 'b' } }), 422, CONTENT_TOOLS_MESSAGES.noCredentials('The Best Spinner'));
    await refused(await ann.agent.request('POST', `/action/spin/article/${groupId}`, { body: { spinnerService: 'Spinea', title: 't', body: 'b' } }), 422, /^Spinea publishes no API for spinning/);
  });

  it.skipIf(skip)('tests a spinner with the typed credentials and tells its quota', async () => {
    const built = await ann.agent.request('POST', '/action/spin/test', { body: { spinnerService: 'BuiltIn', body: 'The quick fox' } });
    expect(built.statusCode).toBe(200);
    expect(built.json().result).toMatch(/^The (quick|speedy) fox$/);
    const rewriter = await ann.agent.request('POST', '/action/spin/test', { body: { spinnerService: 'SpinRewriter', username: GOOD.user, password: GOOD.key, body: 'a quick garden' } });
    expect([rewriter.statusCode, rewriter.json()]).toEqual([200, { result: 'a fast yard' }]);
    await refused(await ann.agent.request('POST', '/action/spin/test', { body: { spinnerService: 'WordAI', username: GOOD.user, password: 'bad', body: 'x' } }), 422, /^WordAI refused the email or API key/);
    await refused(await ann.agent.request('POST', '/action/spin/test', { body: { spinnerService: 'WordAI', body: 'x' } }), 422, CONTENT_TOOLS_MESSAGES.credentialsMissing('WordAI'));
    await refused(await ann.agent.request('POST', '/action/spin/test', { body: { spinnerService: 'BuiltIn', body: '' } }), 422, CONTENT_TOOLS_MESSAGES.textRequired);
    const quota = await ann.agent.request('POST', '/action/check_balance/spinner', { body: { spinnerService: 'TheBestSpinner', username: GOOD.user, password: GOOD.key } });
    expect([quota.statusCode, quota.json()]).toEqual([200, { balance: '250 queries left today' }]);
  });

  it.skipIf(skip)("Kontent Machine: no campaign list, a campaign's articles imported into the group through its client", async () => {
    await refused(await ann.agent.request('GET', '/action/download/kmcampaigns'), 422, CONTENT_TOOLS_MESSAGES.kmNoCampaignList);
    const groupId = await createGroup(ann.agent, 'From KM');
    const km = (inputInfo: unknown, agent = ann.agent) => agent.request('POST', `/action/download/kmarticles/${groupId}`, { body: { articleSource: 'KontentMachine', inputInfo: JSON.stringify(inputInfo) } });
    await refused(await km({ campaignId: 7 }), 422, CONTENT_TOOLS_MESSAGES.noSourceCredentials('Kontent Machine'));
    expect((await ann.agent.request('POST', '/rest/options', { body: { articleSources: { kontentMachine: { apiKey: GOOD.key } } } })).statusCode).toBe(200);
    await refused(await km({}), 422, CONTENT_TOOLS_MESSAGES.campaignRequired);
    await refused(await km({ campaignId: 7 }, bob.agent), 404, NOT_FOUND);
    const response = await km({ campaignId: 7, template: 'clean' });
    expect([response.statusCode, response.json()]).toEqual([200, { imported: 2 }]);
    const group = (await ann.agent.request('GET', `/rest/content_group/${groupId}`)).json() as { articles: { title: string }[] };
    expect(group.articles.map((a) => a.title)).toEqual(['Campaign 7 article 1', 'Campaign 7 article 2']);
    expect(standIn.requests.at(-1)?.fields).toMatchObject({ apikey: GOOD.key, method: 'getcontent', campaignid: '7', template: 'clean' });
    expect((await ann.agent.request('POST', '/rest/options', { body: { articleSources: { kontentMachine: { apiKey: 'wrong' } } } })).statusCode).toBe(200);
    await refused(await km({ campaignId: 7 }), 422, /^Kontent Machine refused the API key/);
  });
});
