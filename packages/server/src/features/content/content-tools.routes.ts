import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ARTICLE_BODY_MAX_LENGTH, ArticleBuilderCategoriesResponseSchema, BalanceResponseSchema, CheckArticleBalanceBodySchema, DownloadArticleBodySchema, DownloadArticleResponseSchema, DownloadKmArticlesBodySchema,
  DownloadKmArticlesResponseSchema, GroupIdParamsSchema, KmCampaignsResponseSchema, SpinArticleBodySchema, SpinArticleResponseSchema,
  SpinTestBodySchema, SpinTestResponseSchema, SpinnerBalanceBodySchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { articleBuilderSourceCategories, checkArticleBalance, closeContentPool, downloadArticle, kontentMachineCampaigns, spinnerQuota, testSpinner } from '../../engine/entry-points';
import { readOptions } from '../options/options.repository';
import { downloadKmArticles } from './download-km-articles';
import { asHttpErrors } from './content-tools.errors';
import { spinArticle } from './spin-article';

const tags = ['content'];

/**
 * The body of a spin call: its text at the schema's limit (ARTICLE_BODY_MAX_LENGTH characters), each
 * character at most 3 bytes of UTF-8 (JSON escapes only quotes, backslashes and control characters),
 * and the other fields. Under the app's 1 MB a 400,000-character text in Chinese was refused as
 * "body too large" before the schema could answer with the text's own limit.
 */
const SPIN_BODY_LIMIT = ARTICLE_BODY_MAX_LENGTH * 3 + 64 * 1024;

/**
 * The content tools of spec 3 section 7: spin an article or a test text, download an article from
 * an article source (the built-in builder works offline), check an article source's balance, and
 * Kontent Machine's campaigns. Services are called outside any transaction, with the options'
 * waitTimeOut; their failures answer 422 (fix something) or 502 (the service), with its message.
 */
export const contentToolRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const optionsOf = async (userId: number) => (await readOptions(db, userId)).options;
  // Large texts are spun and posts built on a pool of threads, opened by the first such task.
  app.addHook('onClose', async () => closeContentPool());

  app.post('/action/spin/article/:groupId', {
    bodyLimit: SPIN_BODY_LIMIT,
    schema: { tags, summary: 'Spin an article with a spinner service (nothing saved)', params: GroupIdParamsSchema, body: SpinArticleBodySchema, response: { 200: SpinArticleResponseSchema } },
  }, async (request) => spinArticle(ctx, currentUser(request).id, request.params.groupId, request.body));

  app.post('/action/spin/test', {
    bodyLimit: SPIN_BODY_LIMIT,
    schema: { tags, summary: 'Test a spinner service on a text, with the credentials as typed', body: SpinTestBodySchema, response: { 200: SpinTestResponseSchema } },
  }, async (request) => {
    const options = await optionsOf(currentUser(request).id);
    return { result: await asHttpErrors(() => testSpinner(request.body, options.spinners, `test:${randomUUID()}`, { timeoutMs: options.waitTimeOut * 1000 })) };
  });

  app.post('/action/check_balance/spinner', {
    schema: { tags, summary: "A spinner service's remaining quota, with the credentials as typed", body: SpinnerBalanceBodySchema, response: { 200: BalanceResponseSchema } },
  }, async (request) => {
    const options = await optionsOf(currentUser(request).id);
    return { balance: await asHttpErrors(() => spinnerQuota(request.body, options.spinners, { timeoutMs: options.waitTimeOut * 1000 })) };
  });

  app.post('/action/download/article/', {
    schema: { tags, summary: 'Download one article from an article source (built-in builder offline)', body: DownloadArticleBodySchema, response: { 200: DownloadArticleResponseSchema } },
  }, async (request) => {
    const options = await optionsOf(currentUser(request).id);
    const { articleSource, inputInfo } = request.body;
    return { article: await asHttpErrors(() => downloadArticle(articleSource, inputInfo, options.articleSources, `article:${randomUUID()}`, { timeoutMs: options.waitTimeOut * 1000 })) };
  });

  app.get('/action/download/articlebuilder/categories', {
    schema: { tags, summary: "Article Builder's own categories (its drawer offers these), with the saved credentials", response: { 200: ArticleBuilderCategoriesResponseSchema } },
  }, async (request) => {
    const options = await optionsOf(currentUser(request).id);
    return { categories: await asHttpErrors(() => articleBuilderSourceCategories(options.articleSources, { timeoutMs: options.waitTimeOut * 1000 })) };
  });

  app.post('/action/check_balance/article', {
    schema: { tags, summary: "An article source's balance, with the credentials as typed", body: CheckArticleBalanceBodySchema, response: { 200: BalanceResponseSchema } },
  }, async (request) => {
    const options = await optionsOf(currentUser(request).id);
    const { articleSource, inputInfo } = request.body;
    return { balance: await asHttpErrors(() => checkArticleBalance(articleSource, inputInfo, options.articleSources, { timeoutMs: options.waitTimeOut * 1000 })) };
  });

  app.get('/action/download/kmcampaigns', {
    schema: { tags, summary: "Kontent Machine's campaigns", response: { 200: KmCampaignsResponseSchema } },
  }, async () => asHttpErrors(async () => kontentMachineCampaigns()));

  app.post('/action/download/kmarticles/:groupId', {
    schema: { tags, summary: "A Kontent Machine campaign's articles into a content group", params: GroupIdParamsSchema, body: DownloadKmArticlesBodySchema, response: { 200: DownloadKmArticlesResponseSchema } },
  }, async (request) => downloadKmArticles(ctx, currentUser(request).id, request.params.groupId, request.body.inputInfo));
};
