/**
 * The content tools the features call (through entry-points.ts): spinning with the chosen service,
 * the Spinner tab's test and quota, the article sources' balance and downloads, and the built-in
 * article builder. Each failure is a ContentServiceError (content-services/) whose message a user
 * can act on; the feature turns its kind into an HTTP status.
 */
import {
  ArticleForgeInputSchema, BUILDER_CATEGORIES, BuilderInputSchema, CONTENT_TOOLS_MESSAGES, KontentMachineInputSchema, UltraSpinnableInputSchema, articleSourceLabel,
  parseInputInfo,
  type ArticleSource, type BuilderCategoryOption, type SpinTestBody,
} from '@linkloom/shared';
import { ContentServiceError } from './content-services/content-service-error';
import type { ContentCallOptions } from './content-services/content-http';
import type { ArticleSourceSettings, DownloadedArticle } from './article-sources/article-source';
import { articleForgeClient } from './article-sources/article-forge/client';
import { articleBuilderCategories, articleBuilderClient } from './article-sources/article-builder/client';
import { kontentMachineArticles } from './article-sources/kontent-machine/client';
import { buildBuiltInArticle, spinTexts } from './content-work/content-work';
import { spinnerClient } from './spinners/registry';
import type { SpinnerSettings } from './spinners/spinner';

export { ContentServiceError, type ContentServiceErrorKind } from './content-services/content-service-error';
export { spinWithService, type SpinnableText } from './spinners/spin-with-service';
export { ContentWorkBusyError, closeContentPool } from './content-work/content-work';
export type { SpinnerSettings } from './spinners/spinner';
export type { ArticleSourceSettings } from './article-sources/article-source';

/** The built-in builder's categories (articleBuilderCategories). */
export function builderCategories(): BuilderCategoryOption[] {
  return BUILDER_CATEGORIES.map(({ id, name }) => ({ id, name }));
}

const invalid = (message: string) => new ContentServiceError('rejected', message);

/** Article Builder's own categories for its drawer, with the saved credentials. */
export async function articleBuilderSourceCategories(saved: ArticleSourceSettings, options?: ContentCallOptions): Promise<BuilderCategoryOption[]> {
  if (!articleBuilderClient.hasCredentials(saved)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noSourceCredentials(articleBuilderClient.name));
  return articleBuilderCategories(saved, options);
}

/**
 * The Spinner tab's test: the typed text spun by the chosen service with the typed credentials (a
 * large text on a content pool thread: ContentWorkBusyError when too many wait already).
 */
export async function testSpinner(body: SpinTestBody, saved: SpinnerSettings, seed: string, options?: ContentCallOptions): Promise<string> {
  const spinOne = async (text: string, synonyms: boolean) => (await spinTexts([{ seed, texts: [text], protectedWords: [], synonyms }])).flat()[0] ?? '';
  if (body.spinnerService === 'BuiltIn') return spinOne(body.body, true);
  const client = spinnerClient(body.spinnerService);
  const settings = client.withCredentials(saved, body.username.trim(), body.password.trim());
  if (!client.hasCredentials(settings)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.credentialsMissing(client.name));
  return spinOne(await client.spin(body.body, [], settings, options), false);
}

/** The Spinner tab's balance button of a third-party service, with the typed credentials. */
export async function spinnerQuota(body: Pick<SpinTestBody, 'spinnerService' | 'username' | 'password'>, saved: SpinnerSettings, options?: ContentCallOptions): Promise<string> {
  if (body.spinnerService === 'BuiltIn') return 'The built-in spinner has no quota';
  const client = spinnerClient(body.spinnerService);
  const settings = client.withCredentials(saved, body.username.trim(), body.password.trim());
  if (!client.hasCredentials(settings)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.credentialsMissing(client.name));
  return client.quota(settings, options);
}

/** The credentials a balance check sends in inputInfo, over the saved ones (the form may be unsaved). */
function sourceSettings(source: ArticleSource, inputInfo: string, saved: ArticleSourceSettings): ArticleSourceSettings {
  let typed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(inputInfo);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) typed = value as Record<string, unknown>;
  } catch {
    throw invalid(CONTENT_TOOLS_MESSAGES.inputInfoNotJson);
  }
  const text = (key: string, fallback: string) => (typeof typed[key] === 'string' ? (typed[key] as string).trim() : fallback);
  switch (source) {
    case 'ArticleBuilder':
      return { ...saved, articleBuilder: { ...saved.articleBuilder, username: text('username', saved.articleBuilder.username), password: text('password', saved.articleBuilder.password) } };
    case 'ArticleForge':
      return { ...saved, articleForge: { apiKey: text('apiKey', saved.articleForge.apiKey) } };
    case 'KontentMachine':
      return { ...saved, kontentMachine: { apiKey: text('apiKey', saved.kontentMachine.apiKey) } };
    case 'UltraSpinnableArticle':
      return { ...saved, ultraSpinnableArticle: { ...saved.ultraSpinnableArticle, apiKey: text('apiKey', saved.ultraSpinnableArticle.apiKey) } };
    default:
      return saved;
  }
}

