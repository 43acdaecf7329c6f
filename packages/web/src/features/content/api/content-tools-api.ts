import { useMutation } from '@tanstack/react-query';
import {
  DownloadArticleResponseSchema, SpinArticleResponseSchema, type DownloadArticleBody, type SpinArticleBody,
} from '@linkloom/shared';
import { post } from '@/lib/http';

/** POST /action/download/article/: one article from an article source (nothing saved). */
export function useDownloadArticle() {
  return useMutation({
    mutationFn: (body: DownloadArticleBody) => post('/action/download/article/', { body, schema: DownloadArticleResponseSchema }),
  });
}

/** POST /action/spin/article/{groupId}: the editor's title and body spun (nothing saved). */
export function useSpinArticle(groupId: number) {
  return useMutation({
    mutationFn: (body: SpinArticleBody) => post(`/action/spin/article/${groupId}`, { body, schema: SpinArticleResponseSchema }),
  });
}
