import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AccountListResponse } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { SUCCESS_JSON_MEMBER } from '../../platform/http/success-envelope';
import { listedAccountsAfter, type AccountListCursor, type AccountListingRequest } from './accounts.repository';
import { presentAccount } from './accounts.presenter';

/** Rows read per query; exported for the test that crosses batch boundaries. */
export const ACCOUNT_LISTING_BATCH = 2000;
/** Rows per written piece: a few dozen kB of JSON (a string past 128 kB would go to V8's old generation). */
const SLICE = 200;

/**
 * GET /rest/accounts/{profileId} without paging parameters: every account of the profile (matching
 * the filters, sorted as asked) as the same JSON object a page is, written as it is read in keyset
 * batches, so a profile of a million accounts neither sits in memory nor holds the database between
 * batches (the next batch is read when the client took the last). `total` comes last and counts the
 * accounts written. The model is the link listing's (link-items/stream-all-links.ts).
 */
export function streamAllAccounts(
  db: Kysely<DB>, dialect: DialectName, head: Pick<AccountListResponse, 'campaign' | 'profile'>, request: AccountListingRequest, profileId: number,
): Readable {
  async function* parts(): AsyncGenerator<string> {
    yield `{"campaign":${JSON.stringify(head.campaign)},"profile":${JSON.stringify(head.profile)},"accounts":[`;
    let written = 0;
    let cursor: AccountListCursor | null = null;
    for (;;) {
      const { rows, read, last } = await listedAccountsAfter(db, dialect, profileId, request, cursor, ACCOUNT_LISTING_BATCH);
      for (let start = 0; start < rows.length; start += SLICE) {
        const json = rows.slice(start, start + SLICE).map((row) => JSON.stringify(presentAccount(row))).join(',');
        yield written === 0 ? json : `,${json}`;
        written += Math.min(SLICE, rows.length - start);
      }
      if (read < ACCOUNT_LISTING_BATCH || last === null) break;
      cursor = last;
    }
    yield `],"total":${written},${SUCCESS_JSON_MEMBER}}`;
  }
  // One batch waits at most: the next is read when the socket took the last.
  return Readable.from(parts(), { highWaterMark: 1 });
}
