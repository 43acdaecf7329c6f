import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS } from '@linkloom/shared';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../../src/engine/content-services/content-http';
import { ContentServiceError } from '../../src/engine/content-services/content-service-error';
import { theBestSpinnerClient } from '../../src/engine/spinners/the-best-spinner/client';
import { spinRewriterClient } from '../../src/engine/spinners/spin-rewriter/client';
import { wordAiClient } from '../../src/engine/spinners/wordai/client';
import { spinnerClient } from '../../src/engine/spinners/registry';
import { ARTICLE_FORGE_POLL, articleForgeClient } from '../../src/engine/article-sources/article-forge/client';
import { articleBuilderCategories, articleBuilderClient } from '../../src/engine/article-sources/article-builder/client';
import { kontentMachineArticles } from '../../src/engine/article-sources/kontent-machine/client';
import { checkArticleBalance, downloadArticle } from '../../src/engine/content-tools';
import type { SpinnerClient } from '../../src/engine/spinners/spinner';
import { AB_CATEGORIES, EMPTY, GOOD, SLOW, startContentServicesStandIn, type ContentServicesStandIn } from '../support/content-services-stand-in';

/** Third-party content clients against the stand-in that follows each service's documentation. */
describe('spinner and article-source clients', () => {
  let standIn: ContentServicesStandIn;
  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    standIn.slowMs = 1500;
    process.env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
    ARTICLE_FORGE_POLL.intervalMs = 10;
  });
  afterAll(async () => {
    delete process.env[CONTENT_SERVICES_OVERRIDE_ENV];
    await standIn.close();
  });

  const spinners = OPTION_DEFAULTS.spinners;
  const sources = OPTION_DEFAULTS.articleSources;
  const rejects = async (work: Promise<unknown>, kind: string, message: RegExp) => {
    const error = await work.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ContentServiceError);
    expect((error as ContentServiceError).kind).toBe(kind);
    expect((error as ContentServiceError).message).toMatch(message);
  };

  describe.each<[SpinnerClient, RegExp]>([
    [theBestSpinnerClient, /^\{quick\|fast\} fox in a \{garden\|yard\}, Acme kept$/],
    [spinRewriterClient, /^fast fox in a yard, Acme kept$/],
    [wordAiClient, /^fast fox in a yard, Acme kept$/],
  ])('%s', (client, spun) => {
    const as = (who: { user: string; key: string }) => client.withCredentials(spinners, who.user, who.key);

    it('spins with good credentials, protected words passed on, and tells the quota', async () => {
      expect(await client.spin('quick fox in a garden, Acme kept', ['Acme'], as(GOOD))).toMatch(spun);
      expect(await client.quota(as(GOOD))).toMatch(/\d+ .*left/);
    });

    it('says so when the credentials are refused, the quota is used up or the service is too slow', async () => {
      await rejects(client.spin('quick', [], as({ user: GOOD.user, key: 'wrong' })), 'auth', new RegExp(`${client.name} refused`));
      await rejects(client.spin('quick', [], as(EMPTY)), 'quota', new RegExp(`${client.name} has no`));
      await rejects(client.spin('quick', [], as(SLOW), { timeoutMs: 200 }), 'timeout', new RegExp(`${client.name} did not answer within 0.2 s`));
    });
  });

  it('a spinner without a published API answers a clear "not supported"', () => {
    for (const service of ['ESpinner', 'Spinea', 'SpinnerBR', 'SpinnerComBr'] as const) {
      expect(() => spinnerClient(service)).toThrow(/publishes no API for spinning/);
    }
  });

  it('Article Forge: balance, an article after its progress reaches 201, bad key, no words, timeout', async () => {
    const as = (key: string) => ({ ...sources, articleForge: { apiKey: key } });
    expect(await articleForgeClient.balance(as(GOOD.key))).toBe('120000 words remaining');
    const article = await articleForgeClient.download({ keyword: 'solar panels', subKeywords: '', length: 'short' }, as(GOOD.key));
    expect(article).toEqual({ title: 'All about solar panels', body: '<p>solar panels is a topic many readers ask about.</p>' });
    expect(standIn.requests.filter((r) => r.path.endsWith('get_api_progress') && r.fields.ref_key === 'ref-solar panels-short')).toHaveLength(2);
    await rejects(articleForgeClient.balance(as('nope')), 'auth', /Article Forge refused the API key/);
    await rejects(articleForgeClient.download({ keyword: 'x', subKeywords: '', length: 'long' }, as(EMPTY.key)), 'quota', /no words left/);
    await rejects(articleForgeClient.balance(as(SLOW.key), { timeoutMs: 200 }), 'timeout', /did not answer/);
  });

  it("Article Builder: balance, its own categories, an article by one of them and keywords; bad login, no quota, unknown category, timeout", async () => {
    const as = (who: { user: string; key: string }) => ({ ...sources, articleBuilder: { username: who.user, password: who.key, articleCount: 1 } });
    expect(await articleBuilderClient.balance(as(GOOD))).toBe('250 articles left today');
    expect(await articleBuilderCategories(as(GOOD))).toEqual(AB_CATEGORIES.map((name, i) => ({ id: i + 1, name })));
    const gardening = AB_CATEGORIES.indexOf('Gardening') + 1;
    const article = await articleBuilderClient.download({ categoryId: gardening, wordCount: 500, spinArticle: false, keywords: 'compost, mulch' }, as(GOOD));
    expect(article).toEqual({ title: 'Gardening guide', body: 'This article about Gardening covers compost and mulch in about 500 words.' });
    // The name Article Builder knows is sent, read in the same session as the build.
    const build = standIn.requests.filter((r) => r.path === '/articlebuilder.net/api.php').at(-1)!;
    expect(build.fields).toMatchObject({ action: 'buildArticle', category: 'Gardening', subtopics: 'compost\nmulch', wordcount: '500', superspun: '0' });
    expect(standIn.requests.filter((r) => r.path === '/articlebuilder.net/api.php' && r.fields.session === build.fields.session).map((r) => r.fields.action)).toContain('categories');
    await rejects(articleBuilderClient.download({ categoryId: AB_CATEGORIES.length + 1, wordCount: 300, spinArticle: false, keywords: '' }, as(GOOD)), 'rejected', /^You need to select a category$/);
    await rejects(articleBuilderClient.balance(as({ user: 'x', key: 'y' })), 'auth', /Article Builder refused the username or password/);
    await rejects(articleBuilderCategories(as({ user: 'x', key: 'y' })), 'auth', /Article Builder refused the username or password/);
    await rejects(articleBuilderClient.download({ categoryId: 1, wordCount: 300, spinArticle: false, keywords: '' }, as(EMPTY)), 'quota', /no articles left/);
    await rejects(articleBuilderCategories(as(SLOW), { timeoutMs: 200 }), 'timeout', /Article Builder did not answer/);
  });

  it('Kontent Machine: a campaign\'s articles by campaign ID and template; bad key, no quota, timeout', async () => {
    const articles = await kontentMachineArticles(GOOD.key, 7, 'clean');
    expect(articles).toEqual([1, 2].map((n) => ({ title: `Campaign 7 article ${n}`, body: `<p>Article ${n} of campaign 7 (template clean).</p>` })));
    expect(standIn.requests.at(-1)).toEqual({ path: '/api.kontentmachine.com/', fields: { apikey: GOOD.key, method: 'getcontent', campaignid: '7', template: 'clean' } });
    await rejects(kontentMachineArticles('wrong', 7, ''), 'auth', /^Kontent Machine refused the API key/);
    await rejects(kontentMachineArticles(EMPTY.key, 7, ''), 'quota', /^Kontent Machine has no requests left today/);
    await rejects(kontentMachineArticles(SLOW.key, 7, '', { timeoutMs: 200 }), 'timeout', /Kontent Machine did not answer/);
  });

  it('Kontent Machine and Ultra Spinnable Article answer "not supported"; missing credentials are named', async () => {
    await rejects(checkArticleBalance('KontentMachine', '{"apiKey":"k"}', sources), 'unsupported', /^Kontent Machine publishes no API for balance checks/);
    await rejects(checkArticleBalance('UltraSpinnableArticle', '{}', sources), 'unsupported', /^Ultra Spinnable Article publishes no API/);
    await rejects(downloadArticle('UltraSpinnableArticle', '{"keywords":"a"}', sources, 's'), 'unsupported', /publishes no API for article downloads/);
    await rejects(checkArticleBalance('ArticleForge', '{"apiKey":""}', sources), 'auth', /^Fill in the Article Forge credentials first$/);
    expect(await checkArticleBalance('ArticleForge', JSON.stringify({ apiKey: GOOD.key }), sources)).toBe('120000 words remaining');
  });
});
