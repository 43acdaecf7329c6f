import type { Article, ArticleSummary, ContentGroup, ContentGroupSummary } from '@linkloom/shared';
import type { ArticleRow, ArticleSummaryRow } from './articles.repository';
import type { ContentGroupRow } from './content-groups.repository';

/** Row → a line of the content group list. */
export function presentContentGroupSummary(row: ContentGroupRow): ContentGroupSummary {
  return { id: row.id, name: row.name, count: row.count };
}

/** Row → a content group with its settings. */
export function presentContentGroup(row: ContentGroupRow): ContentGroup {
  return {
    ...presentContentGroupSummary(row),
    wordsNottobeChanged: row.words_not_to_be_changed,
    maxUsagePerArticle: row.max_usage_per_article,
  };
}

/** Row → a line of a group's article table. */
export function presentArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return { id: row.id, title: row.title, usageCount: row.usage_count, authorMissing: row.author_missing };
}

/** Row → the article as the editor shows it. */
export function presentArticle(row: ArticleRow): Article {
  return {
    id: row.id, title: row.title, body: row.body, authorName: row.author_name, authorBio: row.author_bio, usageCount: row.usage_count,
  };
}

/** The empty article a new-article screen starts from. */
export const EMPTY_ARTICLE: Article = { id: null, title: '', body: '', authorName: '', authorBio: '', usageCount: 0 };
