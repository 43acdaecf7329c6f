import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArticleAuthorResponseSchema, ContentGroupListResponseSchema, ContentGroupResponseSchema, ContentGroupSummarySchema, OkResponseSchema,
  type ArticleAuthorBody, type ContentGroupSettings,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { contentKeys } from './content-keys';
import { DONE_TEXTS, countOf } from '@/lib/action-feedback';

/** GET /rest/content_groups */
export function useContentGroups() {
  return useQuery({
    queryKey: contentKeys.groups,
    queryFn: ({ signal }) => get('/rest/content_groups', { schema: ContentGroupListResponseSchema, signal }),
  });
}

/** GET /rest/content_group/{id}: the group, its article rows and (later) Kontent Machine campaigns. */
export function useContentGroup(id: number) {
  return useQuery({
    queryKey: contentKeys.group(id),
    queryFn: ({ signal }) => get(`/rest/content_group/${id}`, { schema: ContentGroupResponseSchema, signal, notFoundPage: true }),
  });
}

/** PUT /rest/content_groups */
export function useCreateContentGroup() {
  return useInvalidatingMutation(
    contentKeys.all,
    (name: string) => put('/rest/content_groups', { body: { name }, schema: ContentGroupSummarySchema }),
    (group) => DONE_TEXTS.created('Content group', group.name),
  );
}

/** POST /action/rename/content_group */
export function useRenameContentGroup() {
  return useInvalidatingMutation(
    contentKeys.all,
    (input: { id: number; name: string }) => post('/action/rename/content_group', { body: input, schema: OkResponseSchema }),
    (_, input) => DONE_TEXTS.renamed('Content group', input.name),
  );
}

/** DELETE /rest/content_groups */
export function useDeleteContentGroups() {
  return useInvalidatingMutation(contentKeys.all, (ids: number[]) => del('/rest/content_groups', { body: { ids }, schema: OkResponseSchema }),
    (_, ids) => DONE_TEXTS.deleted(ids.length, 'content group'));
}

/** POST /rest/content_groups: the auto-saved settings form. Only the group's own query refreshes. */
export function useSaveGroupSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ContentGroupSettings) => post('/rest/content_groups', { body: { id, ...settings }, schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.group(id) }),
  });
}

/** POST /rest/article_author/{groupId}: one author name and bio for the chosen articles. */
export function useSetArticleAuthor(groupId: number) {
  return useInvalidatingMutation(
    contentKeys.all,
    (body: ArticleAuthorBody) => post(`/rest/article_author/${groupId}`, { body, schema: ArticleAuthorResponseSchema }),
    (answer) => `Author set on ${countOf(answer.updated, 'article').toLowerCase()}`,
  );
}

/** DELETE /rest/article/{groupId} */
export function useDeleteArticles(groupId: number) {
  return useInvalidatingMutation(contentKeys.all, (ids: number[]) => del(`/rest/article/${groupId}`, { body: { ids }, schema: OkResponseSchema }),
    (_, ids) => DONE_TEXTS.deleted(ids.length, 'article'));
}
