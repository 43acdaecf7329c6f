/**
 * Article Builder client, from its published API (http://articlebuilder.net/api.php, the API page
 * of the members' area): form POSTs to api.php with `action` and `format=json`. `authenticate`
 * (username, password) answers `{success: "true", session}` (good for 24 hours) or
 * `{success: "false", error}`; `buildArticle` (session, category, subtopics one per line,
 * wordcount, superspun 0|1) answers the article in `output`; `apiQuota` (session) answers the
 * articles left today in `output`. The article's first line is its title.
 */
import type { BuilderInput } from '@linkloom/shared';
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { ArticleSourceClient, ArticleSourceSettings } from '../article-source';

const NAME = 'Article Builder';
const ENDPOINT = 'http://articlebuilder.net/api.php';

/** Article Builder's input: the category by name (its API takes the name). */
export type ArticleBuilderInput = BuilderInput & { category: string };

async function call(fields: Record<string, string>, options?: ContentCallOptions): Promise<string> {
  const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(ENDPOINT), { ...fields, format: 'json' }, options));
  if (json.success === 'true' || json.success === true) return String(json.output ?? json.session ?? '');
  const words = typeof json.error === 'string' ? json.error : 'no reason given';
  if (/auth|login|password|user/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the username or password (${words}): check them in Options → Content`);
  if (/quota|limit|exceed/i.test(words)) throw new ContentServiceError('quota', `${NAME} has no articles left today (${words})`);
  throw new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
}

const session = (s: ArticleSourceSettings, options?: ContentCallOptions) =>
  call({ action: 'authenticate', username: s.articleBuilder.username, password: s.articleBuilder.password }, options);

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
    const subtopics = input.keywords.split(/[,\r\n]+/).map((k) => k.trim()).filter((k) => k !== '').join('\n');
    const text = (await call({
      action: 'buildArticle', session: id, category: input.category, subtopics, wordcount: String(input.wordCount), superspun: input.spinArticle ? '1' : '0',
    }, options)).trim();
    if (text === '') throw new ContentServiceError('rejected', `${NAME} answered an empty article`);
    const [first, ...rest] = text.split('\n');
    return rest.length > 0 ? { title: first!.trim(), body: rest.join('\n').trim() } : { title: input.category, body: text };
  },
};
