import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { UrlItemListQuery, UrlItemListResponse } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { SUCCESS_JSON_MEMBER } from '../../platform/http/success-envelope';
import { listedLinksAfter, type LinkListCursor } from './link-items.repository';

/** Rows read per query; exported for the test that crosses batch boundaries. */
export const LISTING_BATCH = 5000;
/** Rows per written piece: about 50 kB of JSON. */
const SLICE = 200;

/**
 * GET /rest/url_items/{id} without paging parameters: every link of the set (matching the filters,
 * sorted as asked) as the same JSON object a page is — written as it is read, in keyset batches of
 * 5,000 rows, so a million links neither sit in memory nor hold the database between batches (the
 * next batch is read only when the client has taken the last one). `total` comes last and counts
 * the links actually written.
 */
export function streamAllLinks(
  db: Kysely<DB>, dialect: DialectName, head: Pick<UrlItemListResponse, 'campaign' | 'urlList'>,
  query: Pick<UrlItemListQuery, 'url' | 'anchor' | 'sort' | 'order'>, urlListId: number,
): Readable {
  async function* parts(): AsyncGenerator<string> {
    yield `{"campaign":${JSON.stringify(head.campaign)},"urlList":${JSON.stringify(head.urlList)},"urls":[`;
    let written = 0;
    let cursor: LinkListCursor | null = null;
    for (;;) {
      const { json: rows, last } = await listedLinksAfter(db, dialect, urlListId, query, cursor, LISTING_BATCH);
      // Written in slices of a few dozen kB: a string past V8's large-object size (128 kB) goes to
      // the old generation and lives until a full collection, so whole-batch strings of 0.5 MB
      // made the server's memory climb by 100 MB over a million links.
      for (let start = 0; start < rows.length; start += SLICE) {
        const json = rows.slice(start, start + SLICE).join(',');
        yield written === 0 ? json : `,${json}`;
        written += Math.min(SLICE, rows.length - start);
      }
      if (rows.length < LISTING_BATCH || last === null) break;
      cursor = last;
    }
    yield `],"total":${written},${SUCCESS_JSON_MEMBER}}`;
  }
  // One batch waits at most: the next is read when the socket took the last.
  return Readable.from(parts(), { highWaterMark: 1 });
}