/**
 * Ultra Spinnable Article publishes no API documentation we could write a client from, nor does
 * Kontent Machine for balances and campaign lists: those calls answer a clear "not supported".
 */
function unsupported(source: ArticleSource, what: string): never {
  throw new ContentServiceError('unsupported', CONTENT_TOOLS_MESSAGES.notSupported(articleSourceLabel(source), what));
}

/** POST /action/check_balance/article: the service's balance with the credentials in inputInfo. */
export async function checkArticleBalance(source: ArticleSource, inputInfo: string, saved: ArticleSourceSettings, options?: ContentCallOptions): Promise<string> {
  const settings = sourceSettings(source, inputInfo, saved);
  const client = source === 'ArticleForge' ? articleForgeClient : source === 'ArticleBuilder' ? articleBuilderClient : null;
  if (!client) unsupported(source, 'balance checks');
  if (!client.hasCredentials(settings)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.credentialsMissing(client.name));
  return client.balance(settings, options);
}

/** POST /action/download/article/: one article from the chosen source for the drawer's inputs. */
export async function downloadArticle(source: ArticleSource, inputInfo: string, saved: ArticleSourceSettings, seed: string, options?: ContentCallOptions): Promise<DownloadedArticle> {
  const parse = <T>(result: { ok: true; value: T } | { ok: false; message: string }): T => {
    if (!result.ok) throw invalid(result.message);
    return result.value;
  };
  switch (source) {
    case 'BuiltInArticleBuilder': {
      const input = parse(parseInputInfo(inputInfo, BuilderInputSchema));
      if (!BUILDER_CATEGORIES.some((c) => c.id === input.categoryId)) throw invalid(CONTENT_TOOLS_MESSAGES.categoryRequired);
      // On a content pool thread: the corpus and the synonyms take seconds to load the first time.
      return buildBuiltInArticle({ categoryId: input.categoryId, wordCount: input.wordCount, keywords: input.keywords, spin: input.spinArticle }, seed);
    }
    case 'ArticleBuilder': {
      // The category is one of Article Builder's own (GET /action/download/articlebuilder/categories), checked by the client.
      const input = parse(parseInputInfo(inputInfo, BuilderInputSchema));
      if (!articleBuilderClient.hasCredentials(saved)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noSourceCredentials(articleBuilderClient.name));
      return articleBuilderClient.download(input, saved, options);
    }
    case 'ArticleForge': {
      const input = parse(parseInputInfo(inputInfo, ArticleForgeInputSchema));
      if (!articleForgeClient.hasCredentials(saved)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noSourceCredentials(articleForgeClient.name));
      return articleForgeClient.download(input, saved, options);
    }
    case 'UltraSpinnableArticle':
      parse(parseInputInfo(inputInfo, UltraSpinnableInputSchema));
      return unsupported(source, 'article downloads');
    default:
      return unsupported(source, 'article downloads');
  }
}

/**
 * Kontent Machine's campaign list. Its public API reference (https://kontentmachine.com/api-reference/)
 * documents one POST to https://api.kontentmachine.com/, `method=getcontent` with `campaignid` and
 * `template` (templates Kontent Machine's support sets up per account), and no call that lists
 * campaigns or templates; so nothing is called and the answer (422) tells the user to type the
 * campaign ID and the template's name in the Download from campaign dialog.
 */
export function kontentMachineCampaigns(): never {
  throw new ContentServiceError('unsupported', CONTENT_TOOLS_MESSAGES.kmNoCampaignList);
}

/** POST /action/download/kmarticles/{groupId}: a campaign's articles through the Kontent Machine client. */
export async function downloadKontentMachineArticles(inputInfo: string, saved: ArticleSourceSettings, options?: ContentCallOptions): Promise<DownloadedArticle[]> {
  const parsed = parseInputInfo(inputInfo, KontentMachineInputSchema);
  if (!parsed.ok) throw invalid(parsed.message);
  const apiKey = saved.kontentMachine.apiKey;
  if (apiKey === '') throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noSourceCredentials('Kontent Machine'));
  return kontentMachineArticles(apiKey, parsed.value.campaignId, parsed.value.template, options);
}
