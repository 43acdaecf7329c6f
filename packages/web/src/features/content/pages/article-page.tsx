import { Spin } from 'antd';
import { useParams } from 'react-router';
import { PathIdSchema } from '@linkloom/shared';
import { useArticle, type ArticleTarget } from '../api/articles-api';
import { ArticleEditor } from '../components/article-editor';
import { NotFoundResult } from '@/components/not-found-result';

/** /article/:id (an existing article) and /new-article/:id (a new one in the group with that id). */
export function ArticlePage({ mode }: { mode: 'article' | 'new' }) {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  const target: ArticleTarget = mode === 'article' ? { kind: 'article', id: parsed.data } : { kind: 'new', groupId: parsed.data };
  return <ArticleLoader key={`${mode}-${parsed.data}`} target={target} />;
}

function ArticleLoader({ target }: { target: ArticleTarget }) {
  const article = useArticle(target);
  if (article.isError) return <NotFoundResult />;
  if (!article.data) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} data-testid="article-loading" />;
  return <ArticleEditor data={article.data} />;
}
