/**
 * Whether a listing asked for one page: whether the client sent page or pageSize at all. The
 * validated query has its defaults filled in, so this reads the query string as it came. Listings
 * without either answer every row (streamed): clients written for the original read them so, and
 * a default page size would cut their answer silently.
 */
export function asksForPage(url: string): boolean {
  const queryStart = url.indexOf('?');
  const search = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  return search.has('page') || search.has('pageSize');
}
