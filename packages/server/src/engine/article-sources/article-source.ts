import type { Options } from '@linkloom/shared';
import type { ContentCallOptions } from '../content-services/content-http';

/** The Content tab's credentials of every article source (options.articleSources). */
export type ArticleSourceSettings = Options['articleSources'];

export interface DownloadedArticle {
  title: string;
  body: string;
}

/**
 * A third-party article source client, written from the service's published API documentation:
 * the account's balance, and one article for the drawer's inputs (already validated), or a
 * ContentServiceError whose message a user can act on.
 */
export interface ArticleSourceClient<Input> {
  readonly name: string;
  readonly docUrl: string;
  hasCredentials(settings: ArticleSourceSettings): boolean;
  balance(settings: ArticleSourceSettings, options?: ContentCallOptions): Promise<string>;
  download(input: Input, settings: ArticleSourceSettings, options?: ContentCallOptions): Promise<DownloadedArticle>;
}
