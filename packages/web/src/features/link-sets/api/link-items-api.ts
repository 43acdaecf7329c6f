import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  LinkCheckHistoryResponseSchema, LinkImportResultSchema, LinkSetDetailSchema, UrlItemDeleteResponseSchema, UrlItemListResponseSchema, UrlItemResponseSchema,
  type LinkSetKeywords, type UrlItemInput, type UrlItemListQuery,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { linkItemKeys } from './link-item-keys';

/** `?page=…&sort=…` of a list request; empty filters are left out. */
export function linkListSearch(query: UrlItemListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `?${params.toString()}`;
}

/** GET /rest/url_items/{id}: one page of links with the campaign and the link set; the previous page stays while the next loads. */
export function useLinkPage(linkSetId: number, query: UrlItemListQuery) {
  return useQuery({
    queryKey: linkItemKeys.page(linkSetId, query),
    queryFn: ({ signal }) => get(`/rest/url_items/${linkSetId}${linkListSearch(query)}`, { schema: UrlItemListResponseSchema, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /rest/url_item/{id}/checks: a link's check history, newest first, and its next check (loaded when its row is opened). */
export function useLinkChecks(linkSetId: number, linkId: number) {
  return useQuery({
    queryKey: linkItemKeys.checks(linkSetId, linkId),
    queryFn: ({ signal }) => get(`/rest/url_item/${linkId}/checks`, { schema: LinkCheckHistoryResponseSchema, signal }),
  });
}

/** POST /rest/url_item/{id}: adds a link (no id) or saves the link with that id. */
export function useSaveLink(linkSetId: number) {
  return useInvalidatingMutation(
    linkItemKeys.linkSet(linkSetId),
    (body: UrlItemInput) => post(`/rest/url_item/${linkSetId}`, { body, schema: UrlItemResponseSchema }),
  );
}

/** PUT /rest/url_items/{id}: the batch text; refused lines come back numbered. */
export function useAddLinkBatch(linkSetId: number) {
  return useInvalidatingMutation(
    linkItemKeys.linkSet(linkSetId),
    (links: string) => put(`/rest/url_items/${linkSetId}`, { body: { links }, schema: LinkImportResultSchema }),
  );
}

/** DELETE /rest/url_items/{id} with the ids of the selected links. */
export function useDeleteLinks(linkSetId: number) {
  return useInvalidatingMutation(
    linkItemKeys.linkSet(linkSetId),
    (ids: number[]) => del(`/rest/url_items/${linkSetId}`, { body: { ids }, schema: UrlItemDeleteResponseSchema }),
  );
}

/** POST /rest/url_list_keyword/{id}: the Keywords tab. */
export function useSaveKeywords(linkSetId: number) {
  return useInvalidatingMutation(
    linkItemKeys.linkSet(linkSetId),
    (body: LinkSetKeywords) => post(`/rest/url_list_keyword/${linkSetId}`, { body, schema: z.object({ urlList: LinkSetDetailSchema }) }),
  );
}
