import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArticleResponseSchema, SaveArticleResponseSchema, type ArticleResponse, type SaveArticleBody } from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { contentKeys } from './content-keys';

/** What the article screen opens: an existing article, or a new one in a group. */
export type ArticleTarget = { kind: 'article'; id: number } | { kind: 'new'; groupId: number };

/** GET /rest/article/{id} or GET /rest/new_article/{groupId}. */
export function useArticle(target: ArticleTarget) {
  const url = target.kind === 'article' ? `/rest/article/${target.id}` : `/rest/new_article/${target.groupId}`;
  return useQuery({
    queryKey: target.kind === 'article' ? contentKeys.article(target.id) : contentKeys.newArticle(target.groupId),
    queryFn: ({ signal }) => get(url, { schema: ArticleResponseSchema, signal, notFoundPage: true }),
    // The editor keeps what the user typed: never replace it behind their back.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** POST /rest/article: answers the article's id. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveArticleBody) => post('/rest/article', { body, schema: SaveArticleResponseSchema }),
    onSuccess: async ({ id }, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.groups }),
        queryClient.invalidateQueries({ queryKey: contentKeys.group(body.contentGroupId) }),
      ]);
      await queryClient.invalidateQueries({ queryKey: contentKeys.article(id) });
    },
  });
}

/**
 * A new article was created: its screen opens at once with what was saved (no loading spinner
 * between "New Article" and the article, nothing read twice).
 */
export function usePrimeCreatedArticle() {
  const queryClient = useQueryClient();
  return (data: ArticleResponse, id: number, saved: Pick<ArticleResponse['article'], 'title' | 'body' | 'authorName' | 'authorBio'>) => {
    queryClient.setQueryData<ArticleResponse>(contentKeys.article(id), { ...data, article: { ...data.article, ...saved, id } });
  };
}
