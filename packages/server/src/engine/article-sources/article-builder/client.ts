/**
 * Article Builder client, from its published API (http://articlebuilder.net/api.php, the API page
 * of the members' area, with its example code): form POSTs to api.php with `action` and
 * `format=json`. `authenticate` (username, password) answers `{success: "true", session}` (good
 * for 24 hours) or `{success: "false", error}`; `categories` (session) answers Article Builder's
 * own category names in `output`; `buildArticle` (session, category by name, subtopics one per
 * line, wordcount, superspun 0|1) answers the article in `output`; `apiQuota` (session) answers the
 * articles left today in `output`. The article's first line is its title.
 *
 * The drawer offers Article Builder's categories (not the built-in builder's): category ids are
 * positions in that list, 1 first, and a download reads the list again in the same session to send
 * the name Article Builder knows.
 */
import { CONTENT_TOOLS_MESSAGES, type BuilderCategoryOption, type BuilderInput } from '@linkloom/shared';
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { ArticleSourceClient, ArticleSourceSettings } from '../article-source';

const NAME = 'Article Builder';
const ENDPOINT = 'http://articlebuilder.net/api.php';

/** Article Builder's input: the category is a position in its own category list (1 first). */
export type ArticleBuilderInput = BuilderInput;

async function exchange(fields: Record<string, string>, options?: ContentCallOptions): Promise<unknown> {
  const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(ENDPOINT), { ...fields, format: 'json' }, options));
  if (json.success === 'true' || json.success === true) return json.output ?? json.session ?? '';
  const words = typeof json.error === 'string' ? json.error : 'no reason given';
  if (/auth|login|password|user/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the username or password (${words}): check them in Options → Content`);
  if (/quota|limit|exceed/i.test(words)) throw new ContentServiceError('quota', `${NAME} has no articles left today (${words})`);
  throw new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
}

async function call(fields: Record<string, string>, options?: ContentCallOptions): Promise<string> {
  return String(await exchange(fields, options));
}

const session = (s: ArticleSourceSettings, options?: ContentCallOptions) =>
  call({ action: 'authenticate', username: s.articleBuilder.username, password: s.articleBuilder.password }, options);

/** The category names `categories` answers: a list, or an object whose values are the names. */
async function categoryNames(sessionId: string, options?: ContentCallOptions): Promise<string[]> {
  const output = await exchange({ action: 'categories', session: sessionId }, options);
  const values: unknown[] = Array.isArray(output) ? output : typeof output === 'object' && output !== null ? Object.values(output) : [];
  const names = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (names.length === 0) throw new ContentServiceError('rejected', `${NAME} answered no categories`);
  return names;
}

/** Article Builder's categories for the drawer: ids are positions in its list, 1 first. */
export async function articleBuilderCategories(settings: ArticleSourceSettings, options?: ContentCallOptions): Promise<BuilderCategoryOption[]> {
  const names = await categoryNames(await session(settings, options), options);
  return names.map((name, i) => ({ id: i + 1, name }));
}

export const articleBuilderClient: ArticleSourceClient<ArticleBuilderInput> = {
  name: NAME,
  docUrl: 'http://articlebuilder.net/api.php',
  hasCredentials: (s) => s.articleBuilder.username !== '' && s.articleBuilder.password !== '',
  async balance(settings, options) {
    const id = await session(settings, options);
    return `${await call({ action: 'apiQuota', session: id }, options)} articles left today`;
  },
  async download(input, settings, options) {
    const id = await session(settings, options);
    const category = (await categoryNames(id, options))[input.categoryId - 1];
    if (category === undefined) throw new ContentServiceError('rejected', CONTENT_TOOLS_MESSAGES.categoryRequired);
    const subtopics = input.keywords.split(/[,\r\n]+/).map((k) => k.trim()).filter((k) => k !== '').join('\n');
    const text = (await call({
      action: 'buildArticle', session: id, category, subtopics, wordcount: String(input.wordCount), superspun: input.spinArticle ? '1' : '0',
    }, options)).trim();
    if (text === '') throw new ContentServiceError('rejected', `${NAME} answered an empty article`);
    const [first, ...rest] = text.split('\n');
    return rest.length > 0 ? { title: first!.trim(), body: rest.join('\n').trim() } : { title: category, body: text };
  },
};
