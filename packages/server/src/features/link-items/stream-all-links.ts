import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { UrlItemListQuery, UrlItemListResponse } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { SUCCESS_JSON_MEMBER } from '../../platform/http/success-envelope';
import { presentLink } from './link-items.presenter';
import { sortedLinksAfter, type LinkListCursor } from './link-items.repository';

const BATCH = 2000;

/**
 * GET /rest/url_items/{id} without paging parameters: every link of the set (matching the filters,
 * sorted as asked) as the same JSON object a page is — written as it is read, in keyset batches of
 * 2,000 rows, so a million links neither sit in memory nor hold the database between batches (the
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
      const { rows, last } = await sortedLinksAfter(db, dialect, urlListId, query, cursor, BATCH);
      if (rows.length > 0) {
        const json = rows.map((row) => JSON.stringify(presentLink(row))).join(',');
        yield written === 0 ? json : `,${json}`;
        written += rows.length;
      }
      if (rows.length < BATCH || last === null) break;
      cursor = last;
    }
    yield `],"total":${written},${SUCCESS_JSON_MEMBER}}`;
  }
  return Readable.from(parts());
}
